// Credit packages and payment methods per country. Packages belong to
// a domain; a domain without its own uses the defaults (domain "*"). Four
// styles p0–p3, one of them "popular". The methods offered are the domain's
// (or the defaults below), only those Mollie takes (mollie.ts), and of those
// only the ones the provider's account has active for the order: Mollie's
// Methods API is asked, its answer kept an hour in KV, and when it cannot be
// asked the configured methods stand.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { PaymentMethod } from "#app/schemas/enums.ts";
import { creditPackages } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { errorFields } from "#app/server/log.ts";
import type { SiteSettings } from "#app/server/settings/schema.ts";
import { MOLLIE_METHODS } from "./mollie.ts";
import { type MethodsQuery, type PaymentProvider, paymentProvider } from "./provider.ts";

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
  DE: ["creditcard", "paypal", "directdebit", "banktransfer"],
  AT: ["eps", "creditcard", "paypal", "banktransfer"],
  PL: ["blik", "przelewy24", "creditcard", "paypal"],
  DK: ["mobilepay", "creditcard", "paypal"],
  NO: ["vipps", "creditcard", "paypal"],
  SE: ["trustly", "creditcard", "paypal"],
  FI: ["trustly", "creditcard", "paypal"],
  CH: ["twint", "creditcard", "paypal"],
};

/**
 * The methods configured for a country that Mollie takes: a domain whose
 * settings still name a retired method (sofort, giropay) or one we cannot
 * start (klarna) simply does not offer it.
 */
export function paymentMethodsFor(app: Pick<RequestContext, "settings">, country: string): PaymentMethod[] {
  const configured = app.settings.payment_methods[country] ??
    defaultMethods[country] ?? ["creditcard", "paypal", "banktransfer"];
  return configured.filter((method) => MOLLIE_METHODS.includes(method));
}

type MethodsContext = Pick<RequestContext, "settings" | "env" | "db" | "log"> & { locale?: string };

/** How long the provider's list of active methods is kept. */
const ACTIVE_METHODS_TTL_SECONDS = 3600;

/** The provider's active methods for a query, from KV when asked within the hour; null when it cannot say. */
async function activeAt(app: MethodsContext, provider: PaymentProvider, query: MethodsQuery) {
  if (!provider.activeMethods) return null;
  const { sequenceType, country, locale, currency, amountCents } = query;
  const key = `methods:${provider.name}:${sequenceType}:${country}:${locale}:${currency}:${amountCents ?? "any"}`;
  try {
    const kept = await app.env.SETTINGS.get<string[]>(key, "json");
    if (kept) return kept;
    const active = await provider.activeMethods(query);
    await app.env.SETTINGS.put(key, JSON.stringify(active), { expirationTtl: ACTIVE_METHODS_TTL_SECONDS });
    return active;
  } catch (error) {
    app.log.warn("active payment methods not known, the configured ones are offered", {
      country,
      ...errorFields(error),
    });
    return null;
  }
}

/**
 * The methods a member in `country` is offered: the configured ones the
 * provider's account has active, for the order's amount when it is known.
 * Direct debit is asked about as a recurring payment (which is how it is
 * collected), the others as one-off payments.
 */
export async function offeredMethods(
  app: MethodsContext,
  country: string,
  order?: { amountCents: number; currency: string },
): Promise<PaymentMethod[]> {
  const configured = paymentMethodsFor(app, country);
  const provider = paymentProvider(app);
  const base = {
    country,
    locale: app.locale ?? "en",
    currency: order?.currency ?? currencyOf[country] ?? "EUR",
    amountCents: order?.amountCents,
  };
  const [oneoff, recurring] = await Promise.all([
    configured.some((m) => m !== "directdebit") ? activeAt(app, provider, { ...base, sequenceType: "oneoff" }) : [],
    configured.includes("directdebit") ? activeAt(app, provider, { ...base, sequenceType: "recurring" }) : [],
  ]);
  return configured.filter((method) => {
    const active = method === "directdebit" ? recurring : oneoff;
    return active === null || active.includes(method);
  });
}

/** Refuses a method the provider's account does not have active for this order (see offeredMethods). */
export async function requireMethodActive(
  app: MethodsContext,
  country: string,
  method: string,
  order: { amountCents: number; currency: string },
) {
  if (!(paymentMethodsFor(app, country) as string[]).includes(method)) throw new DomainError("method_not_offered");
  const sequenceType = method === "directdebit" ? "recurring" : "oneoff";
  const query = { country, locale: app.locale ?? "en", ...order, sequenceType } as const;
  const active = await activeAt(app, paymentProvider(app), query);
  if (active && !active.includes(method)) throw new DomainError("method_not_offered");
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
