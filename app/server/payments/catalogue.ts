// Credit packages and payment methods per country. Packages belong to
// a domain; a domain without its own uses the defaults (domain "*"). Four
// styles p0–p3, one of them "popular".
import { and, asc, eq, inArray } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { PaymentMethod } from "#app/schemas/enums.ts";
import { creditPackages } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import type { SiteSettings } from "#app/server/settings/schema.ts";

type CatalogueContext = Pick<RequestContext, "db" | "settings">;

/** The domain of the default packages, for every domain without packages of its own. */
export const DEFAULT_PACKAGES_DOMAIN = "*";

export const currencyOf: Record<string, string> = {
  NL: "EUR",
  BE: "EUR",
  DE: "EUR",
  AT: "EUR",
  FR: "EUR",
  IT: "EUR",
  ES: "EUR",
  IE: "EUR",
  FI: "EUR",
  GB: "GBP",
  US: "USD",
  CA: "CAD",
  AU: "AUD",
  NZ: "NZD",
  CH: "CHF",
  DK: "DKK",
  NO: "NOK",
  SE: "SEK",
  PL: "PLN",
};

/** Methods offered when the domain does not say (regional ones where people use them). */
const defaultMethods: Record<string, PaymentMethod[]> = {
  NL: ["ideal", "creditcard", "paypal", "directdebit", "banktransfer"],
  BE: ["bancontact", "creditcard", "paypal", "banktransfer"],
  DE: ["sofort", "creditcard", "paypal", "directdebit", "klarna"],
  AT: ["eps", "creditcard", "paypal", "sofort"],
  PL: ["blik", "przelewy24", "creditcard", "paypal"],
  DK: ["mobilepay", "creditcard", "paypal"],
  NO: ["vipps", "creditcard", "paypal"],
  SE: ["trustly", "klarna", "creditcard", "paypal"],
  FI: ["trustly", "creditcard", "paypal"],
  CH: ["twint", "creditcard", "paypal"],
};

export function paymentMethodsFor(app: Pick<RequestContext, "settings">, country: string): PaymentMethod[] {
  return app.settings.payment_methods[country] ?? defaultMethods[country] ?? ["creditcard", "paypal", "banktransfer"];
}

/** The domain's countries in which it offers a method, in the domain's order. */
export function countriesOffering(app: Pick<RequestContext, "settings">, method: PaymentMethod): string[] {
  return app.settings.countries.filter((country) => paymentMethodsFor(app, country).includes(method));
}

/** Refuses a method the country is not offered: every way into a payment asks this first. */
export function requireMethodOffered(app: Pick<RequestContext, "settings">, country: string, method: string) {
  if (!(paymentMethodsFor(app, country) as string[]).includes(method)) throw new DomainError("method_not_offered");
}

export async function packagesFor(app: CatalogueContext, country: string) {
  const rows = await app.db
    .select()
    .from(creditPackages)
    .where(
      and(
        inArray(creditPackages.domain, [app.settings.domain, DEFAULT_PACKAGES_DOMAIN]),
        eq(creditPackages.country, country),
        eq(creditPackages.active, true),
      ),
    )
    .orderBy(asc(creditPackages.priceCents));
  // The domain's own packages win over the defaults.
  const own = rows.filter((p) => p.domain === app.settings.domain);
  const offered = own.length ? own : rows.filter((p) => p.domain === DEFAULT_PACKAGES_DOMAIN);
  return offered.map((p) => ({ ...p, currency: priceCurrency(app.settings, country, p.currency) }));
}

/**
 * The currency a country's prices are shown and charged in: the one the domain
 * names for the country (beside its minimum message costs), else the package's
 * own. Every price a member sees or pays comes through packagesFor, so through here.
 */
function priceCurrency(settings: Pick<SiteSettings, "minimum_message_costs">, country: string, own: string) {
  return settings.minimum_message_costs[country]?.currency ?? own;
}

export async function packageFor(app: CatalogueContext, country: string, id: number) {
  return (await packagesFor(app, country)).find((p) => p.id === id) ?? null;
}

export const discounted = (cents: number, percentage: number) => Math.round((cents * (100 - percentage)) / 100);
