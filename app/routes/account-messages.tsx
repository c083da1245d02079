// /account/messages, "Messages from the team": every statement of reasons
// about the member, newest first, each with its one free appeal (or the
// appeal's state and outcome).
import { parseWithZod } from "@conform-to/zod/v4";
import { TeamMessages } from "#app/components/decisions/statement-list.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import { appealSchema } from "#app/schemas/decisions.ts";
import { fileAppeal, statementsFor } from "#app/server/decisions/appeals.ts";
import type { Route } from "./+types/account-messages";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { app, member } = requireMember(context, request);
  return {
    statements: await statementsFor(app, { member: member.id }),
    title: getI18n(context).t("decisions:page.title"),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { app, member } = requireMember(context, request);
  const submission = parseWithZod(await request.formData(), { schema: appealSchema });
  if (submission.status !== "success") return rejected(submission);
  const extra = { decision: submission.value.decision };
  return withDomainErrors(
    submission,
    getI18n(context).t,
    async () => {
      await fileAppeal(app, { member: member.id }, submission.value);
      return { ...extra, filed: true, result: submission.reply({ resetForm: true }) };
    },
    { extra },
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function AccountMessages({ loaderData, actionData }: Route.ComponentProps) {
  return <TeamMessages statements={loaderData.statements} reply={actionData} />;
}
