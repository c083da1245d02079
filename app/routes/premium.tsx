// /premium (members) and /pricing (visitors too, from the footer): the packages
// of the member's country, or a visitor's geo country, in the four styles p0–p3
// with the active discount (time bonus, else welcome code), what premium gives
// (writing to anyone, with what a message costs here) and the refund period
// before the prices, each package with about how many messages it buys, and
// the one-time-payment notice.
// Visitors buy after signing up, so their cards lead to signup (to login
// where this visitor may not sign up).
import { ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSignupEntry } from "#app/components/accounts/signup-modal.tsx";
import { useSignupsOpen } from "#app/components/accounts/signups-open.ts";
import { pageMeta } from "#app/components/layout/page-meta.ts";
import { FictionalDisclosure } from "#app/components/members/fictional-disclosure.tsx";
import { PackageList } from "#app/components/payments/package-card.tsx";
import { PremiumBenefits } from "#app/components/payments/premium-benefits.tsx";
import { DiscountBadge } from "#app/components/payments/price.tsx";
import { requestContext } from "#app/context.ts";
import { formatDate } from "#app/i18n/format.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import { creditValue } from "#app/server/payments/credits-overview.ts";
import { packageOffers } from "#app/server/payments/offers.ts";
import { PREMIUM_PHOTO_LIMIT } from "#app/server/photos/limits.ts";
import type { Route } from "./+types/premium";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  const forVisitors = new URL(request.url).pathname.startsWith("/pricing");
  const member = forVisitors ? app.member : requireMember(context, request).member;
  const country = member?.profile.country ?? app.country;
  const offers = await packageOffers(app, member, country);
  const t = getI18n(context).t;
  return {
    ...offers,
    loggedIn: member !== null,
    refundDays: app.settings.refund_days,
    photoLimit: PREMIUM_PHOTO_LIMIT,
    messageCredits: creditValue(app.settings, country).message,
    title: t(forVisitors ? "payments:premium.pricingTitle" : "payments:premium.title"),
  };
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, args.loaderData);

export default function Premium({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("payments");
  const locale = useLocale();
  const openSignup = useSignupEntry();
  const signupsOpen = useSignupsOpen();
  const { packages, discount, loggedIn, refundDays, photoLimit, messageCredits, title } = loaderData;
  // Where a package card leads: buying (a member), signup, or login where this visitor may not sign up.
  const buyEntry = (offer: { id: number }) =>
    loggedIn
      ? { to: `/credits/${offer.id}`, action: t("premium.buy") }
      : signupsOpen
        ? { to: "/signup", action: t("premium.signupToBuy"), onClick: openSignup ?? undefined }
        : { to: "/login?redirectTo=/premium", action: t("premium.loginToBuy") };
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <header className="space-y-2 text-center">
        <h1 className="text-3xl font-black">{title}</h1>
        <p className="text-muted">{t("premium.intro")}</p>
        <FictionalDisclosure className="mx-auto max-w-2xl text-left" />
        {discount && (
          <p className="inline-flex flex-wrap items-center justify-center gap-2 rounded-full bg-success/10 px-4 py-2 text-sm font-semibold text-success">
            <DiscountBadge percentage={discount.percentage} />
            {discount.kind === "welcome" && discount.expiresAt
              ? t("premium.discountUntil", {
                  percentage: discount.percentage,
                  date: formatDate(discount.expiresAt, locale),
                })
              : t("premium.discount", { percentage: discount.percentage })}
          </p>
        )}
      </header>

      <PremiumBenefits messageCredits={messageCredits} photoLimit={photoLimit} refundDays={refundDays} />

      <section aria-labelledby="packages-title">
        <h2 id="packages-title" className="sr-only">
          {t("credits.choosePackage")}
        </h2>
        <PackageList
          offers={packages}
          percentage={discount?.percentage}
          messageCredits={messageCredits}
          entry={buyEntry}
        />
      </section>

      <p className="flex items-center justify-center gap-2 text-center font-semibold" data-testid="one-time-payment">
        <ShieldCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
        {t("premium.oneTime")}
      </p>
    </div>
  );
}
