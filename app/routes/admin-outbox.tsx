// /admin/outbox: mail and texts that did not go out — overdue, being retried,
// given up — with counts and the latest error per channel, and a retry of a
// failed or overdue one (audited).
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { AdminPage, cell, DataTable, Empty, Panel, StatusBadge, When } from "#app/components/admin/page.tsx";
import { FormMessage } from "#app/components/forms/fields.tsx";
import { formatNumber } from "#app/i18n/format.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { type ActionAnswer, rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { requireOperator } from "#app/routing/guards.server.ts";
import { outboxRetrySchema } from "#app/schemas/admin.ts";
import { outboxOverview, retryDelivery } from "#app/server/operators/outbox.ts";
import type { Route } from "./+types/admin-outbox";

export async function loader({ context }: Route.LoaderArgs) {
  const app = requireOperator(context, "outbox.handle");
  return { ...(await outboxOverview(app)), title: getI18n(context).t("admin:outbox.title") };
}

type Answer = { retried?: { channel: string; id: number }; result?: { error?: Record<string, string[] | null> } };

export async function action({ request, context }: Route.ActionArgs): ActionAnswer<Answer> {
  const app = requireOperator(context, "outbox.handle");
  const submission = parseWithZod(await request.formData(), { schema: outboxRetrySchema });
  if (submission.status !== "success") return rejected(submission);
  return withDomainErrors(submission, getI18n(context).t, async () => {
    await retryDelivery(app, submission.value);
    return { retried: submission.value };
  });
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function Outbox({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { stuck, overdueAfterMs, keptForDays } = loaderData;
  return (
    <AdminPage title={t("outbox.title")}>
      <p className="text-sm text-muted">{t("outbox.intro", { minutes: overdueAfterMs / 60_000 })}</p>
      <p className="text-sm text-muted">{t("outbox.keptFor", { days: keptForDays })}</p>
      {answer?.retried && <FormMessage tone="success">{t("outbox.retried")}</FormMessage>}
      {answer?.result?.error?.[""] && <FormMessage>{answer.result.error[""].join(" ")}</FormMessage>}
      <div className="grid gap-4 md:grid-cols-2">
        <Summary channel="mail" counts={loaderData.mail} />
        <Summary channel="sms" counts={loaderData.sms} />
      </div>
      {stuck.length === 0 ? (
        <Empty>{t("outbox.none")}</Empty>
      ) : (
        <div className="card p-3">
          <DataTable
            caption={t("outbox.listCaption")}
            head={[
              t("outbox.channel"),
              t("outbox.to"),
              t("outbox.state"),
              t("outbox.attempts"),
              t("outbox.nextAttempt"),
              t("outbox.error"),
              t("outbox.created"),
              "",
            ]}
          >
            {stuck.map((row) => (
              <tr key={`${row.channel}-${row.id}`} data-testid={`outbox-${row.channel}-${row.id}`}>
                <td className={cell}>
                  {t(`outbox.${row.channel}`)}
                  <span className="block text-xs text-muted">{row.subject || t("outbox.smsCode")}</span>
                </td>
                <td className={`${cell} break-all`}>{row.to}</td>
                <td className={cell}>
                  <StatusBadge status={row.state} />
                </td>
                <td className={cell}>{row.attempts}</td>
                <td className={cell}>{row.state === "failed" ? "–" : <When at={row.nextAttemptAt} />}</td>
                <td className={`${cell} max-w-xs text-xs break-words`}>{row.lastError ?? "–"}</td>
                <td className={cell}>
                  <When at={row.createdAt} />
                </td>
                <td className={cell}>
                  {row.state !== "retrying" && (
                    <Form method="post">
                      <input type="hidden" name="channel" value={row.channel} />
                      <input type="hidden" name="id" value={row.id} />
                      <button type="submit" className="btn-outline min-h-9 px-3">
                        {t("outbox.retry")}
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </AdminPage>
  );
}

function Summary({
  channel,
  counts,
}: {
  channel: "mail" | "sms";
  counts: { overdue: number; retrying: number; failed: number; latestError: string | null };
}) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  return (
    <Panel title={t(`outbox.${channel}`)} id={`outbox-${channel}`}>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {(["overdue", "retrying", "failed"] as const).map((state) => (
          <div key={state} className="rounded-lg bg-line/40 p-2">
            <dt className="text-xs text-muted">{t(`statuses.${state}`)}</dt>
            <dd className="text-2xl font-bold" data-testid={`outbox-${channel}-${state}`}>
              {formatNumber(counts[state], locale)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm">
        <span className="font-semibold">{t("outbox.latestError")}: </span>
        <span className="break-words">{counts.latestError ?? t("outbox.noError")}</span>
      </p>
    </Panel>
  );
}
