// A paid member's last order on top of the credits page: the package, when it
// was bought and today's price for it, with "Order again" one tap away.
import { useTranslation } from "react-i18next";
import { formatDate } from "#app/i18n/format.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { OrderAgain } from "./order-again.tsx";
import { Price } from "./price.tsx";

export function LastOrder({
  order,
  percentage,
}: {
  order: {
    method: string | null;
    lastOrderedAt: number;
    offer: { id: number; credits: number; priceCents: number; amountCents: number; currency: string };
  };
  percentage?: number | null | undefined;
}) {
  const { t } = useTranslation("payments");
  const { offer, method, lastOrderedAt } = order;
  return (
    <section className="card mt-4 flex flex-wrap items-center gap-x-4 gap-y-3 p-5" data-testid="last-order">
      <div className="min-w-0 flex-1 basis-48">
        <h2 className="text-sm font-bold text-muted">{t("lastOrder.title")}</h2>
        <p className="text-lg font-bold break-words">{t("package.credits", { count: offer.credits })}</p>
        <OrderedOn method={method} lastOrderedAt={lastOrderedAt} />
      </div>
      <Price
        priceCents={offer.priceCents}
        amountCents={offer.amountCents}
        currency={offer.currency}
        percentage={percentage}
        size="md"
      />
      <OrderAgain offer={offer} method={method} label={t("lastOrder.again")} className="w-full sm:w-auto" />
    </section>
  );
}

/** How an earlier order is told: how it was paid and when. */
export function OrderedOn({ method, lastOrderedAt }: { method: string | null; lastOrderedAt: number }) {
  const { t } = useTranslation("payments");
  const locale = useLocale();
  return (
    <p className="text-sm text-muted">
      {method && `${t(`methods.${method}`)} · `}
      {t("repeat.lastOrder", { date: formatDate(lastOrderedAt, locale, { dateStyle: "medium" }) })}
    </p>
  );
}
