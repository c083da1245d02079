// /admin/moderation/reports: reported profiles and messages — the reported
// message shown with the few before it — to dismiss, or to mark as acted on
// (after banning the member or rejecting a photo on their page).
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { AdminPage, Empty, StatusBadge, When } from "#app/components/admin/page.tsx";
import { FormMessage } from "#app/components/forms/fields.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { requireOperator } from "#app/routing/guards.server.ts";
import { reportDecisionSchema } from "#app/schemas/admin.ts";
import { type ReportStatus, reportStatuses } from "#app/schemas/enums.ts";
import { decideReport, reportQueue } from "#app/server/reports/moderation.ts";
import type { Route } from "./+types/admin-moderation-reports";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = requireOperator(context, "reports.handle");
  const asked = new URL(request.url).searchParams.get("status");
  const status = (reportStatuses as readonly string[]).includes(asked ?? "") ? (asked as ReportStatus) : "open";
  return { status, reports: await reportQueue(app, status), title: getI18n(context).t("admin:reports.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = requireOperator(context, "reports.handle");
  const submission = parseWithZod(await request.formData(), { schema: reportDecisionSchema });
  if (submission.status !== "success") return rejected(submission);
  return withDomainErrors(submission, getI18n(context).t, async () => ({
    decided: submission.value.report,
    ...(await decideReport(app, submission.value)),
  }));
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function Reports({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const decided = actionData && "decided" in actionData ? actionData : null;
  return (
    <AdminPage title={t("reports.title")}>
      <nav aria-label={t("reports.filter")} className="flex flex-wrap gap-2">
        {reportStatuses.map((status) => (
          <Link
            key={status}
            to={`?status=${status}`}
            className={status === loaderData.status ? "btn-primary min-h-9" : "btn-outline min-h-9"}
            aria-current={status === loaderData.status ? "page" : undefined}
          >
            {t(`statuses.${status}`)}
          </Link>
        ))}
      </nav>
      {decided && <FormMessage tone="success">{t("reports.decided", { id: decided.decided })}</FormMessage>}
      {loaderData.reports.length === 0 ? (
        <Empty>{t("reports.empty")}</Empty>
      ) : (
        <ul className="space-y-4">
          {loaderData.reports.map((report) => (
            <li key={report.id} className="card space-y-3 p-4" data-testid={`report-${report.id}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">
                  {t(`reportReasons.${report.reason}`)} ·{" "}
                  <Link to={`/admin/members/${report.member.id}`} className="text-primary hover:underline">
                    {report.member.name} (#{report.member.id})
                  </Link>{" "}
                  <StatusBadge status={report.member.status} />
                </p>
                <p className="text-xs text-muted">
                  {t("reports.by", { name: report.reporter.name ?? t("reports.unknownReporter") })} ·{" "}
                  <When at={report.createdAt} />
                </p>
              </div>
              {report.text && <p className="text-sm whitespace-pre-line">{report.text}</p>}
              {report.messages.length > 0 && (
                <ol className="space-y-1 rounded-lg bg-surface p-3 text-sm" aria-label={t("reports.conversation")}>
                  {report.messages.map((m) => (
                    <li
                      key={m.seq}
                      className={m.reported ? "rounded border-l-4 border-danger bg-danger/5 p-2 font-medium" : "p-2"}
                    >
                      <span className="text-xs text-muted">
                        {m.senderId === report.member.id ? report.member.name : t("reports.otherMember")} ·{" "}
                        <When at={m.createdAt} />
                      </span>
                      <p className="whitespace-pre-line">
                        {m.kind === "text"
                          ? m.text
                          : m.kind === "gift"
                            ? t("reports.gift", { gift: m.gift })
                            : t("reports.photo")}
                      </p>
                    </li>
                  ))}
                </ol>
              )}
              {report.status === "open" && (
                <Form method="post" className="flex flex-wrap gap-2">
                  <input type="hidden" name="report" value={report.id} />
                  <button type="submit" name="decision" value="dismiss" className="btn-outline">
                    {t("reports.dismiss")}
                  </button>
                  <button type="submit" name="decision" value="action" className="btn-primary">
                    {t("reports.action")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
