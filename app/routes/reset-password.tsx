// /reset-password: ask for a reset link (errors: address not found,
// too many reset mails today).
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { ErrorList, FormMessage, InputField, SubmitButton } from "#app/components/forms/fields.tsx";
import { pageMeta } from "#app/components/layout/page-meta.ts";
import { requestContext } from "#app/context.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { resetRequestSchema } from "#app/schemas/account.ts";
import { requestPasswordReset } from "#app/server/accounts/password-reset.ts";
import type { Route } from "./+types/reset-password";

export function loader({ context }: Route.LoaderArgs) {
  return { title: getI18n(context).t("accounts:reset.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(requestContext);
  const submission = parseWithZod(await request.formData(), { schema: resetRequestSchema });
  if (submission.status !== "success") return rejected(submission);
  return withDomainErrors(submission, getI18n(context).t, async () => {
    await requestPasswordReset(app, submission.value.email);
    return { result: submission.reply({ resetForm: true }), sentTo: submission.value.email };
  });
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, args.loaderData);

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(resetRequestSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetRequestSchema }),
  });
  const sentTo = actionData && "sentTo" in actionData ? actionData.sentTo : null;
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="card p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("reset.title")}</h1>
        <p className="mt-1 mb-6 text-sm text-muted">{t("reset.intro")}</p>
        {sentTo ? (
          <FormMessage tone="success">{t("reset.sent", { email: sentTo })}</FormMessage>
        ) : (
          <Form method="post" className="space-y-4" {...getFormProps(form)}>
            <InputField meta={fields.email} label={t("fields.email")} type="email" autoComplete="email" />
            <ErrorList id={form.errorId} errors={form.errors} />
            <SubmitButton>{t("reset.submit")}</SubmitButton>
          </Form>
        )}
        <p className="mt-6 text-sm">
          <Link to="/login" className="font-semibold text-primary hover:underline">
            {t("reset.backToLogin")}
          </Link>
        </p>
      </div>
    </div>
  );
}
