// /signup: the signup page (phones; desktop gets the same form in a modal).
// The domain's `signups` setting decides who may sign up; a traffic source
// counts whether it is in the address or kept from the page the visitor landed on.
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { type SignupActionData, SignupForm, SignupsClosed } from "#app/components/accounts/signup-form.tsx";
import { pageMeta } from "#app/components/layout/page-meta.ts";
import { requestContext } from "#app/context.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { type ActionAnswer, rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { signupSchema, trackingSchema } from "#app/schemas/account.ts";
import { sessionCookie } from "#app/server/accounts/session-cookie.ts";
import { maySignUp, signUp } from "#app/server/accounts/signup.ts";
import { signupLimits } from "#app/server/accounts/signup-limits.ts";
import { cookieHeader } from "#app/server/http/cookies.ts";
import { SITE_ENTRY_COOKIE, SITE_ENTRY_MAX_AGE } from "#app/server/site/site-entry.ts";
import { trafficSource, withTrafficSource } from "#app/server/site/traffic-source.ts";
import type { Route } from "./+types/signup";

export function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  return {
    allowed: maySignUp(app.settings, trafficSource(request)),
    ...signupLimits(app),
    title: getI18n(context).t("accounts:signup.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs): ActionAnswer<SignupActionData> {
  const app = context.get(requestContext);
  const t = getI18n(context).t;
  const formData = await request.formData();
  const submission = parseWithZod(formData, {
    schema: signupSchema({ minimumAge: app.settings.minimum_age, now: app.now() }),
  });
  if (submission.status !== "success") return rejected(submission, ["password"]);
  const fields = Object.fromEntries(formData);
  const tracking = withTrafficSource(request, trackingSchema.catch({}).parse(fields));
  const target = Number(fields.target);
  return withDomainErrors(
    submission,
    t,
    async () => {
      const { sessionToken } = await signUp(app, {
        form: submission.value,
        tracking,
        targetMemberId: Number.isSafeInteger(target) && target > 0 ? target : null,
        userAgent: request.headers.get("user-agent"),
      });
      // Signing up is entering: the site-entry warning was part of the form.
      const headers = new Headers([
        ["Set-Cookie", sessionCookie(request, sessionToken)],
        ["Set-Cookie", cookieHeader(request, SITE_ENTRY_COOKIE, String(app.now()), { maxAge: SITE_ENTRY_MAX_AGE })],
      ]);
      return redirect("/complete-signup", { headers });
    },
    { hideFields: ["password"], extra: { email: submission.value.email } },
  );
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, args.loaderData);

export const handle = { signupFlowEmbeddedSiteEntryWarning: true };

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="card p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("signup.title")}</h1>
        {loaderData.allowed && <p className="mt-1 text-sm text-muted">{t("signup.intro")}</p>}
        <div className="mt-6">
          {loaderData.allowed ? (
            <SignupForm
              minimumAge={loaderData.minimumAge}
              maxBirthDate={loaderData.maxBirthDate}
              documentReply={actionData}
            />
          ) : (
            <SignupsClosed />
          )}
        </div>
      </div>
    </div>
  );
}
