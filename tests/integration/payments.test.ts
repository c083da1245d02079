import { SELF } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditLedger, discountCodes, discountRedemptions, payments, users } from "#app/server/db/schema.ts";
import { checkTypedCode, handleWebhook, startCheckout } from "#app/server/payments/checkout.ts";
import { checkCode, TIME_BONUS_SECONDS, timeBonus, welcomeCode } from "#app/server/payments/discounts.ts";
import { isFirstPurchase } from "#app/server/payments/history.ts";
import { sandboxPayment, settleSandboxPayment } from "#app/server/payments/sandbox.ts";
import { chooseSandboxOutcome, isSandboxOpen } from "#app/server/payments/sandbox-checkout.ts";
import { accountsApp, db, givenAccount, NOW, outcome, sessionCookieFor, walletLedgerSum } from "./fixtures.ts";
import { givenPackage, member, oldMember } from "./payment-fixtures.ts";

const webhook = (ref: string) =>
  SELF.fetch("http://localhost/api/payments/webhook/sandbox", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: `id=${ref}`,
  });

describe("buying credits through the sandbox provider", () => {
  it("credits once however often the webhook comes, and makes the member premium", async () => {
    const pkg = await givenPackage();
    const buyer = await oldMember();
    const app = accountsApp();
    const { paymentId, checkoutUrl } = await startCheckout(app, buyer, {
      packageId: pkg.id,
      method: "ideal",
      country: "NL",
    });
    expect(checkoutUrl).toMatch(/^\/payments\/sandbox\/sbx_/);
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: "open", amountCents: 1995, credits: 60, provider: "sandbox" });
    await settleSandboxPayment(db, payment!.providerRef!, "paid");
    const answers = await Promise.all(Array.from({ length: 5 }, () => webhook(payment!.providerRef!)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const [user] = await db.select().from(users).where(eq(users.id, buyer.id));
    expect(user).toMatchObject({ credits: 60, paidUser: true });
    expect(await walletLedgerSum(buyer.id)).toBe(60);
    expect(await db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.userId, buyer.id))).toEqual([
      { n: 1 },
    ]);
  });

  it("books nothing for failed or cancelled payments", async () => {
    const pkg = await givenPackage();
    const buyer = await oldMember();
    for (const outcome of ["failed", "canceled"] as const) {
      const { paymentId } = await startCheckout(accountsApp(), buyer, {
        packageId: pkg.id,
        method: "paypal",
        country: "NL",
      });
      const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
      await settleSandboxPayment(db, payment!.providerRef!, outcome);
      await handleWebhook(accountsApp(), "sandbox", payment!.providerRef!);
      expect((await db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.status).toBe(
        outcome === "failed" ? "failed" : "cancelled",
      );
    }
    expect((await db.select().from(users).where(eq(users.id, buyer.id)))[0]).toMatchObject({
      credits: 0,
      paidUser: false,
    });
  });

  it("keeps concurrent checkouts apart and credits each paid one", async () => {
    const pkg = await givenPackage();
    const buyer = await oldMember();
    const started = await Promise.all(
      [0, 1, 2].map(() => startCheckout(accountsApp(), buyer, { packageId: pkg.id, method: "ideal", country: "NL" })),
    );
    expect(new Set(started.map((s) => s.paymentId)).size).toBe(3);
    for (const { paymentId } of started.slice(0, 2)) {
      const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
      await settleSandboxPayment(db, payment!.providerRef!, "paid");
      await Promise.all([
        handleWebhook(accountsApp(), "sandbox", payment!.providerRef!),
        handleWebhook(accountsApp(), "sandbox", payment!.providerRef!),
      ]);
    }
    expect((await db.select().from(users).where(eq(users.id, buyer.id)))[0]!.credits).toBe(120);
    expect(await walletLedgerSum(buyer.id)).toBe(120);
  });

  it("knows the purchase that made the member premium: their first paid one, and only while it is", async () => {
    const pkg = await givenPackage();
    const buyer = await oldMember();
    const pay = async () => {
      const { paymentId } = await startCheckout(accountsApp(), buyer, {
        packageId: pkg.id,
        method: "ideal",
        country: "NL",
      });
      const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
      return row!;
    };
    const first = await pay();
    expect(await isFirstPurchase(accountsApp(), buyer.id, first)).toBe(false);
    await settleSandboxPayment(db, first.providerRef!, "paid");
    await handleWebhook(accountsApp(), "sandbox", first.providerRef!);
    const paidFirst = { id: first.id, status: "paid" as const };
    expect(await isFirstPurchase(accountsApp(), buyer.id, paidFirst)).toBe(true);
    const second = await pay();
    await settleSandboxPayment(db, second.providerRef!, "paid");
    await handleWebhook(accountsApp(), "sandbox", second.providerRef!);
    expect(await isFirstPurchase(accountsApp(), buyer.id, { id: second.id, status: "paid" })).toBe(false);
    expect(await isFirstPurchase(accountsApp(), buyer.id, paidFirst)).toBe(false);
  });

  it("lets the sandbox's payer choose once: a settled payment stays as it is", async () => {
    const pkg = await givenPackage();
    const buyer = await oldMember();
    const { paymentId } = await startCheckout(accountsApp(), buyer, {
      packageId: pkg.id,
      method: "ideal",
      country: "NL",
    });
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    const ref = payment!.providerRef!;
    await chooseSandboxOutcome(accountsApp(), (await sandboxPayment(db, ref))!, "paid");
    const settled = (await sandboxPayment(db, ref))!;
    expect(isSandboxOpen(settled)).toBe(false);
    await chooseSandboxOutcome(accountsApp(), settled, "failed");
    expect((await sandboxPayment(db, ref))!.status).toBe("paid");
    expect((await db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.status).toBe("paid");
    expect(await walletLedgerSum(buyer.id)).toBe(60);
  });

  it("refuses a method the country does not offer, and an unknown package", async () => {
    const pkg = await givenPackage();
    const buyer = await oldMember();
    expect(
      await outcome(startCheckout(accountsApp(), buyer, { packageId: pkg.id, method: "bancontact", country: "NL" })),
    ).toBe("method_not_offered");
    expect(
      await outcome(startCheckout(accountsApp(), buyer, { packageId: 9999, method: "ideal", country: "NL" })),
    ).toBe("package_not_found");
  });
});

