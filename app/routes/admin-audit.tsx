// /admin/audit: the audit trail, newest first, filtered by target; read only —
// the console has no way to change or remove an entry.
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { AdminPage, cell, DataTable, Empty, Pager, When } from "#app/components/admin/page.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { requireOperator } from "#app/routing/guards.server.ts";
import { auditFilterSchema, auditTargetTypes } from "#app/schemas/admin.ts";
import { auditTrail } from "#app/server/operators/audit.ts";
import type { Route } from "./+types/admin-audit";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = requireOperator(context, "audit.view");
  const { targetType, targetId, page } = auditFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return {
    filter: { type: targetType ?? "", id: targetId ?? "" },
    ...(await auditTrail(app, { targetType, targetId, page })),
    title: getI18n(context).t("admin:audit.title"),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

const show = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value, null, 1));

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { entries, filter, page, hasMore } = loaderData;
  const href = (n: number) => `?${new URLSearchParams({ ...filter, page: String(n) })}`;
  return (
    <AdminPage title={t("audit.title")}>
      <Form method="get" className="card flex flex-wrap items-end gap-3 p-4">
        <div>
          <label htmlFor="audit-type" className="field-label">
            {t("audit.targetType")}
          </label>
          <select id="audit-type" name="type" defaultValue={filter.type} className="field-input">
            <option value="">{t("audit.anyTarget")}</option>
            {auditTargetTypes.map((type) => (
              <option key={type} value={type}>
                {t(`audit.targets.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-id" className="field-label">
            {t("audit.targetId")}
          </label>
          <input id="audit-id" name="id" defaultValue={filter.id} className="field-input" />
        </div>
        <button type="submit" className="btn-primary">
          {t("audit.filter")}
        </button>
      </Form>
      {entries.length === 0 ? (
        <Empty>{t("audit.empty")}</Empty>
      ) : (
        <div className="card p-3">
          <DataTable
            caption={t("audit.title")}
            head={[t("members.when"), t("audit.operator"), t("audit.action"), t("audit.target"), t("audit.change")]}
          >
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="audit-entry">
                <td className={cell}>
                  <When at={entry.createdAt} />
                </td>
                <td className={cell}>
                  {entry.operator.email}
                  <span className="block text-xs text-muted">{t(`roles.${entry.operator.role}`)}</span>
                </td>
                <td className={`${cell} font-mono`}>{entry.action}</td>
                <td className={cell}>
                  {t(`audit.targets.${entry.targetType}`, { defaultValue: entry.targetType })} {entry.targetId}
                </td>
                <td className={cell}>
                  {(entry.before !== null || entry.after !== null) && (
                    <details>
                      <summary className="cursor-pointer text-xs text-muted">{t("audit.showChange")}</summary>
                      <div className="grid gap-2 text-xs md:grid-cols-2">
                        <pre className="max-h-64 overflow-auto rounded bg-danger/5 p-2">{show(entry.before)}</pre>
                        <pre className="max-h-64 overflow-auto rounded bg-success/5 p-2">{show(entry.after)}</pre>
                      </div>
                    </details>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
          <Pager page={page} hasMore={hasMore} href={href} />
        </div>
      )}
    </AdminPage>
  );
}
