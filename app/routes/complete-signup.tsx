// /complete-signup: the step after signup, where the new member says where
// they live and something about themselves (optional), then on to the photo
// step (/signup-photo). No language menu here.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { LocationFields } from "#app/components/accounts/location-fields.tsx";
import { ErrorList, SubmitButton, TextareaField } from "#app/components/forms/fields.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import { completeSignupSchema } from "#app/schemas/profile.ts";
import { completeSignup } from "#app/server/members/own-profile.ts";
import { locationRegions } from "#app/server/settings/offered.ts";
import type { Route } from "./+types/complete-signup";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, member } = requireMember(context, request);
  return {
    countries: app.settings.countries,
    regions: await locationRegions(app),
    defaults: { country: member.profile.country, region: String(member.profile.regionId ?? "") },
    title: getI18n(context).t("accounts:complete.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { app, member } = requireMember(context, request);
  const submission = parseWithZod(await request.formData(), { schema: completeSignupSchema });
  if (submission.status !== "success") return rejected(submission);
  const { country, region, about } = submission.value;
  return withDomainErrors(submission, getI18n(context).t, async () => {
    await completeSignup(app, member, { country, regionId: region, about });
    return redirect("/signup-photo");
  });
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function CompleteSignup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const [form, fields] = useForm({
    id: "complete-signup",
    lastResult: actionData?.result,
    defaultValue: loaderData.defaults,
    constraint: getZodConstraint(completeSignupSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: completeSignupSchema }),
  });
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <ol
        className="mb-4 flex flex-wrap gap-x-3 gap-y-1 text-xs font-semibold text-muted"
        aria-label={t("complete.steps")}
      >
        <li className="text-success">✓ {t("complete.stepAccount")}</li>
        <li aria-current="step" className="text-primary">
          2. {t("complete.stepProfile")}
        </li>
        <li>3. {t("complete.stepPhoto")}</li>
        <li>4. {t("complete.stepMatches")}</li>
      </ol>
      <div className="card p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("complete.title")}</h1>
        <p className="mt-1 mb-6 text-sm text-muted">{t("complete.intro")}</p>
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <LocationFields
            country={fields.country}
            region={fields.region}
            countries={loaderData.countries}
            regions={loaderData.regions}
          />
          <TextareaField meta={fields.about} label={t("complete.about")} rows={4} maxLength={2000} />
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton>{t("complete.submit")}</SubmitButton>
        </Form>
        <p className="mt-4 text-center text-sm">
          <Link to="/signup-photo" className="text-muted underline">
            {t("complete.skip")}
          </Link>
        </p>
      </div>
    </div>
  );
}
