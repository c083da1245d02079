// Buying credits through Mollie's hosted checkout, against the fake of its
// API: the checkout Mollie is asked for, webhooks that only ever book what
// Mollie itself says, a member told clearly when Mollie is down or silent
// (with nothing left behind), and refunds made at Mollie.
import { SELF } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { translator } from "#app/i18n/i18next.server.ts";
import { payments, providerKeys, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { handleWebhook, startCheckout } from "#app/server/payments/checkout.ts";
import { refundPayment } from "#app/server/payments/refunds.ts";
import { FAKE_MOLLIE_KEY } from "#tests/fakes/mollie.ts";
import { db, outcome, walletLedgerSum } from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";
import {
  givenMollie,
  givenPackage,
  ledgerOf,
  mollieApp,
  mollieEnv,
  mollieVars,
  oldMember,
  paymentRow,
} from "./payment-fixtures.ts";

afterEach(() => vi.restoreAllMocks());

async function checkout(app = mollieApp()) {
  const pkg = await givenPackage();
  const buyer = await oldMember();
  const started = await startCheckout(app, buyer, { packageId: pkg.id, method: "ideal", country: "NL" });
  return { buyer, ...started, ref: (await paymentRow(started.paymentId)).providerRef! };
}

describe("Mollie's hosted checkout", () => {
  it("asks Mollie for a checkout as documented and sends the member to Mollie's page", async () => {
    const mollie = givenMollie();
    const { paymentId, checkoutUrl, ref } = await checkout();
    expect(ref).toMatch(/^tr_\w+$/);
    expect(checkoutUrl).toMatch(/^https:\/\/www\.mollie\.com\/checkout\//);
    // (Before it, whether the account takes iDEAL for this amount: payments-mollie-contract.test.ts.)
    expect(mollie.requests.filter((r) => !r.path.startsWith("/v2/methods"))).toEqual([
      {
        method: "POST",
        path: "/v2/payments",
        idempotencyKey: null,
        body: {
          amount: { currency: "EUR", value: "19.95" },
          description: "Hartslag: 60 credits",
          method: "ideal",
          redirectUrl: `http://localhost/transactions/${paymentId}`,
          webhookUrl: "http://localhost/api/payments/webhook/mollie",
          metadata: { paymentId },
        },
      },
    ]);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "open", provider: "mollie", providerRef: ref });
  });

  it("books the credits once, only when Mollie itself says paid, however often the webhook comes", async () => {
    const mollie = givenMollie();
    const { buyer, paymentId, ref } = await checkout();
    // A webhook is only a reference: while Mollie says open, nothing happens.
    expect(await handleWebhook(mollieApp(), "mollie", ref)).toBe("open");
    expect(await ledgerOf(buyer.id)).toEqual([]);

    mollie.setStatus(ref, "paid");
    await Promise.all(Array.from({ length: 4 }, () => handleWebhook(mollieApp(), "mollie", ref)));
    expect(mollie.requests.filter((r) => r.method === "GET" && r.path === `/v2/payments/${ref}`)).toHaveLength(5);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "paid", credits: 60 });
    expect((await db.select().from(users).where(eq(users.id, buyer.id)))[0]).toMatchObject({
      credits: 60,
      paidUser: true,
    });
    expect(await ledgerOf(buyer.id)).toEqual([
      expect.objectContaining({ delta: 60, idempotencyKey: `payment:${paymentId}` }),
    ]);
  });

  it("answers a webhook for an unknown id with not found, asking Mollie nothing and booking nothing", async () => {
    const mollie = givenMollie();
    await checkout();
    expect(await outcome(handleWebhook(mollieApp(), "mollie", "tr_unknown123"))).toBe("payment_not_found");
    const response = await SELF.fetch("http://localhost/api/payments/webhook/mollie", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "id=tr_unknown123",
    });
    expect(response.status).toBe(404);
    expect(mollie.requests.filter((r) => !r.path.startsWith("/v2/methods")).map((r) => r.method)).toEqual(["POST"]);
    expect(await db.select({ n: count() }).from(payments).where(eq(payments.status, "paid"))).toEqual([{ n: 0 }]);
  });

  it("leaves a webhook unanswered while Mollie is down, so Mollie sends it again; then books it", async () => {
    const mollie = givenMollie();
    const { buyer, ref } = await checkout();
    mollie.setStatus(ref, "paid");
    mollie.fail({ kind: "down", times: 1 });
    await expect(handleWebhook(mollieApp(), "mollie", ref)).rejects.toThrow(/503/);
    expect(await walletLedgerSum(buyer.id)).toBe(0);
    await handleWebhook(mollieApp(), "mollie", ref);
    expect(await walletLedgerSum(buyer.id)).toBe(60);
  });

  it.each([
    ["down", { kind: "down" }],
    ["not answering", { kind: "hang" }],
    ["refusing our key", { kind: "down", status: 401 }],
  ] as const)("tells the member clearly when Mollie is %s, and leaves no payment behind", async (_, fault) => {
    const mollie = givenMollie();
    mollie.fail(fault);
    const pkg = await givenPackage();
    const buyer = await oldMember();
    const app = mollieApp({ providerTimeoutMs: 50 });
    const refused = await startCheckout(app, buyer, { packageId: pkg.id, method: "ideal", country: "NL" }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DomainError);
    const { code, status, messageKey } = refused as DomainError;
    expect({ code, status }).toEqual({ code: "payment_provider_unavailable", status: 503 });
    expect(translator("nl")(messageKey)).toMatch(/^De betaalprovider is op dit moment niet bereikbaar\. Er is niets/);
    expect(translator("en")(messageKey)).toMatch(/^The payment provider cannot be reached/);
    expect(await db.select().from(payments).where(eq(payments.userId, buyer.id))).toEqual([]);
    expect(await ledgerOf(buyer.id)).toEqual([]);
  });

  it("sends the API key Mollie knows, as a Bearer token", async () => {
    const mollie = givenMollie();
    await checkout();
    expect(mollie.apiKey).toBe(FAKE_MOLLIE_KEY);
    expect(mollieVars.MOLLIE_API_KEY).toMatch(/^test_\w{20,}$/);
    expect(mollie.requests.filter((r) => r.method === "POST").map((r) => r.path)).toEqual(["/v2/payments"]);
    expect(mollie.payments.size).toBe(1);
  });
});

