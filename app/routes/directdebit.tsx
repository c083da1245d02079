// /directdebit?package=<id>: the payer's details, IBAN
// and consent for a one-off SEPA mandate; then, on the same page, the code we
// texted signs it ("Code ongeldig" when wrong, "resend code"), the collection
// starts, and the member sees the payment pending until their bank pays.
// Blocked members and the 30-day limit are refused clearly.
// Step 2 is in the address (&mandate=), so a reload never starts a second payment.
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { MessageSquareText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ErrorList, FormMessage, InputField, SubmitButton } from "#app/components/forms/fields.tsx";
import { IbanInput } from "#app/components/payments/iban-input.tsx";
import { Price } from "#app/components/payments/price.tsx";
import { formatMoney } from "#app/i18n/format.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import {
  type ActionAnswer,
  orErrorPage,
  rejected,
  withDomainErrors,
  withDomainMessage,
} from "#app/routing/forms.server.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import { parseId } from "#app/routing/params.ts";
import { directDebitSchema, smsCodeSchema } from "#app/schemas/payments.ts";
import type { ErrorCode } from "#app/server/errors.ts";
import { confirmCode, directDebitOffer, resendCode, startDirectDebit } from "#app/server/payments/direct-debit.ts";
import type { Route } from "./+types/directdebit";

/** Refusals about the number typed, shown at its field. */
const mobileRefusals = new Set<ErrorCode>(["mobile_invalid", "phone_country_not_offered"]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, member } = requireMember(context, request);
  const t = getI18n(context).t;
  const url = new URL(request.url);
  const packageId = parseId(url.searchParams.get("package"));
  const country = member.profile.country;
  if (packageId === null) throw redirect("/credits");
  const offer = await orErrorPage(t, () => directDebitOffer(app, member, { packageId, country }));
  return {
    package: {
      id: offer.pkg.id,
      credits: offer.pkg.credits,
      currency: offer.pkg.currency,
      priceCents: offer.pkg.priceCents,
    },
    amountCents: offer.amountCents,
    percentage: offer.discount?.valuePercentage ?? null,
    mandate: parseId(url.searchParams.get("mandate")),
    creditor: app.settings.name,
    title: t("payments:directDebit.title"),
  };
}

type Reply = {
  intent?: "start" | "confirm" | "resend";
  result?: SubmissionResult<string[]>;
  resent?: boolean;
  message?: string;
  code?: string;
};

export async function action({ request, context }: Route.ActionArgs): ActionAnswer<Reply> {
  const { app, member } = requireMember(context, request);
  const t = getI18n(context).t;
  const formData = await request.formData();
  const intent = formData.get("intent");
  const country = member.profile.country;

  switch (intent) {
    case "start": {
      const submission = parseWithZod(formData, { schema: directDebitSchema });
      if (submission.status !== "success") return rejected(submission);
      return withDomainErrors(
        submission,
        t,
        async () => {
          const { mandateId } = await startDirectDebit(app, member, submission.value, country);
          return redirect(`/directdebit?package=${submission.value.package}&mandate=${mandateId}`);
        },
        { extra: { intent }, fieldOf: (code) => (mobileRefusals.has(code) ? "mobile" : undefined) },
      );
    }
    case "confirm": {
      const submission = parseWithZod(formData, { schema: smsCodeSchema });
      if (submission.status !== "success") return rejected(submission);
      return withDomainErrors(
        submission,
        t,
        async () => {
          const { paymentId } = await confirmCode(app, member, submission.value);
          return redirect(`/transactions/${paymentId}`);
        },
        { hideFields: ["code"], extra: { intent } },
      );
    }
    case "resend": {
      const mandate = parseId(String(formData.get("mandate") ?? ""));
      if (mandate === null) throw data({ message: t("errors:invalidInput") }, { status: 400 });
      return withDomainMessage(
        t,
        async () => {
          await resendCode(app, member, mandate);
          return { intent, resent: true };
        },
        { intent },
      );
    }
    default:
      throw data({ message: t("errors:invalidInput") }, { status: 400 });
  }
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function DirectDebit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("payments");
  const { package: pkg, amountCents, percentage, mandate, title } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-black">{title}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="card p-5 sm:p-6">
          {mandate === null ? (
            <DetailsStep loaderData={loaderData} reply={actionData} />
          ) : (
            <CodeStep mandate={mandate} packageId={pkg.id} reply={actionData} />
          )}
        </div>
        <aside className="card h-fit space-y-3 p-5 sm:p-6" aria-labelledby="direct-debit-summary">
          <h2 id="direct-debit-summary" className="text-lg font-bold">
            {t("credits.summary")}
          </h2>
          <p className="text-2xl font-black text-primary">{t("package.credits", { count: pkg.credits })}</p>
          <div>
            <p className="text-sm text-muted">{t("directDebit.amount")}</p>
            <Price
              priceCents={pkg.priceCents}
              amountCents={amountCents}
              currency={pkg.currency}
              percentage={percentage}
            />
          </div>
          <p className="text-sm">{t("premium.oneTime")}</p>
        </aside>
      </div>
    </div>
  );
}

