// /admin/login: an operator's e-mail and password — the first of two steps
// (the TOTP code follows on /admin/login/verify).
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, redirect, useSearchParams } from "react-router";
import { ErrorList, InputField, SubmitButton } from "#app/components/forms/fields.tsx";
import { requestContext } from "#app/context.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { operatorLoginSchema } from "#app/schemas/admin.ts";
import { deviceCookie, readDeviceToken } from "#app/server/limits/login-throttle.ts";
import { safeConsoleRedirect } from "#app/server/operators/gate.ts";
import { operatorLogIn } from "#app/server/operators/login.ts";
import { operatorCookie, SECOND_FACTOR_WINDOW } from "#app/server/operators/session.ts";
import type { Route } from "./+types/admin-login";

export function loader({ context }: Route.LoaderArgs) {
  if (context.get(requestContext).operator?.session.verified) throw redirect("/admin");
  return { title: getI18n(context).t("admin:login.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(requestContext);
  const t = getI18n(context).t;
  const submission = parseWithZod(await request.formData(), { schema: operatorLoginSchema });
  if (submission.status !== "success") return rejected(submission, ["password"]);
  const { email, password, redirectTo } = submission.value;
  return withDomainErrors(
    submission,
    t,
    async () => {
      const { token, deviceToken } = await operatorLogIn(app, {
        email,
        password,
        ip: app.clientIp,
        deviceToken: readDeviceToken(request, "operator"),
      });
      const next = `/admin/login/verify?${new URLSearchParams({ redirectTo: safeConsoleRedirect(redirectTo) })}`;
      const headers = new Headers({ "Set-Cookie": operatorCookie(request, token, SECOND_FACTOR_WINDOW) });
      headers.append("Set-Cookie", deviceCookie(request, "operator", deviceToken));
      return redirect(next, { headers });
    },
    { hideFields: ["password"] },
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm({
    id: "operator-login",
    lastResult: actionData?.result,
    constraint: getZodConstraint(operatorLoginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: operatorLoginSchema }),
    shouldRevalidate: "onInput",
  });
  return (
    <div className="mx-auto max-w-md py-8">
      <div className="card p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("login.title")}</h1>
        <p className="mt-1 text-sm text-muted">{t("login.intro")}</p>
        <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <InputField meta={fields.email} label={t("login.email")} type="email" autoComplete="username" />
          <InputField
            meta={fields.password}
            label={t("login.password")}
            type="password"
            autoComplete="current-password"
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton>{t("login.submit")}</SubmitButton>
        </Form>
      </div>
    </div>
  );
}
