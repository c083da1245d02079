// /credits and /credits/{id}/{paymentmethod?}: choose a package,
// then one of the payment methods of the member's country and, if the member
// has one, a discount code (checked on the spot: "Code niet gevonden", "Code
// reeds gebruikt"...); paying creates the payment and sends the member to the
// provider's checkout. Direct debit has its own form at /directdebit.
// A link may bring a code along (`?code=`): it is checked as a typed code is
// (the rule behind GET /api/discountcode.php?code=), prices the packages, rides
// along to the checkout and stands in its code field, applied or refused.
// Without a package chosen the page sells itself, top to bottom: the balance and
// what one credit buys here, the site's word that it has fictional profiles run
// by staff (before any pay button), a paid member's last order to buy again,
// what premium gives, the packages with their prices, the ways to pay.

import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, redirectDocument } from "react-router";
import { ActionError } from "#app/components/forms/action-error.tsx";
import { ErrorList, FormMessage, InputField, SubmitButton } from "#app/components/forms/fields.tsx";
import { useFormToast } from "#app/components/forms/use-form-toast.ts";
import { FictionalDisclosure } from "#app/components/members/fictional-disclosure.tsx";
import { CreditsBalance } from "#app/components/payments/credit-value.tsx";
import { LastOrder } from "#app/components/payments/last-order.tsx";
import { MethodList, MethodTiles } from "#app/components/payments/method-tiles.tsx";
import { PackageList } from "#app/components/payments/package-card.tsx";
import { PremiumBenefits } from "#app/components/payments/premium-benefits.tsx";
import { Price } from "#app/components/payments/price.tsx";
import { SpendingLimitWarning } from "#app/components/payments/spending-limit-warning.tsx";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { type ActionAnswer, checkInAddress, rejected, withDomainErrors } from "#app/routing/forms.server.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import { checkoutSchema } from "#app/schemas/payments.ts";
import type { ErrorCode } from "#app/server/errors.ts";
import { monthlyLimitWarning } from "#app/server/fictional/spending.ts";
import { offeredMethods, requireMethodOffered } from "#app/server/payments/catalogue.ts";
import { checkTypedCode, startCheckout } from "#app/server/payments/checkout.ts";
import { creditsOverview } from "#app/server/payments/credits-overview.ts";
import { packageOffers } from "#app/server/payments/offers.ts";
import { returnFromUrl, returnToConversation } from "#app/server/payments/return-path.ts";
import { PREMIUM_PHOTO_LIMIT } from "#app/server/photos/limits.ts";
import type { Route } from "./+types/credits";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app, member } = requireMember(context, request);
  const t = getI18n(context).t;
  const country = member.profile.country;
  const code = checkoutSchema.shape.code.safeParse(new URL(request.url).searchParams.get("code") ?? "").data ?? null;
  // The configured methods the provider's account has active (Mollie's Methods API, kept an hour).
  const methods: string[] = await offeredMethods(app, country);
  // A purchase started from a conversation carries the way back along (checked, or dropped).
  const returnTo = await returnFromUrl(app, member.id, request.url);
  // From 80 % of the monthly spending limit on, the page says how much is spent.
  const spending = await monthlyLimitWarning(app, member.id);
  const base = { methods, returnTo, spending, title: t("payments:credits.title") };
  if (params.id === undefined) {
    const linked = code ? await checkInAddress(t, () => packageOffers(app, member, country, code)) : null;
    const [offers, overview] = await Promise.all([
      linked && "ok" in linked ? linked.ok : packageOffers(app, member, country),
      creditsOverview(app, member),
    ]);
    const refused = linked && "refused" in linked ? linked.refused : null;
    return {
      ...base,
      ...offers,
      overview,
      refundDays: app.settings.refund_days,
      photoLimit: PREMIUM_PHOTO_LIMIT,
      code: linked && "ok" in linked ? offers.discount?.code : null,
      refused,
      ...noCheckout,
    };
  }
  const offers = await packageOffers(app, member, country);
  const selected = offers.packages.find((p) => String(p.id) === params.id);
  if (!selected) throw data({ message: t("errors:packageNotFound") }, { status: 404 });
  const chosen = params.paymentmethod && methods.includes(params.paymentmethod) ? params.paymentmethod : null;
  if (chosen === "directdebit") throw redirect(`/directdebit?package=${selected.id}`);
  const method = chosen ?? methods[0] ?? null;
  const linked = code
    ? await checkInAddress(t, () =>
        checkTypedCode(app, member, { packageId: selected.id, country, method: method ?? undefined, code }),
      )
    : null;
  return {
    ...base,
    ...offers,
    selected,
    method,
    code,
    linked:
      linked && ("ok" in linked ? { checked: linked.ok, refused: null } : { checked: null, refused: linked.refused }),
    refused: null,
    ...noOverview,
  };
}

const noOverview = { overview: null, refundDays: null, photoLimit: null } as const;
const noCheckout = { selected: null, method: null, linked: null } as const;

type CheckoutReply = { result?: SubmissionResult<string[]>; checked?: CheckedCode; code?: string };

export async function action({ request, context }: Route.ActionArgs): ActionAnswer<CheckoutReply> {
  const { app, member } = requireMember(context, request);
  const t = getI18n(context).t;
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: checkoutSchema });
  if (submission.status !== "success") return rejected(submission);
  const { package: packageId, method, code } = submission.value;
  const country = member.profile.country;
  // A refused discount code is said at the code field; anything else on the form.
  const fieldOf = (code: ErrorCode) => (code.startsWith("discount_") ? "code" : undefined);
  return withDomainErrors(
    submission,
    t,
    async () => {
      if (formData.get("intent") === "check") {
        const checked = await checkTypedCode(app, member, { packageId, country, method, code });
        return { result: submission.reply(), checked };
      }
      if (method === "directdebit") {
        requireMethodOffered(app, country, method);
        return redirect(`/directdebit?package=${packageId}`);
      }
      const returnTo = await returnToConversation(app, member.id, formData.get("return"));
      const { checkoutUrl } = await startCheckout(app, member, { packageId, method, country, code, returnTo });
      // The checkout is another document: the provider's own page (the sandbox's
      // is a resource route here, Mollie's another site), never a client navigation.
      return redirectDocument(checkoutUrl);
    },
    { fieldOf },
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title }];

