// /reset-password/do?token=: choose a new password with a link from the mail.
// Links work once and expire ("Link verlopen of invalide, vraag een nieuwe e-mail aan").
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { ErrorList, FormMessage, InputField, SubmitButton } from "#app/components/forms/fields.tsx";
import { requestContext } from "#app/context.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { resetPasswordSchema } from "#app/schemas/account.ts";
import { resetPassword } from "#app/server/accounts/password-reset.ts";
import { sessionCookie } from "#app/server/accounts/session-cookie.ts";
import { peekToken } from "#app/server/accounts/tokens.ts";
import type { Route } from "./+types/reset-password-do";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = (await peekToken(app.db, token, "password_reset", app.now())) !== null;
  return { token, valid, title: getI18n(context).t("accounts:resetDo.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(requestContext);
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  if (submission.status !== "success") return rejected(submission, ["password", "password_repeat"]);
  return withDomainErrors(
    submission,
    getI18n(context).t,
    async () => {
      const { sessionToken } = await resetPassword(app, {
        token: submission.value.token,
        password: submission.value.password,
        userAgent: request.headers.get("user-agent"),
      });
      return redirect("/members", { headers: { "Set-Cookie": sessionCookie(request, sessionToken) } });
    },
    { hideFields: ["password", "password_repeat"] },
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function ResetPasswordDo({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const [form, fields] = useForm({
    id: "reset-password-do",
    lastResult: actionData?.result,
    constraint: getZodConstraint(resetPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldRevalidate: "onInput",
  });
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="card p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("resetDo.title")}</h1>
        {loaderData.valid ? (
          <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
            <input type="hidden" name="token" value={loaderData.token} />
            <InputField
              meta={fields.password}
              label={t("fields.newPassword")}
              type="password"
              autoComplete="new-password"
            />
            <InputField
              meta={fields.password_repeat}
              label={t("fields.repeatPassword")}
              type="password"
              autoComplete="new-password"
            />
            <ErrorList id={form.errorId} errors={form.errors} />
            <SubmitButton>{t("resetDo.submit")}</SubmitButton>
          </Form>
        ) : (
          <div className="mt-6 space-y-4">
            <FormMessage>{t("errors:linkInvalid")}</FormMessage>
            <Link to="/reset-password" className="btn-primary w-full">
              {t("resetDo.requestNew")}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
