// /admin/notices: the notices anyone filed on /notice, oldest first, and the
// decision on each: reject the photo, ban the member, or no action, with the
// clause and facts the statements of reasons carry.
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { NoticeCard, NoticeDecided } from "#app/components/admin/notice-card.tsx";
import { AdminPage, Empty } from "#app/components/admin/page.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { withDomainErrors } from "#app/routing/forms.server.ts";
import { requireOperator } from "#app/routing/guards.server.ts";
import { noticeDecisionSchema } from "#app/schemas/notices.ts";
import { decideNotice } from "#app/server/notices/decide.ts";
import { noticeQueue } from "#app/server/notices/queue.ts";
import type { Route } from "./+types/admin-notices";

export async function loader({ context }: Route.LoaderArgs) {
  const app = requireOperator(context, "notices.handle");
  return { notices: await noticeQueue(app), title: getI18n(context).t("admin:notices.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = requireOperator(context, "notices.handle");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: noticeDecisionSchema });
  const notice = Number(formData.get("notice"));
  if (submission.status !== "success") {
    return data({ result: submission.reply({ formErrors: ["errors:invalidInput"] }), notice }, { status: 400 });
  }
  return withDomainErrors(
    submission,
    getI18n(context).t,
    async () => {
      await decideNotice(app, submission.value);
      return { result: submission.reply({ resetForm: true }), notice, decided: true };
    },
    { extra: { notice } },
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function Notices({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const decided = actionData && "decided" in actionData;
  return (
    <AdminPage title={t("notices.title")}>
      <p className="text-sm text-muted">{t("notices.intro")}</p>
      {decided && <NoticeDecided />}
      {loaderData.notices.length === 0 ? (
        <Empty>{t("notices.empty")}</Empty>
      ) : (
        <ul className="space-y-4">
          {loaderData.notices.map((notice) => (
            <NoticeCard
              key={notice.id}
              notice={notice}
              lastResult={
                !decided && actionData && "notice" in actionData && actionData.notice === notice.id
                  ? actionData.result
                  : undefined
              }
            />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