export default function Credits({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("payments");
  const { packages, discount, selected, title, returnTo, code, refused, spending, overview } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-black break-words">{title}</h1>
      {overview && <CreditsBalance balance={overview.balance} value={overview.creditValue} />}
      {/* Before any package or pay button: this site has fictional profiles. */}
      <FictionalDisclosure className="mt-4" />
      {spending && <SpendingLimitWarning {...spending} />}
      {selected ? (
        <Checkout loaderData={loaderData} actionData={actionData} />
      ) : (
        <>
          {overview?.lastOrder && <LastOrder order={overview.lastOrder} percentage={discount?.percentage} />}
          {overview && (
            <PremiumBenefits
              className="mt-6"
              messageCredits={overview.creditValue.message}
              photoLimit={loaderData.photoLimit ?? 0}
              refundDays={loaderData.refundDays ?? 0}
            />
          )}
          <section className="mt-6" aria-labelledby="choose-package">
            <ActionError actionData={actionData} className="mb-4" />
            {refused && (
              <div className="mb-4">
                <FormMessage>{refused}</FormMessage>
              </div>
            )}
            <h2 id="choose-package" className="mb-4 text-lg font-bold">
              {t("credits.choosePackage")}
            </h2>
            <PackageList
              offers={packages}
              percentage={discount?.percentage}
              messageCredits={overview?.creditValue.message}
              entry={(offer) => ({
                to: `/credits/${offer.id}${pageQuery({ return: returnTo, code })}`,
                action: t("premium.buy"),
              })}
            />
            <p className="mt-6 flex items-center gap-2 text-sm font-semibold">
              <ShieldCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
              {t("premium.oneTime")}
            </p>
          </section>
          <MethodList methods={loaderData.methods} className="mt-6" />
        </>
      )}
    </div>
  );
}

/** The way back to a conversation and a code from a link, carried from page to page. */
function pageQuery(carried: { return: string | null; code?: string | null | undefined }) {
  const query = new URLSearchParams(Object.entries(carried).filter((entry): entry is [string, string] => !!entry[1]));
  return query.size ? `?${query}` : "";
}

type CheckedCode = { code: string; percentage: number; cents: number };

function Checkout({
  loaderData: { selected, methods, method, discount, returnTo, code, linked },
  actionData: reply,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useTranslation("payments");
  const initialValue = { package: String(selected?.id ?? ""), method: method ?? "", code: code ?? "" };
  // A code the link brought that is refused says why at the field, as a checked one would.
  const linkedRefusal: SubmissionResult<string[]> | undefined = linked?.refused
    ? { status: "error", initialValue, error: { code: [linked.refused] } }
    : undefined;
  const [form, fields] = useForm({
    id: "checkout",
    lastResult: reply?.result ?? linkedRefusal,
    constraint: getZodConstraint(checkoutSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: checkoutSchema }),
    defaultValue: initialValue,
    shouldRevalidate: "onInput",
  });
  useFormToast(reply, ({ checked }) =>
    checked ? t("credits.codeApplied", { code: checked.code, percentage: checked.percentage }) : null,
  );
  if (!selected) return null;
  const checked = reply ? reply.checked : (linked?.checked ?? undefined);
  const percentage = checked?.percentage ?? discount?.percentage ?? null;
  const amountCents = checked?.cents ?? selected.amountCents;
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Form method="post" className="card space-y-6 p-5 sm:p-6" {...getFormProps(form)}>
        <input {...getInputProps(fields.package, { type: "hidden" })} key={fields.package.key} />
        {returnTo && <input type="hidden" name="return" value={returnTo} />}
        <MethodTiles meta={fields.method} methods={methods} legend={t("credits.chooseMethod")} />
        <div>
          <div className="flex items-end gap-2">
            <div className="flex-1">
              <InputField meta={fields.code} label={t("credits.discountCode")} autoComplete="off" />
            </div>
            <button type="submit" name="intent" value="check" className="btn-outline mb-0.5">
              {t("credits.checkCode")}
            </button>
          </div>
          {checked && (
            <div className="mt-2">
              <FormMessage tone="success">
                {t("credits.codeApplied", { code: checked.code, percentage: checked.percentage })}
              </FormMessage>
            </div>
          )}
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton name="intent" value="pay">
          {t("credits.pay")}
        </SubmitButton>
      </Form>

      <aside className="card h-fit space-y-4 p-5 sm:p-6" aria-labelledby="order-summary">
        <h2 id="order-summary" className="text-lg font-bold">
          {t("credits.summary")}
        </h2>
        <p className="text-2xl font-black text-primary">{t("package.credits", { count: selected.credits })}</p>
        <div>
          <p className="text-sm text-muted">{t("credits.total")}</p>
          <Price
            priceCents={selected.priceCents}
            amountCents={amountCents}
            currency={selected.currency}
            percentage={percentage}
          />
        </div>
        <p className="flex items-start gap-2 text-sm">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
          {t("premium.oneTime")}
        </p>
        <Link
          to={`/credits${pageQuery({ return: returnTo })}`}
          className="inline-block text-sm font-semibold text-primary hover:underline"
        >
          {t("credits.otherPackage")}
        </Link>
      </aside>
    </div>
  );
}
