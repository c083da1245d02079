// /credits/repeat-order offers an earlier paid order again as today's package
// of the member's country (the one it names, else the one of its size), each
// package and method once, newest first; a method no longer offered there is
// left for the member to choose.
import { describe, expect, it } from "vitest";
import { payments } from "#app/server/db/schema.ts";
import { repeatableOrders } from "#app/server/payments/offers.ts";
import { accountsApp, db, NOW } from "./fixtures.ts";
import { givenPackage, oldMember } from "./payment-fixtures.ts";

describe("orders to buy again", () => {
  it("offers what is on sale today, once per package and method, newest first", async () => {
    const buyer = await oldMember();
    const nl = await givenPackage("NL", 1995, 60);
    const de = await givenPackage("DE", 1995, 60);
    const order = (packageId: number, method: string, minutesAgo: number, status: "paid" | "open" = "paid") => ({
      userId: buyer.id,
      packageId,
      domain: "localhost",
      country: "NL",
      currency: "EUR",
      amountCents: 1995,
      credits: 60,
      method,
      provider: "sandbox",
      providerRef: `sbx_${packageId}_${method}_${minutesAgo}`,
      status,
      createdAt: NOW - minutesAgo * 60_000,
      updatedAt: NOW - minutesAgo * 60_000,
    });
    await db.insert(payments).values([
      order(nl.id, "ideal", 30),
      order(nl.id, "ideal", 10),
      order(nl.id, "paypal", 20),
      order(nl.id, "sofort", 5), // not a method offered in NL: chosen again at checkout
      order(de.id, "ideal", 4), // a package of another country: NL's of the same size
      order(nl.id, "creditcard", 3, "open"), // never paid
    ]);
    const { orders } = await repeatableOrders(accountsApp(), buyer);
    expect(orders.map((o) => [o.offer.id, o.method, o.lastOrderedAt])).toEqual([
      [nl.id, "ideal", NOW - 4 * 60_000],
      [nl.id, null, NOW - 5 * 60_000],
      [nl.id, "paypal", NOW - 20 * 60_000],
    ]);
  });
});
