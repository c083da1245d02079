// /admin/members: find a member by e-mail address, profile name or id.
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { AdminPage, cell, DataTable, Empty, StatusBadge, When } from "#app/components/admin/page.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { requireOperator } from "#app/routing/guards.server.ts";
import { memberSearchSchema } from "#app/schemas/admin.ts";
import { searchMembers } from "#app/server/operators/members.ts";
import type { Route } from "./+types/admin-members";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = requireOperator(context, "members.view");
  const parsed = memberSearchSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const q = parsed.success ? (parsed.data.q ?? "") : "";
  return { q, members: await searchMembers(app, q), title: getI18n(context).t("admin:members.title") };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { q, members } = loaderData;
  return (
    <AdminPage title={t("members.title")}>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        <div className="min-w-64 flex-1">
          <label htmlFor="member-q" className="field-label">
            {t("members.search")}
          </label>
          <input id="member-q" name="q" type="search" defaultValue={q} className="field-input" />
        </div>
        <button type="submit" className="btn-primary">
          {t("members.find")}
        </button>
      </Form>
      {q && members.length === 0 && <Empty>{t("members.none")}</Empty>}
      {members.length > 0 && (
        <div className="card p-3">
          <DataTable
            caption={t("members.title")}
            head={[
              t("members.id"),
              t("members.name"),
              t("members.email"),
              t("members.status"),
              t("members.domain"),
              t("members.credits"),
              t("members.signup"),
            ]}
          >
            {members.map((m) => (
              <tr key={m.id}>
                <td className={cell}>{m.id}</td>
                <td className={cell}>
                  <Link to={`/admin/members/${m.id}`} className="font-semibold text-primary hover:underline">
                    {m.name}
                  </Link>
                  {m.fictional && <span className="ms-1 text-xs text-muted">({t("members.fictional")})</span>}
                </td>
                <td className={cell}>{m.email}</td>
                <td className={cell}>
                  <StatusBadge status={m.status} />
                </td>
                <td className={cell}>{m.domain}</td>
                <td className={cell}>{m.credits}</td>
                <td className={cell}>
                  <When at={m.signupDate} time={false} />
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </AdminPage>
  );
}
