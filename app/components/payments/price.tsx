// A price in the package's currency; with a discount the list price is struck
// through next to a "−25%" badge, as on the premium overview.
import { useTranslation } from "react-i18next";
import { formatMoney } from "#app/i18n/format.ts";
import { useLocale } from "#app/i18n/use-locale.ts";

export function DiscountBadge({ percentage, className = "" }: { percentage: number; className?: string }) {
  const { t } = useTranslation("payments");
  return (
    <span className={`badge bg-success px-2 py-0.5 text-sm text-white ${className}`} data-testid="discount-badge">
      <span aria-hidden="true">{t("package.badge", { percentage })}</span>
      <span className="sr-only">{t("package.discountLabel", { percentage })}</span>
    </span>
  );
}

export function Price({
  priceCents,
  amountCents,
  currency,
  percentage,
  size = "lg",
}: {
  priceCents: number;
  amountCents: number;
  currency: string;
  percentage?: number | null;
  size?: "lg" | "md";
}) {
  const { t } = useTranslation("payments");
  const locale = useLocale();
  const reduced = amountCents < priceCents;
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      {reduced && (
        <del className="text-sm opacity-75" data-testid="old-price">
          <span className="sr-only">{t("package.oldPrice")} </span>
          {formatMoney(priceCents, currency, locale)}
        </del>
      )}
      <span className={`font-black ${size === "lg" ? "text-3xl" : "text-xl"}`} data-testid="price">
        {reduced && <span className="sr-only">{t("package.newPrice")} </span>}
        {formatMoney(amountCents, currency, locale)}
      </span>
      {reduced && percentage ? <DiscountBadge percentage={percentage} /> : null}
    </div>
  );
}

/** What one credit costs in this package, after the discount. */
export function PerCredit({
  amountCents,
  credits,
  currency,
}: {
  amountCents: number;
  credits: number;
  currency: string;
}) {
  const { t } = useTranslation("payments");
  const locale = useLocale();
  return (
    <p className="text-sm opacity-80">
      {t("package.perCredit", { price: formatMoney(amountCents / credits, currency, locale) })}
    </p>
  );
}
