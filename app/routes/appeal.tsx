// /appeal?token=…: the statements of reasons mailed to one address, for who
// cannot log in to read them (a reporter without an account, a banned
// member), each with its one free appeal. The link's signature is the key.
import { parseWithZod } from "@conform-to/zod/v4";
import { TeamMessages } from "#app/components/decisions/statement-list.tsx";
import { requestContext } from "#app/context.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { orErrorPage, rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { appealSchema } from "#app/schemas/decisions.ts";
import { appellantOfToken, fileAppeal, statementsFor } from "#app/server/decisions/appeals.ts";
import type { Route } from "./+types/appeal";

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  const t = getI18n(context).t;
  const statements = await orErrorPage(t, async () =>
    statementsFor(app, await appellantOfToken(app, tokenOf(request))),
  );
  return { statements, title: t("decisions:page.title") };
}

export async function action({ context, request }: Route.ActionArgs) {
  const app = context.get(requestContext);
  const submission = parseWithZod(await request.formData(), { schema: appealSchema });
  if (submission.status !== "success") return rejected(submission);
  const extra = { decision: submission.value.decision };
  return withDomainErrors(
    submission,
    getI18n(context).t,
    async () => {
      await fileAppeal(app, await appellantOfToken(app, tokenOf(request)), submission.value);
      return { ...extra, filed: true, result: submission.reply({ resetForm: true }) };
    },
    { extra },
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function Appeal({ loaderData, actionData }: Route.ComponentProps) {
  return <TeamMessages statements={loaderData.statements} reply={actionData} />;
}
