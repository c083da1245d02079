// Every payment flow driven through the fake of Mollie, whose requests and
// answers are checked against Mollie's own published schemas (the zod schemas
// of its TypeScript SDK, tests/fakes/mollie-schemas.ts): a test here fails on
// any field or method Mollie would not take, and on any answer of the fake
// that Mollie would never give.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PaymentMethod } from "#app/schemas/enums.ts";
import { creditPackages } from "#app/server/db/schema.ts";
import { currencyOf, offeredMethods, paymentMethodsFor } from "#app/server/payments/catalogue.ts";
import { handleWebhook, startCheckout } from "#app/server/payments/checkout.ts";
import { confirmCode, startDirectDebit } from "#app/server/payments/direct-debit.ts";
import { refundPayment } from "#app/server/payments/refunds.ts";
import { db, outcome } from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";
import {
  directDebitForm,
  givenMollie,
  givenPackage,
  mollieApp,
  mollieEnv,
  oldMember,
  paymentRow,
  smsCodeTo,
} from "./payment-fixtures.ts";

afterEach(() => vi.restoreAllMocks());

async function packageIn(country: string) {
  const [pkg] = await db
    .insert(creditPackages)
    .values({
      domain: "*",
      country,
      currency: currencyOf[country] ?? "EUR",
      credits: 60,
      priceCents: 1995,
      style: "p1",
      popular: true,
    })
    .returning();
  return pkg!;
}

describe("payments as Mollie's schemas define them", () => {
  it("starts a checkout with every method the site offers in each of its countries, each one Mollie takes", async () => {
    const mollie = givenMollie();
    const app = mollieApp();
    const refused: string[] = [];
    for (const country of app.settings.countries) {
      const pkg = await packageIn(country);
      for (const method of await paymentMethodsFor(app, country)) {
        if (method === "directdebit") continue;
        const buyer = await oldMember();
        const started = await outcome(startCheckout(app, buyer, { packageId: pkg.id, method, country }));
        if (started !== "ok") refused.push(`${country} ${method}: ${started}`);
      }
    }
    expect(refused).toEqual([]);
    expect(mollie.payments.size).toBeGreaterThan(20);
  });

  it("pays, refunds and follows a hosted checkout with requests and answers Mollie's schemas take", async () => {
    const mollie = givenMollie();
    const pkg = await givenPackage();
    const buyer = await oldMember();
    const { paymentId } = await startCheckout(mollieApp(), buyer, {
      packageId: pkg.id,
      method: "ideal",
      country: "NL",
    });
    const ref = (await paymentRow(paymentId)).providerRef!;
    await handleWebhook(mollieApp(), "mollie", ref);
    mollie.setStatus(ref, "paid");
    await handleWebhook(mollieApp(), "mollie", ref);
    const support = await givenOperator("support");
    expect(await outcome(refundPayment({ ...support.app, env: mollieEnv }, paymentId))).toBe("ok");
    await handleWebhook(mollieApp(), "mollie", ref);
    expect(mollie.requests.map((r) => `${r.method} ${r.path.replace(/\?.*/, "")}`)).toEqual(
      expect.arrayContaining(["POST /v2/payments", `GET /v2/payments/${ref}`, `POST /v2/payments/${ref}/refunds`]),
    );
  });

  it("collects a direct debit, and follows its charge-back, with requests and answers Mollie's schemas take", async () => {
    const mollie = givenMollie();
    const pkg = await givenPackage();
    const buyer = await oldMember();
    const input = directDebitForm({ package: String(pkg.id) });
    const { mandateId, paymentId } = await startDirectDebit(mollieApp(), buyer, input.data!, "NL");
    await confirmCode(mollieApp(), buyer, { mandate: mandateId, code: (await smsCodeTo())! });
    const ref = (await paymentRow(paymentId)).providerRef!;
    mollie.setStatus(ref, "paid");
    await handleWebhook(mollieApp(), "mollie", ref);
    mollie.chargeBack(ref);
    await handleWebhook(mollieApp(), "mollie", ref);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "charged_back" });
    expect(mollie.requests.some((r) => r.path.endsWith("/mandates"))).toBe(true);
  });
});

describe("the methods a member is offered", () => {
  it("are the configured ones Mollie's account has active, asked once an hour, and for the amount at checkout", async () => {
    const mollie = givenMollie();
    mollie.methods.delete("paypal");
    const app = mollieApp({ locale: "de" });
    expect(await offeredMethods(app, "NL")).toEqual(["ideal", "creditcard", "directdebit", "banktransfer"]);
    expect(await offeredMethods(app, "NL")).toEqual(["ideal", "creditcard", "directdebit", "banktransfer"]);
    expect(mollie.requests.map((r) => r.path)).toEqual([
      "/v2/methods?sequenceType=oneoff&locale=de_DE&billingCountry=NL",
      "/v2/methods?sequenceType=recurring&locale=de_DE&billingCountry=NL",
    ]);

    const pkg = await givenPackage();
    const buyer = await oldMember();
    const input = { packageId: pkg.id, country: "NL" };
    expect(await outcome(startCheckout(app, buyer, { ...input, method: "paypal" }))).toBe("method_not_offered");
    expect(mollie.requests.at(-1)?.path).toBe(
      "/v2/methods?sequenceType=oneoff&locale=de_DE&billingCountry=NL&amount%5Bvalue%5D=19.95&amount%5Bcurrency%5D=EUR",
    );
    expect(mollie.payments.size).toBe(0);
    expect(await outcome(startCheckout(app, buyer, { ...input, method: "ideal" }))).toBe("ok");
  });

  it("fall back to the configured ones Mollie takes when Mollie cannot be asked", async () => {
    const mollie = givenMollie();
    mollie.fail({ kind: "down", match: (r) => r.url.includes("/v2/methods") });
    const configured: PaymentMethod[] = ["sofort", "giropay", "klarna", "creditcard", "paypal"];
    const settings = { payment_methods: { DE: configured } };
    const app = mollieApp({ settings });
    expect(await offeredMethods(app, "DE")).toEqual(["creditcard", "paypal"]);
  });
});
