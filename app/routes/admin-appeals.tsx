// /admin/appeals: open appeals against statements of reasons, oldest first;
// uphold or reverse each (never by the decision's own author), the outcome
// mailed to the appellant.
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { AppealCard } from "#app/components/admin/appeal-card.tsx";
import { AdminPage, Empty } from "#app/components/admin/page.tsx";
import { FormMessage } from "#app/components/forms/fields.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { requireOperator } from "#app/routing/guards.server.ts";
import { appealDecisionSchema } from "#app/schemas/decisions.ts";
import { decideAppeal, openAppeals } from "#app/server/decisions/appeal-queue.ts";
import type { Route } from "./+types/admin-appeals";

export async function loader({ context }: Route.LoaderArgs) {
  const app = requireOperator(context, "appeals.handle");
  return { appeals: await openAppeals(app), title: getI18n(context).t("admin:appeals.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = requireOperator(context, "appeals.handle");
  const submission = parseWithZod(await request.formData(), { schema: appealDecisionSchema });
  if (submission.status !== "success") return rejected(submission);
  const extra = { appeal: submission.value.appeal };
  return withDomainErrors(
    submission,
    getI18n(context).t,
    async () => ({ ...extra, ...(await decideAppeal(app, submission.value)) }),
    { extra },
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function Appeals({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const decided = actionData && "status" in actionData ? actionData : null;
  const refused = actionData && "result" in actionData && "appeal" in actionData ? actionData : null;
  return (
    <AdminPage title={t("appeals.title")}>
      <p className="text-sm text-muted">{t("appeals.intro")}</p>
      {decided && (
        <FormMessage tone="success">
          {t(decided.status === "reversed" ? "appeals.reversed" : "appeals.upheld", { id: decided.appeal })}
        </FormMessage>
      )}
      {loaderData.appeals.length === 0 ? (
        <Empty>{t("appeals.empty")}</Empty>
      ) : (
        <ul className="space-y-4">
          {loaderData.appeals.map((appeal) => (
            <AppealCard
              key={appeal.id}
              appeal={appeal}
              lastResult={refused?.appeal === appeal.id ? refused.result : undefined}
            />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
