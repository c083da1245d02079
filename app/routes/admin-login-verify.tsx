// /admin/login/verify: the second step — the code of the operator's
// authenticator app; or, for an operator without one yet, enrolment: a new
// secret and its otpauth:// URI shown once (no QR image), then a code from the
// app to prove it was stored.
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, redirect, useSearchParams } from "react-router";
import { ErrorList, InputField, SubmitButton } from "#app/components/forms/fields.tsx";
import { requestContext } from "#app/context.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { type ActionAnswer, orErrorPage, rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { totpCodeSchema } from "#app/schemas/admin.ts";
import { safeConsoleRedirect } from "#app/server/operators/gate.ts";
import { beginEnrolment, confirmSecondFactor } from "#app/server/operators/login.ts";
import { OPERATOR_MAX, operatorCookie } from "#app/server/operators/session.ts";
import type { Route } from "./+types/admin-login-verify";

function pendingOperator(context: Route.LoaderArgs["context"]) {
  const app = context.get(requestContext);
  const operator = app.operator;
  if (operator?.session.verified) throw redirect("/admin");
  if (!operator) throw redirect("/admin/login");
  return { app, operator };
}

export function loader({ context }: Route.LoaderArgs) {
  const { operator } = pendingOperator(context);
  return { enrolled: operator.totpEnabled, title: getI18n(context).t("admin:verify.title") };
}

// The enrolment secret is shown from the action's answer; reloading the loader would not bring it back.
export const shouldRevalidate = () => false;

type Enrolment = { secret: string; uri: string };
type Reply = { enrolment?: Enrolment; result?: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs): ActionAnswer<Reply> {
  const { app, operator } = pendingOperator(context);
  const t = getI18n(context).t;
  const formData = await request.formData();
  if (formData.get("intent") === "enrol") {
    return { enrolment: await orErrorPage(t, () => beginEnrolment(app, operator)) };
  }
  const submission = parseWithZod(formData, { schema: totpCodeSchema });
  if (submission.status !== "success") return rejected(submission, ["code"]);
  return withDomainErrors(
    submission,
    t,
    async () => {
      const { token } = await confirmSecondFactor(app, operator, submission.value.code);
      return redirect(safeConsoleRedirect(submission.value.redirectTo), {
        headers: { "Set-Cookie": operatorCookie(request, token, OPERATOR_MAX) },
      });
    },
    { hideFields: ["code"] },
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function AdminVerify({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const [searchParams] = useSearchParams();
  // Kept in the page once shown: a wrong code must not take the secret off the screen.
  const [enrolment, setEnrolment] = useState<Enrolment | null>(answer?.enrolment ?? null);
  useEffect(() => {
    if (answer?.enrolment) setEnrolment(answer.enrolment);
  }, [answer?.enrolment]);
  const [form, fields] = useForm({
    id: "operator-code",
    lastResult: answer?.result,
    constraint: getZodConstraint(totpCodeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: totpCodeSchema }),
  });
  const needsEnrolment = !loaderData.enrolled && !enrolment;
  return (
    <div className="mx-auto max-w-lg py-8">
      <div className="card space-y-4 p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{loaderData.enrolled ? t("verify.title") : t("enrol.title")}</h1>
        {needsEnrolment ? (
          <>
            <p className="text-sm">{t("enrol.intro")}</p>
            <Form method="post">
              <input type="hidden" name="intent" value="enrol" />
              <SubmitButton>{t("enrol.start")}</SubmitButton>
            </Form>
          </>
        ) : (
          <>
            {enrolment && (
              <div className="space-y-2 rounded-lg border border-line bg-secondary-soft p-3 text-sm">
                <p>{t("enrol.shownOnce")}</p>
                <p>
                  {t("enrol.secret")}{" "}
                  <code data-testid="totp-secret" className="font-mono text-base font-bold break-all">
                    {enrolment.secret}
                  </code>
                </p>
                <p>
                  {t("enrol.uri")}{" "}
                  <a href={enrolment.uri} className="break-all text-primary underline">
                    {enrolment.uri}
                  </a>
                </p>
              </div>
            )}
            <p className="text-sm text-muted">{loaderData.enrolled ? t("verify.intro") : t("enrol.verifyIntro")}</p>
            <Form method="post" className="space-y-4" {...getFormProps(form)}>
              <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
              <InputField meta={fields.code} label={t("verify.code")} autoComplete="one-time-code" autoFocus />
              <ErrorList id={form.errorId} errors={form.errors} />
              <SubmitButton>{t("verify.submit")}</SubmitButton>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}
