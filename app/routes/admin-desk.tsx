// /admin/desk: the chat desk's queue — members waiting for a fictional
// profile's answer, newest first, how long they wait, their language, and who
// already answers; refreshed every half minute while open.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useRevalidator } from "react-router";
import { DeskWaiting, LanguageName } from "#app/components/admin/desk-time.tsx";
import { AdminPage, cell, DataTable, Empty, Pager } from "#app/components/admin/page.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { requireOperator } from "#app/routing/guards.server.ts";
import { deskQueue } from "#app/server/desk/queue.ts";
import type { Route } from "./+types/admin-desk";

const REFRESH_MS = 30_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = requireOperator(context, "desk");
  const params = new URL(request.url).searchParams;
  const domain = params.get("domain")?.trim().slice(0, 253) || null;
  const page = Math.min(10_000, Math.max(1, Number(params.get("page")) || 1));
  return {
    ...(await deskQueue(app, { domain, page })),
    now: app.now(),
    title: getI18n(context).t("admin:desk.title"),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function Desk({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { conversations, page, hasMore, domain, now } = loaderData;
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  const href = (n: number) => `?${new URLSearchParams({ ...(domain ? { domain } : {}), page: String(n) })}`;
  return (
    <AdminPage title={t("desk.title")}>
      <p className="text-sm text-muted">{t("desk.intro")}</p>
      <Form method="get" className="card flex flex-wrap items-end gap-3 p-4">
        <div>
          <label htmlFor="desk-domain" className="field-label">
            {t("desk.domain")}
          </label>
          <input
            id="desk-domain"
            name="domain"
            defaultValue={domain ?? ""}
            placeholder={t("desk.allDomains")}
            className="field-input"
          />
        </div>
        <button type="submit" className="btn-primary">
          {t("desk.show")}
        </button>
      </Form>
      {conversations.length === 0 ? (
        <Empty>{t("desk.empty")}</Empty>
      ) : (
        <div className="card p-3">
          <DataTable
            caption={t("desk.title")}
            head={[
              t("desk.columns.member"),
              t("desk.columns.profile"),
              t("desk.columns.language"),
              t("desk.columns.waiting"),
              t("desk.columns.claim"),
              "",
            ]}
          >
            {conversations.map((row) => (
              <tr key={row.conversationId} data-testid={`desk-conversation-${row.conversationId}`}>
                <td className={cell}>
                  <span className="font-semibold">{row.member.name}</span>
                  <span className="block text-xs text-muted">{row.member.domain}</span>
                </td>
                <td className={cell}>{row.fictional.name}</td>
                <td className={cell}>
                  <LanguageName code={row.member.language} />
                </td>
                <td className={cell}>
                  <DeskWaiting since={row.waitingSince} now={now} />
                </td>
                <td className={cell}>
                  {row.heldBy ? (
                    t("desk.heldBy", { name: row.heldBy })
                  ) : (
                    <span className="text-muted">{t("desk.free")}</span>
                  )}
                </td>
                <td className={cell}>
                  <Link className="btn-outline min-h-9" to={`/admin/desk/${row.conversationId}`}>
                    {t("desk.open")}
                  </Link>
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
