// What the price pages and badges show: the member's current offer (the time
// bonus, else the welcome code, as the discount rule allows it and as quote()
// applies it) and each package of a country with its price after that offer,
// asking for the offer once rather than once per package. A code the member
// brings (in a link to the price page) is asked about as a typed code is, and
// replaces that offer when it is good. Visitors see list prices and no offer.
import type { RequestContext } from "#app/context.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { discounted, packagesFor, paymentMethodsFor } from "./catalogue.ts";
import { earlierOrders } from "./checkout.ts";
import { activeCode, askedCode } from "./discounts.ts";

type OffersContext = Pick<RequestContext, "db" | "env" | "settings" | "now">;

/** The discount to show this member (a banner, a "−25 %" badge), or null; a refused `typed` code throws. */
export async function memberOffer(
  app: Pick<RequestContext, "db" | "env" | "now">,
  member: SessionMember | null,
  typed?: string | null,
) {
  const code = !member
    ? null
    : typed
      ? await askedCode(app, member, { code: typed, welcome: false })
      : await activeCode(app, member);
  return code && { code: code.code, kind: code.kind, percentage: code.valuePercentage, expiresAt: code.expiresAt };
}

export async function packageOffers(
  app: OffersContext,
  member: SessionMember | null,
  country: string,
  typed?: string | null,
) {
  const [packages, discount] = await Promise.all([packagesFor(app, country), memberOffer(app, member, typed)]);
  return {
    discount,
    packages: packages.map((pkg) => ({
      id: pkg.id,
      credits: pkg.credits,
      currency: pkg.currency,
      style: pkg.style,
      popular: pkg.popular,
      priceCents: pkg.priceCents,
      amountCents: discount ? discounted(pkg.priceCents, discount.percentage) : pkg.priceCents,
    })),
  };
}

type PackageOffers = Awaited<ReturnType<typeof packageOffers>>;
export type PackageOffer = PackageOffers["packages"][number];

/**
 * Earlier paid orders the member can buy again in one click, newest first, once
 * per package and method, at today's price after today's offer. An order's
 * package is the one it names while that is still offered in the member's
 * country; else (an order that names none, as imported or seeded purchases, or
 * a package switched off or replaced since) today's package with the same
 * credits. A method no longer offered there leaves `method` null: the member
 * picks one at checkout. Orders with no package of their size today drop out.
 */
export async function repeatableOrders(app: OffersContext, member: SessionMember) {
  const country = member.profile.country;
  const [orders, offers] = await Promise.all([earlierOrders(app, member.id), packageOffers(app, member, country)]);
  const methods: string[] = paymentMethodsFor(app, country);
  const seen = new Set<string>();
  const repeatable = orders.flatMap((order) => {
    const offer =
      offers.packages.find((p) => p.id === order.packageId) ?? offers.packages.find((p) => p.credits === order.credits);
    const method = methods.includes(order.method) ? order.method : null;
    const key = `${offer?.id}:${method}`;
    if (!offer || seen.has(key)) return [];
    seen.add(key);
    return [{ id: order.id, method, lastOrderedAt: order.createdAt, offer }];
  });
  return { orders: repeatable, discount: offers.discount };
}
