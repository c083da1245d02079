// Every amount a member reads in a text (an error at checkout, a mail about a
// refund) is written the way their language writes money: with the currency,
// and with the decimal sign of that language, never a bare "10.00". Counts of
// credits are grouped the language's way too (1.500, 1 500, 1,500).
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { translator } from "#app/i18n/i18next.server.ts";
import { type Locale, locales } from "#app/i18n/locales.ts";
import { discountCodes, users } from "#app/server/db/schema.ts";
import { isDomainError } from "#app/server/errors.ts";
import { checkCode } from "#app/server/payments/discounts.ts";
import { refundPayment } from "#app/server/payments/refunds.ts";
import { accountsApp, db, mailsTo, NOW } from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";
import { givenMollie, givenPackage, mollieEnv, oldMember, paidAtMollie } from "./payment-fixtures.ts";

afterEach(() => vi.restoreAllMocks());

/** Intl's way of writing an amount, its spaces made plain (a mail's subject line makes them so). */
const money = (amount: number, locale: Locale) =>
  plain(new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(amount));
const plain = (text = "") => text.replace(/\s/g, " ");

describe("a discount code's minimum order", () => {
  it.each(locales)("is said with its currency in %s", async (locale) => {
    const buyer = await oldMember();
    await db
      .insert(discountCodes)
      .values({ code: "BIG", kind: "promo", valuePercentage: 10, minimumOrderValueCents: 1500, createdAt: NOW });
    const refusal = await checkCode(accountsApp({ locale }), buyer, {
      code: "BIG",
      country: "NL",
      orderCents: 995,
      currency: "EUR",
    }).catch((error: unknown) => error);
    if (!isDomainError(refusal)) throw new Error(`the code was not refused: ${String(refusal)}`);
    const message = translator(locale)(refusal.messageKey, refusal.params);
    expect(plain(message)).toContain(money(15, locale));
  });
});

describe("a refund's mail", () => {
  it.each(locales)("says the amount with its currency in %s", async (locale) => {
    const mollie = givenMollie();
    const pkg = await givenPackage("NL", 1995);
    const buyer = await oldMember();
    await db.update(users).set({ language: locale }).where(eq(users.id, buyer.id));
    const { paymentId } = await paidAtMollie(mollie, buyer, pkg.id);
    const support = await givenOperator("support");
    await refundPayment({ ...support.app, env: mollieEnv }, paymentId);
    const [mail] = await mailsTo(buyer.email);
    expect(plain(mail?.subject)).toContain(money(19.95, locale));
  });
});

describe("a count of credits", () => {
  const keys = [
    "payments:package.credits",
    "payments:transactions.creditsAdded",
    "payments:transactions.balance",
    "payments:transactions.collectionPendingText",
  ];
  it.each(locales)("is grouped the way %s writes numbers", (locale) => {
    const t = translator(locale);
    const grouped = plain(new Intl.NumberFormat(locale).format(1500));
    for (const key of keys) expect(plain(t(key, { count: 1500, amount: "" })), key).toContain(grouped);
  });
});
