// The credits page sells itself: the member's balance first, then what one
// credit buys on their domain, then (for a member who paid before) their last
// order to buy again in one tap. And an earlier paid order is always there to
// repeat, also when it names no package (an imported or seeded purchase) or its
// package has since been switched off: today's package with the same credits
// stands in for it.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditPackages, payments, users } from "#app/server/db/schema.ts";
import { creditsOverview } from "#app/server/payments/credits-overview.ts";
import { repeatableOrders } from "#app/server/payments/offers.ts";
import { accountsApp, db, NOW, sessionCookieFor } from "./fixtures.ts";
import { givenPackage, member, oldMember } from "./payment-fixtures.ts";

const paidOrder = (userId: number, values: { packageId: number | null; credits: number; minutesAgo: number }) => ({
  userId,
  packageId: values.packageId,
  domain: "localhost",
  country: "NL",
  currency: "EUR",
  amountCents: 1995,
  credits: values.credits,
  method: "ideal",
  provider: "sandbox",
  providerRef: `sbx_${userId}_${values.minutesAgo}`,
  status: "paid" as const,
  createdAt: NOW - values.minutesAgo * 60_000,
  updatedAt: NOW - values.minutesAgo * 60_000,
});

async function premiumMember() {
  const buyer = await oldMember();
  await db.update(users).set({ paidUser: true, credits: 12 }).where(eq(users.id, buyer.id));
  return member(buyer.id);
}

describe("a premium member's repeat order", () => {
  it("is not empty when their paid order names no package: today's package with its credits stands in", async () => {
    const buyer = await premiumMember();
    const sixty = await givenPackage("NL", 1995, 60);
    await db.insert(payments).values(paidOrder(buyer.id, { packageId: null, credits: 60, minutesAgo: 60 }));
    const { orders } = await repeatableOrders(accountsApp(), buyer);
    expect(orders.map((o) => [o.offer.id, o.method])).toEqual([[sixty.id, "ideal"]]);
  });

  it("is not empty when the package they bought was switched off and replaced", async () => {
    const buyer = await premiumMember();
    const old = await givenPackage("NL", 1795, 60);
    await db.insert(payments).values(paidOrder(buyer.id, { packageId: old.id, credits: 60, minutesAgo: 60 }));
    await db.update(creditPackages).set({ active: false }).where(eq(creditPackages.id, old.id));
    const today = await givenPackage("NL", 1995, 60);
    const { orders } = await repeatableOrders(accountsApp(), buyer);
    expect(orders.map((o) => [o.offer.id, o.offer.priceCents])).toEqual([[today.id, 1995]]);
  });
});

describe("the credits page's overview", () => {
  it("gives the balance, what a credit buys on the member's domain and the last order", async () => {
    const buyer = await premiumMember();
    const sixty = await givenPackage("NL", 1995, 60);
    await givenPackage("NL", 4495, 150);
    await db
      .insert(payments)
      .values([
        paidOrder(buyer.id, { packageId: sixty.id, credits: 60, minutesAgo: 90 }),
        paidOrder(buyer.id, { packageId: null, credits: 150, minutesAgo: 30 }),
      ]);
    const app = accountsApp({
      settings: { message_credits: 1, photo_credits: 3, gift_credits: 6, minimum_message_costs: {} },
    });
    const overview = await creditsOverview(app, buyer);
    expect(overview.balance).toBe(12);
    expect(overview.creditValue).toEqual({ message: 1, photo: 3, gift: 6 });
    expect(overview.lastOrder).toMatchObject({
      method: "ideal",
      lastOrderedAt: NOW - 30 * 60_000,
      offer: { credits: 150, priceCents: 4495 },
    });
  });

  it("raises what a message costs to the member's country's minimum", async () => {
    const buyer = await premiumMember();
    const app = accountsApp({
      settings: {
        message_credits: 1,
        photo_credits: 2,
        gift_credits: 5,
        minimum_message_costs: { NL: { costs: 3, currency: "EUR" } },
      },
    });
    const overview = await creditsOverview(app, buyer);
    expect(overview.creditValue).toEqual({ message: 3, photo: 3, gift: 5 });
    expect(overview.lastOrder).toBeNull();
  });
});

describe("the credits page", () => {
  it("shows a paid member their balance and last order above the benefits, and those above the first price", async () => {
    const buyer = await premiumMember();
    const sixty = await givenPackage("NL", 1995, 60);
    await db.insert(payments).values(paidOrder(buyer.id, { packageId: sixty.id, credits: 60, minutesAgo: 60 }));
    const html = await (
      await SELF.fetch("http://localhost/credits", { headers: { Cookie: await sessionCookieFor(buyer.id) } })
    ).text();
    const at = (testId: string) => html.indexOf(`data-testid="${testId}"`);
    for (const id of ["credits-balance", "credit-value", "last-order", "premium-benefits", "package-p1"]) {
      expect(at(id), id).toBeGreaterThan(-1);
    }
    expect(at("credits-balance")).toBeLessThan(at("credit-value"));
    expect(at("last-order")).toBeLessThan(at("premium-benefits"));
    expect(at("premium-benefits")).toBeLessThan(at("package-p1"));
  });
});
