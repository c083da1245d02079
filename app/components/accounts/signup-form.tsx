// The signup form and its rules, used by /signup and by the
// desktop signup modal. Validates in the browser with the server's own schema;
// tracking data from the address (network, ref, sub1..3) and the lander travel
// along; on pages that embed the site-entry warning in the signup flow, it is shown here.
// Where this visitor may not sign up, it says so at once and offers login
// instead of a form that could only be refused. Above the fields it says
// plainly that the site has fictional profiles run by staff; below them, an
// unticked choice of offers and news by e-mail.

import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useId, useMemo } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { ErrorList, InputField, SelectField, SubmitButton, TextareaField } from "#app/components/forms/fields.tsx";
import { TrackingFields } from "#app/components/landers/tracking.tsx";
import {
  EmbeddedSiteEntryWarning,
  useSignupFlowEmbeddedSiteEntryWarning,
} from "#app/components/layout/site-entry-warning.tsx";
import { FictionalDisclosure } from "#app/components/members/fictional-disclosure.tsx";
import { signupSchema } from "#app/schemas/account.ts";
import { useSignupsOpen } from "./signups-open.ts";

export interface SignupFormProps {
  minimumAge: number;
  /** Latest allowed date of birth (YYYY-MM-DD) for the date picker. */
  maxBirthDate: string;
  targetMemberId?: number | null;
  withMessage?: boolean;
  onStarted?: () => void;
  /** The /signup action's answer to a document POST (no JavaScript yet); fetcher answers win. */
  documentReply?: SignupActionData;
}

export type SignupActionData = { result?: SubmissionResult<string[]>; code?: string; email?: string };

export function SignupForm(props: SignupFormProps) {
  return useSignupsOpen() ? <OpenSignupForm {...props} /> : <SignupsClosed />;
}

/** Signups closed for this visitor: said at once, in their language, with login offered. */
export function SignupsClosed() {
  const { t } = useTranslation("accounts");
  return (
    <div className="space-y-4" data-testid="signups-closed">
      <p className="rounded-lg bg-secondary-soft p-4 text-sm" role="status">
        {t("signup.closed")}
      </p>
      <Link to="/login" className="btn-outline w-full">
        {t("signup.goToLogin")}
      </Link>
    </div>
  );
}

function OpenSignupForm({
  minimumAge,
  maxBirthDate,
  targetMemberId,
  withMessage,
  onStarted,
  documentReply,
}: SignupFormProps) {
  const { t } = useTranslation("accounts");
  const fetcher = useFetcher<SignupActionData>();
  const reply = fetcher.data ?? documentReply;
  const schema = useMemo(() => signupSchema({ minimumAge, now: Date.now() }), [minimumAge]);
  const [form, fields] = useForm({
    id: "signup",
    lastResult: reply?.result,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const embeddedWarning = useSignupFlowEmbeddedSiteEntryWarning();
  const genderOptions = [
    { value: "female", label: t("signup.female") },
    { value: "male", label: t("signup.male") },
  ];

  return (
    <fetcher.Form method="post" action="/signup" className="space-y-4" {...getFormProps(form)} onFocus={onStarted}>
      <TrackingFields />
      {targetMemberId ? <input type="hidden" name="target" value={targetMemberId} /> : null}
      <FictionalDisclosure />
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          meta={fields.gender}
          label={t("signup.iAm")}
          options={genderOptions}
          placeholder={t("signup.choose")}
        />
        <SelectField
          meta={fields.seeking}
          label={t("signup.seeking")}
          options={genderOptions}
          placeholder={t("signup.choose")}
        />
      </div>
      <InputField meta={fields.name} label={t("fields.name")} autoComplete="nickname" hint={t("signup.nameHint")} />
      <InputField meta={fields.email} label={t("fields.email")} type="email" autoComplete="email" />
      <InputField
        meta={fields.date_of_birth}
        label={t("fields.dateOfBirth")}
        type="date"
        max={maxBirthDate}
        autoComplete="bday"
        errorParams={{ age: minimumAge }}
      />
      <InputField
        meta={fields.password}
        label={t("fields.password")}
        type="password"
        autoComplete="new-password"
        hint={t("signup.passwordHint")}
      />
      {withMessage && (
        <TextareaField meta={fields.signup_message} label={t("signup.message")} rows={3} maxLength={500} />
      )}
      <PromotionsChoice />
      {embeddedWarning && <EmbeddedSiteEntryWarning />}
      <ErrorList id={form.errorId} errors={form.errors} />
      {reply?.code === "email_taken" && (
        <p className="text-sm">
          <Link to="/login" className="font-semibold text-primary underline">
            {t("signup.goToLogin")}
          </Link>
        </p>
      )}
      {reply?.code === "email_taken_deleted" && <ReactivateOffer email={reply.email ?? ""} />}
      <SubmitButton busy={fetcher.state !== "idle"}>{t("signup.submit")}</SubmitButton>
      <p className="text-xs text-muted">
        <Trans
          t={t}
          i18nKey="signup.consent"
          values={{ age: minimumAge }}
          components={{
            terms: <Link to="/pages/terms" className="underline" />,
            privacy: <Link to="/pages/privacy" className="underline" />,
          }}
        />
      </p>
    </fetcher.Form>
  );
}

/**
 * Offers and news by e-mail, the member's own choice: never ticked for them,
 * and unticked means none (accounts/account-settings.ts).
 */
function PromotionsChoice() {
  const { t } = useTranslation("accounts");
  const id = useId();
  return (
    <label className="flex min-h-11 items-start gap-3 text-sm">
      <input
        type="checkbox"
        name="promotions"
        defaultChecked={false}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-5 shrink-0 accent-primary"
        data-testid="signup-promotions"
      />
      <span>
        <span className="block font-medium">{t("signup.promotions")}</span>
        <span id={`${id}-hint`} className="text-muted">
          {t("signup.promotionsHint")}
        </span>
      </span>
    </label>
  );
}

/** A deleted account still within its 14 days: reactivate by e-mail, or ask service. */
function ReactivateOffer({ email }: { email: string }) {
  const { t } = useTranslation("accounts");
  const fetcher = useFetcher<{ sent?: boolean }>();
  if (fetcher.data?.sent) return <p className="text-sm text-success">{t("deleted.reactivationSent")}</p>;
  return (
    <div className="rounded-lg bg-secondary-soft p-3 text-sm">
      <p>{t("signup.deletedOffer")}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <fetcher.Form method="post" action="/account-deleted">
          <input type="hidden" name="email" value={email} />
          <button type="submit" className="btn-outline min-h-9 px-3" disabled={fetcher.state !== "idle"}>
            {t("signup.reactivateByEmail")}
          </button>
        </fetcher.Form>
        <Link to="/pages/service" className="btn-ghost min-h-9 px-3">
          {t("signup.contactService")}
        </Link>
      </div>
    </div>
  );
}
