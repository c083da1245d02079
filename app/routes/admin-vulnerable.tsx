// /admin/vulnerable: the members with signs of vulnerability nobody reviewed
// yet (spending, words of distress, an operator's flag), each with what was
// seen, when and where; "reviewed" lifts the cap on their paid messages to
// fictional profiles (the ACM's care for vulnerable members of chat sites).
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { AdminPage, Empty } from "#app/components/admin/page.tsx";
import { type Reviewed, VulnerableMemberCard } from "#app/components/admin/vulnerable-member.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { type ActionAnswer, rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { requireOperator } from "#app/routing/guards.server.ts";
import { vulnerableReviewSchema } from "#app/schemas/vulnerable.ts";
import { reviewVulnerable, vulnerableMembers } from "#app/server/fictional/vulnerable.ts";
import type { Route } from "./+types/admin-vulnerable";

export async function loader({ context }: Route.LoaderArgs) {
  const app = requireOperator(context, "vulnerability.review");
  return { members: await vulnerableMembers(app), title: getI18n(context).t("admin:vulnerable.title") };
}

type Reply = Reviewed | { result: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs): ActionAnswer<Reply> {
  const app = requireOperator(context, "vulnerability.review");
  const submission = parseWithZod(await request.formData(), { schema: vulnerableReviewSchema });
  if (submission.status !== "success") return rejected(submission);
  return withDomainErrors(submission, getI18n(context).t, async () => ({
    member: submission.value.member,
    ...(await reviewVulnerable(app, submission.value)),
  }));
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function Vulnerable({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const reviewed = actionData && "reviewed" in actionData ? actionData : null;
  return (
    <AdminPage title={t("vulnerable.title")}>
      <p className="text-sm text-muted">{t("vulnerable.intro")}</p>
      {reviewed && (
        <p role="status" className="text-sm font-semibold text-success" data-testid="vulnerable-reviewed">
          {t("vulnerable.reviewed")}
        </p>
      )}
      {loaderData.members.length === 0 ? (
        <Empty>{t("vulnerable.empty")}</Empty>
      ) : (
        <ul className="space-y-4">
          {loaderData.members.map((member) => (
            <VulnerableMemberCard key={member.memberId} member={member} />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
