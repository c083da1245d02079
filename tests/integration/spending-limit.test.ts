// The monthly spending limit (monthly_spending_limit_cents, per calendar month
// in UTC): a checkout that would pass it is refused before anything is written
// or asked of the provider, with what is left this month; from 80 % on the
// credits page says how much of it is spent.
import { SELF } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { translator } from "#app/i18n/i18next.server.ts";
import { payments } from "#app/server/db/schema.ts";
import { startCheckout } from "#app/server/payments/checkout.ts";
import { startDirectDebit } from "#app/server/payments/direct-debit.ts";
import { accountsApp, db, failure, NOW, SITE, sessionCookieFor } from "./fixtures.ts";
import { directDebitForm, givenPackage, oldMember } from "./payment-fixtures.ts";

const LIMIT = 50_000;

async function paid(userId: number, amountCents: number, createdAt = NOW - 86_400_000) {
  await db.insert(payments).values({
    userId,
    domain: "localhost",
    country: "NL",
    currency: "EUR",
    amountCents,
    credits: 100,
    method: "ideal",
    provider: "sandbox",
    status: "paid",
    createdAt,
    updatedAt: createdAt,
  });
}

const paymentsOf = async (userId: number) =>
  (await db.select({ n: count() }).from(payments).where(eq(payments.userId, userId)))[0]!.n;

describe("the monthly spending limit", () => {
  it("refuses a checkout that would pass it, saying what is left, and writes nothing", async () => {
    const pkg = await givenPackage("NL", 1995);
    const buyer = await oldMember();
    await paid(buyer.id, LIMIT - 1000);
    // Paid last month counts nothing this month.
    await paid(buyer.id, LIMIT, Date.UTC(2026, 9, 31, 23, 0));
    const app = accountsApp({ settings: { monthly_spending_limit_cents: LIMIT } });
    const input = { packageId: pkg.id, method: "ideal", country: "NL" };
    expect(await failure(startCheckout(app, buyer, input))).toEqual({
      code: "spending_limit_reached",
      value: 10,
      currency: "EUR",
    });
    expect(await paymentsOf(buyer.id)).toBe(2);
    const direct = directDebitForm({ package: String(pkg.id) });
    expect(await failure(startDirectDebit(app, buyer, direct.data!, "NL"))).toMatchObject({
      code: "spending_limit_reached",
    });
    expect(await paymentsOf(buyer.id)).toBe(2);
    // Without a limit (0) the same checkout starts.
    const unlimited = accountsApp({ settings: { monthly_spending_limit_cents: 0 } });
    expect((await startCheckout(unlimited, buyer, input)).paymentId).toBeGreaterThan(0);
  });

  it("counts a checkout still under way, so two opened together cannot pass it", async () => {
    const pkg = await givenPackage("NL", 20_000);
    const buyer = await oldMember();
    const app = accountsApp({ settings: { monthly_spending_limit_cents: LIMIT } });
    const input = { packageId: pkg.id, method: "ideal", country: "NL" };
    await startCheckout(app, buyer, input);
    await startCheckout(app, buyer, input);
    expect(await failure(startCheckout(app, buyer, input))).toMatchObject({
      code: "spending_limit_reached",
      value: 100,
    });
  });

  it("says on the credits page how much of the limit is spent, from 80 % on", async () => {
    const buyer = await oldMember();
    const cookie = await sessionCookieFor(buyer.id);
    const page = async () => await (await SELF.fetch(`${SITE}/credits`, { headers: { Cookie: cookie } })).text();
    // The built-in domain's limit, at the real month (the page runs on the clock).
    await paid(buyer.id, 30_000, Date.now() - 1000);
    expect(await page()).not.toContain('data-testid="spending-limit-warning"');
    await paid(buyer.id, 10_000, Date.now() - 1000);
    const html = await page();
    expect(html).toContain('data-testid="spending-limit-warning"');
    const text = translator("nl")("payments:credits.limitWarning", { spent: 400, limit: 500, currency: "EUR" });
    expect(html.replaceAll("<!-- -->", "")).toContain(text);
  });
});