describe("discounts", () => {
  it("gives a new unpaid member 25 % welcome discount on the first purchase, used once", async () => {
    const pkg = await givenPackage("NL", 2000);
    const buyer = await member(await givenAccount());
    expect((await welcomeCode(accountsApp(), buyer))?.valuePercentage).toBe(25);
    const { paymentId } = await startCheckout(accountsApp(), buyer, {
      packageId: pkg.id,
      method: "ideal",
      country: "NL",
    });
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment!.amountCents).toBe(1500);
    await settleSandboxPayment(db, payment!.providerRef!, "paid");
    await handleWebhook(accountsApp(), "sandbox", payment!.providerRef!);
    expect(await db.select({ n: count() }).from(discountRedemptions)).toEqual([{ n: 1 }]);
    expect(await outcome(checkCode(accountsApp(), buyer, { code: "welcome25", country: "NL" }))).toBe("discount_used");
  });

  it("checks a typed code against the package before paying: what it takes off, or why not", async () => {
    const pkg = await givenPackage("NL", 2000);
    const buyer = await member(await givenAccount());
    const typed = (code: string | null) =>
      checkTypedCode(accountsApp(), buyer, { packageId: pkg.id, country: "NL", method: "ideal", code });
    expect(await typed("welcome25")).toEqual({ code: "WELCOME25", percentage: 25, cents: 1500 });
    expect(await outcome(typed(""))).toBe("discount_not_found");
    expect(await outcome(typed(null))).toBe("discount_not_found");
    expect(await outcome(typed("NOSUCHCODE"))).toBe("discount_not_found");
  });

  it("refuses unknown, expired and wrong-country promotion codes alike, and says why below the minimum or for another method", async () => {
    const buyer = await oldMember();
    await db.insert(discountCodes).values([
      { code: "OLD10", kind: "promo", valuePercentage: 10, expiresAt: NOW - 1, createdAt: NOW },
      { code: "DEONLY", kind: "promo", valuePercentage: 10, country: "DE", createdAt: NOW },
      {
        code: "BIG20",
        kind: "promo",
        valuePercentage: 20,
        minimumOrderValueCents: 4000,
        currency: "EUR",
        createdAt: NOW,
      },
      { code: "CARDS", kind: "promo", valuePercentage: 5, paymentMethods: ["creditcard"], createdAt: NOW },
    ]);
    const check = (c: string, extra: object = {}) =>
      outcome(checkCode(accountsApp(), buyer, { code: c, country: "NL", ...extra }));
    expect(await check("NOPE")).toBe("discount_not_found");
    expect(await check("OLD10")).toBe("discount_not_found");
    expect(await check("DEONLY")).toBe("discount_not_found");
    expect(await check("BIG20", { orderCents: 1995, currency: "EUR" })).toBe("discount_minimum");
    expect(await check("BIG20", { orderCents: 4495, currency: "EUR" })).toBe("ok");
    expect(await check("CARDS", { method: "ideal" })).toBe("discount_method");
  });

  it("answers /api/discountcode.php with the fields clients expect", async () => {
    // The request runs on the real clock, so the member signs up on it: the welcome code lasts a week from signup.
    const id = await givenAccount();
    await db
      .update(users)
      .set({ signupDate: Date.now() - 60_000 })
      .where(eq(users.id, id));
    const response = await SELF.fetch("http://localhost/api/discountcode.php?welcome=true", {
      headers: { Cookie: await sessionCookieFor(id, Date.now()) },
    });
    const { discountcode } = (await response.json()) as { discountcode: Record<string, unknown> };
    expect(discountcode).toMatchObject({
      code: "WELCOME25",
      value_percentage: 25,
      percentage: 25,
      expired: false,
      status: "active",
    });
    expect(Object.keys(discountcode)).toEqual(
      expect.arrayContaining([
        "country",
        "user_id",
        "expires",
        "currency",
        "minimum_order_value",
        "minimum",
        "validity",
        "paymentmethods",
      ]),
    );
  });
});

