// A credit package in one of the four styles p0–p3: plain, the
// "popular" one with its ribbon, warm, and dark; credits, price (struck through
// with a badge when a discount applies), the price per credit and roughly how
// many messages it buys; and the packages on offer side by side, or the line
// that there are none.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PackageOffer } from "#app/server/payments/offers.ts";
import { PerCredit, Price } from "./price.tsx";

const looks: Record<PackageOffer["style"], { card: string; head: string; button: string }> = {
  p0: { card: "border border-line bg-card", head: "text-ink", button: "btn-outline" },
  p1: {
    card: "border-2 border-primary bg-card shadow-lg lg:-translate-y-2",
    head: "text-primary",
    button: "btn-primary",
  },
  p2: { card: "border border-secondary/40 bg-secondary-soft", head: "text-secondary", button: "btn-secondary" },
  p3: { card: "bg-ink text-white", head: "text-white", button: "btn bg-white text-ink hover:bg-primary-soft" },
};

function PackageCard({
  offer,
  to,
  action,
  percentage,
  messageCredits,
  selected = false,
  onClick,
}: {
  offer: PackageOffer;
  messageCredits?: number | undefined;
  to: string;
  action: string;
  percentage?: number | null;
  selected?: boolean;
  onClick?: (event: { preventDefault(): void }) => void;
}) {
  const { t } = useTranslation("payments");
  const look = looks[offer.style];
  const credits = t("package.credits", { count: offer.credits });
  return (
    <article
      className={`relative flex min-w-0 flex-col overflow-hidden rounded-(--radius-card) p-5 ${look.card} ${selected ? "ring-4 ring-primary/40" : ""}`}
      data-testid={`package-${offer.style}`}
      aria-labelledby={`package-${offer.id}-title`}
    >
      {offer.popular && (
        <span
          className="absolute top-5 -right-12 w-44 rotate-45 bg-primary py-1 text-center text-xs font-bold tracking-wide text-white uppercase shadow"
          data-testid="popular-ribbon"
          data-bleed
        >
          {t("premium.popular")}
        </span>
      )}
      <h3
        id={`package-${offer.id}-title`}
        className={`text-2xl font-black break-words ${look.head} ${offer.popular ? "pr-12" : ""}`}
      >
        {credits}
      </h3>
      <div className="mt-3">
        <Price
          priceCents={offer.priceCents}
          amountCents={offer.amountCents}
          currency={offer.currency}
          percentage={percentage}
        />
      </div>
      <div className="mt-1">
        <PerCredit amountCents={offer.amountCents} credits={offer.credits} currency={offer.currency} />
      </div>
      {messageCredits ? (
        <p className="mt-1 text-sm font-semibold" data-testid="package-messages">
          {t("package.messages", { count: Math.floor(offer.credits / messageCredits) })}
        </p>
      ) : null}
      <div className="mt-auto pt-5">
        <Link
          to={to}
          className={`${look.button} w-full text-center`}
          aria-current={selected ? "true" : undefined}
          onClick={onClick}
        >
          {action}
          <span className="sr-only">: {credits}</span>
        </Link>
      </div>
    </article>
  );
}

/** Where each card leads and what its button says. */
type PackageEntry = Pick<Parameters<typeof PackageCard>[0], "to" | "action" | "onClick">;

export function PackageList({
  offers,
  percentage,
  messageCredits,
  entry,
}: {
  offers: readonly PackageOffer[];
  percentage?: number | null;
  /** What a message costs, to say how many a package buys (none when messages are free). */
  messageCredits?: number | undefined;
  entry: (offer: PackageOffer) => PackageEntry;
}) {
  const { t } = useTranslation("payments");
  if (offers.length === 0) return <p className="card p-6 text-center text-muted">{t("credits.noPackages")}</p>;
  return (
    <div className="grid gap-5 pt-2 sm:grid-cols-2 lg:grid-cols-4">
      {offers.map((offer) => (
        <PackageCard
          key={offer.id}
          offer={offer}
          percentage={percentage}
          messageCredits={messageCredits}
          {...entry(offer)}
        />
      ))}
    </div>
  );
}