describe("refunds through Mollie", () => {
  it("refunds the whole payment at Mollie under a key of its own, then takes the credits back once", async () => {
    const mollie = givenMollie();
    const { buyer, paymentId, ref } = await checkout();
    mollie.setStatus(ref, "paid");
    await handleWebhook(mollieApp(), "mollie", ref);
    const support = await givenOperator("support");
    const operator = { ...support.app, env: mollieEnv };

    expect(await outcome(refundPayment(operator, paymentId))).toBe("ok");
    const [{ key } = { key: "" }] = await db
      .select()
      .from(providerKeys)
      .where(eq(providerKeys.operation, `refund:${paymentId}`));
    expect(mollie.requests.filter((r) => r.method === "POST" && r.path.endsWith("/refunds"))).toEqual([
      expect.objectContaining({
        idempotencyKey: key,
        body: { amount: { currency: "EUR", value: "19.95" }, metadata: { idempotencyKey: key } },
      }),
    ]);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "refunded" });
    expect(await walletLedgerSum(buyer.id)).toBe(0);
    expect(await outcome(refundPayment(operator, paymentId))).toBe("not_refundable");
    expect(mollie.refunds).toHaveLength(1);
  });

  it("keeps the credits when Mollie refuses the refund", async () => {
    const mollie = givenMollie();
    const { buyer, paymentId, ref } = await checkout();
    mollie.setStatus(ref, "paid");
    await handleWebhook(mollieApp(), "mollie", ref);
    mollie.fail({ kind: "down", status: 422, match: (r) => r.method === "POST" });
    const support = await givenOperator("support");
    expect(await outcome(refundPayment({ ...support.app, env: mollieEnv }, paymentId))).toBe("refund_failed");
    expect(await paymentRow(paymentId)).toMatchObject({ status: "paid" });
    expect(await walletLedgerSum(buyer.id)).toBe(60);
  });
});
