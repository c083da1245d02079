// /premium (members) and /pricing (visitors too, from the footer): the packages
// of the member's country, or a visitor's geo country, in the four styles p0–p3
// with the active discount (time bonus, else welcome code), the
// one-time-payment notice, what premium gives and the refund period.
// Visitors buy after signing up, so their cards lead to signup (to login
// where this visitor may not sign up).
import { Check, Images, MessageCircle, ShieldCheck, Infinity as Unlimited } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSignupEntry } from "#app/components/accounts/signup-modal.tsx";
import { useSignupsOpen } from "#app/components/accounts/signups-open.ts";
import { pageMeta } from "#app/components/layout/page-meta.ts";
import { FictionalDisclosure } from "#app/components/members/fictional-disclosure.tsx";
import { PackageList } from "#app/components/payments/package-card.tsx";
import { DiscountBadge } from "#app/components/payments/price.tsx";
import { requestContext } from "#app/context.ts";
import { formatDate } from "#app/i18n/format.ts";
import { getI18n } from "#app/i18n/i18next.server.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { requireMember } from "#app/routing/guards.server.ts";
import { packageOffers } from "#app/server/payments/offers.ts";
import { PREMIUM_PHOTO_LIMIT } from "#app/server/photos/limits.ts";
import type { Route } from "./+types/premium";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(requestContext);
  const forVisitors = new URL(request.url).pathname.startsWith("/pricing");
  const member = forVisitors ? app.member : requireMember(context, request).member;
  const offers = await packageOffers(app, member, member?.profile.country ?? app.country);
  const t = getI18n(context).t;
  return {
    ...offers,
    loggedIn: member !== null,
    refundDays: app.settings.refund_days,
    photoLimit: PREMIUM_PHOTO_LIMIT,
    title: t(forVisitors ? "payments:premium.pricingTitle" : "payments:premium.title"),
  };
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, args.loaderData);

export default function Premium({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("payments");
  const locale = useLocale();
  const openSignup = useSignupEntry();
  const signupsOpen = useSignupsOpen();
  const { packages, discount, loggedIn, refundDays, photoLimit, title } = loaderData;
  // Where a package card leads: buying (a member), signup, or login where this visitor may not sign up.
  const buyEntry = (offer: { id: number }) =>
    loggedIn
      ? { to: `/credits/${offer.id}`, action: t("premium.buy") }
      : signupsOpen
        ? { to: "/signup", action: t("premium.signupToBuy"), onClick: openSignup ?? undefined }
        : { to: "/login?redirectTo=/premium", action: t("premium.loginToBuy") };
  const benefits = [
    { icon: Images, text: t("premium.benefits.allPhotos") },
    { icon: Unlimited, text: t("premium.benefits.unlimitedPhotos") },
    { icon: Check, text: t("premium.benefits.ownPhotos", { count: photoLimit }) },
    { icon: MessageCircle, text: t("premium.benefits.chat") },
  ];
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

      <section aria-labelledby="packages-title">
        <h2 id="packages-title" className="sr-only">
          {t("credits.choosePackage")}
        </h2>
        <PackageList offers={packages} percentage={discount?.percentage} entry={buyEntry} />
      </section>

      <p className="flex items-center justify-center gap-2 text-center font-semibold" data-testid="one-time-payment">
        <ShieldCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
        {t("premium.oneTime")}
      </p>

      <section className="card p-6" aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="text-xl font-bold">
          {t("premium.benefitsTitle")}
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {benefits.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3">
              <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
        <p className="mt-5 text-sm text-muted">{t("premium.refund", { count: refundDays })}</p>
      </section>
    </div>
  );
}
