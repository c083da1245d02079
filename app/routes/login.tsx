// /login: e-mail and password; failures, and the temporary block after too many of them.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useSearchParams } from "react-router";
import { useSignupsOpen } from "#app/components/accounts/signups-open.ts";
import { ErrorList, InputField, SubmitButton } from "#app/components/forms/fields.tsx";
import { pageMeta } from "#app/components/layout/page-meta.ts";
import { requestContext } from "#app/context.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { isLocale } from "#app/i18n/locales.ts";
import { rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { loginSchema } from "#app/schemas/account.ts";
import { logIn } from "#app/server/accounts/login.ts";
import { sessionCookie } from "#app/server/accounts/session-cookie.ts";
import { isDomainError } from "#app/server/errors.ts";
import { localeCookie } from "#app/server/http/cookies.ts";
import { safeRedirectPath } from "#app/server/http/redirect.ts";
import { deviceCookie, readDeviceToken } from "#app/server/limits/login-throttle.ts";
import type { Route } from "./+types/login";

export function loader({ context }: Route.LoaderArgs) {
  return { title: getI18n(context).t("accounts:login.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(requestContext);
  const t = getI18n(context).t;
  const submission = parseWithZod(await request.formData(), { schema: loginSchema });
  if (submission.status !== "success") return rejected(submission, ["password"]);
  const form = submission.value;
  return withDomainErrors(
    submission,
    t,
    async () => {
      const { sessionToken, language, deviceToken } = await logIn(app, {
        email: form.email,
        password: form.password,
        ip: app.clientIp,
        deviceToken: readDeviceToken(request, "member"),
        userAgent: request.headers.get("user-agent"),
      }).catch((error: unknown) => {
        if (isDomainError(error) && error.code === "account_banned") throw redirect("/pages/ban");
        throw error;
      });
      // The member's own language from now on (the language is kept server-side).
      const headers = new Headers({ "Set-Cookie": sessionCookie(request, sessionToken) });
      if (isLocale(language)) headers.append("Set-Cookie", localeCookie(request, language));
      headers.append("Set-Cookie", deviceCookie(request, "member", deviceToken));
      return redirect(safeRedirectPath(form.redirectTo, "/members"), { headers });
    },
    { hideFields: ["password"] },
  );
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, args.loaderData);

export default function Login({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const signupsOpen = useSignupsOpen();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    constraint: getZodConstraint(loginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldRevalidate: "onInput",
  });
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="card p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("login.title")}</h1>
        <p className="mt-1 text-sm text-muted">{t("login.intro")}</p>
        <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <InputField meta={fields.email} label={t("fields.email")} type="email" autoComplete="email" />
          <InputField
            meta={fields.password}
            label={t("fields.password")}
            type="password"
            autoComplete="current-password"
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton>{t("login.submit")}</SubmitButton>
        </Form>
        <div className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
          <Link to="/reset-password" className="font-semibold text-primary hover:underline">
            {t("login.forgot")}
          </Link>
          {signupsOpen && (
            <Link to="/signup" className="font-semibold text-primary hover:underline">
              {t("login.noAccount")}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