describe("the time bonus", () => {
  it("exists in the first 14,400 seconds after signup for an unpaid member, not at 14,400", async () => {
    const id = await givenAccount();
    const signup = NOW;
    await db.update(users).set({ signupDate: signup }).where(eq(users.id, id));
    const at = (seconds: number) => accountsApp({ now: () => signup + seconds * 1000 });
    const me = await member(id, signup);
    expect((await timeBonus(at(TIME_BONUS_SECONDS - 1), me))?.code).toBe("TIMEBONUS25");
    expect(await timeBonus(at(TIME_BONUS_SECONDS), me)).toBeNull();
  });

  it("is gone once the member has paid", async () => {
    const pkg = await givenPackage("NL", 2000);
    const id = await givenAccount();
    await db.update(users).set({ signupDate: NOW }).where(eq(users.id, id));
    const buyer = await member(id);
    expect((await timeBonus(accountsApp(), buyer))?.valuePercentage).toBe(25);
    const { paymentId } = await startCheckout(accountsApp(), buyer, {
      packageId: pkg.id,
      method: "ideal",
      country: "NL",
    });
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment!.discountCodeId).not.toBeNull();
    await settleSandboxPayment(db, payment!.providerRef!, "paid");
    await handleWebhook(accountsApp(), "sandbox", payment!.providerRef!);
    expect(await timeBonus(accountsApp(), await member(id))).toBeNull();
  });
});