function DetailsStep({ loaderData, reply }: { loaderData: Route.ComponentProps["loaderData"]; reply?: Reply }) {
  const { t } = useTranslation("payments");
  const locale = useLocale();
  const { package: pkg, amountCents, creditor } = loaderData;
  const [form, fields] = useForm({
    id: "direct-debit",
    lastResult: reply?.result,
    constraint: getZodConstraint(directDebitSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: directDebitSchema }),
    defaultValue: { package: String(pkg.id) },
    shouldRevalidate: "onInput",
  });
  const amount = formatMoney(amountCents, pkg.currency, locale);
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <p className="text-sm text-muted">{t("directDebit.intro")}</p>
      <input type="hidden" name="intent" value="start" />
      <input {...getInputProps(fields.package, { type: "hidden" })} key={fields.package.key} />
      <InputField meta={fields.account_holder} label={t("directDebit.accountHolder")} autoComplete="name" />
      <IbanInput meta={fields.iban} label={t("directDebit.iban")} />
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
        <InputField meta={fields.street} label={t("directDebit.street")} autoComplete="address-line1" />
        <InputField meta={fields.house_number} label={t("directDebit.houseNumber")} autoComplete="off" />
      </div>
      <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <InputField meta={fields.postcode} label={t("directDebit.postcode")} autoComplete="postal-code" />
        <InputField meta={fields.city} label={t("directDebit.city")} autoComplete="address-level2" />
      </div>
      <InputField
        meta={fields.mobile}
        label={t("directDebit.mobile")}
        type="tel"
        autoComplete="tel"
        hint={t("directDebit.mobileHint")}
      />
      <div className="rounded-lg border border-line bg-surface p-4 text-sm">
        <p id="mandate-text">{t("directDebit.mandate", { creditor, amount })}</p>
        <div className="mt-3 flex items-start gap-3">
          <input
            {...getInputProps(fields.consent, { type: "checkbox", value: "on", ariaDescribedBy: "mandate-text" })}
            key={fields.consent.key}
            className="mt-0.5 size-5 shrink-0 accent-primary"
          />
          <label htmlFor={fields.consent.id} className="font-semibold">
            {t("directDebit.consent", { creditor, amount })}
          </label>
        </div>
        <ErrorList id={fields.consent.errorId} errors={fields.consent.errors} />
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton>{t("directDebit.submit")}</SubmitButton>
    </Form>
  );
}

function CodeStep({ mandate, packageId, reply }: { mandate: number; packageId: number; reply?: Reply }) {
  const { t } = useTranslation("payments");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "sms-code",
    lastResult: reply?.intent === "resend" ? undefined : reply?.result,
    constraint: getZodConstraint(smsCodeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: smsCodeSchema }),
    defaultValue: { mandate: String(mandate) },
    shouldRevalidate: "onInput",
  });
  const resending = navigation.formData?.get("intent") === "resend";
  const gone = reply?.code === "payment_not_found";
  return (
    <div className="space-y-5">
      <div className="flex items-start gap-3">
        <MessageSquareText className="mt-1 size-6 shrink-0 text-primary" aria-hidden="true" />
        <div>
          <h2 className="text-lg font-bold">{t("directDebit.codeTitle")}</h2>
          <p className="text-sm text-muted">{t("directDebit.codeSent")}</p>
        </div>
      </div>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="confirm" />
        <input {...getInputProps(fields.mandate, { type: "hidden" })} key={fields.mandate.key} />
        <InputField meta={fields.code} label={t("directDebit.code")} autoComplete="one-time-code" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton>{t("directDebit.confirm")}</SubmitButton>
      </Form>
      <Form method="post" className="space-y-2">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="mandate" value={mandate} />
        <button type="submit" className="btn-ghost" disabled={resending} aria-busy={resending}>
          {t("directDebit.resend")}
        </button>
        {reply?.intent === "resend" && reply.resent && (
          <FormMessage tone="success">{t("directDebit.resent")}</FormMessage>
        )}
        {reply?.intent === "resend" && reply.message && <FormMessage>{reply.message}</FormMessage>}
      </Form>
      {(gone || reply?.code === "direct_debit_limit") && (
        <Link to={`/directdebit?package=${packageId}`} className="btn-outline">
          {t("directDebit.startOver")}
        </Link>
      )}
    </div>
  );
}
