// The packages of a country as the premium, pricing and credits pages show
// them: each with the price after the member's active discount (the time bonus,
// else the welcome code, as quote() applies it), asking for that code once
// rather than once per package. Visitors see list prices.
import type { RequestContext } from "#app/context.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { discounted, packagesFor } from "./catalogue.ts";
import { activeCode } from "./discounts.ts";

type OffersContext = Pick<RequestContext, "db" | "env" | "settings" | "now">;

export async function packageOffers(app: OffersContext, member: SessionMember | null, country: string) {
  const [packages, discount] = await Promise.all([
    packagesFor(app, country),
    member ? activeCode(app, member) : Promise.resolve(null),
  ]);
  return {
    discount: discount && {
      code: discount.code,
      kind: discount.kind,
      percentage: discount.valuePercentage,
      expiresAt: discount.expiresAt,
    },
    packages: packages.map((pkg) => ({
      id: pkg.id,
      credits: pkg.credits,
      currency: pkg.currency,
      style: pkg.style,
      popular: pkg.popular,
      priceCents: pkg.priceCents,
      amountCents: discount ? discounted(pkg.priceCents, discount.valuePercentage) : pkg.priceCents,
    })),
  };
}

export type PackageOffers = Awaited<ReturnType<typeof packageOffers>>;
export type PackageOffer = PackageOffers["packages"][number];
