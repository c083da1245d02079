// Refunds followed to their end at Mollie, against the fake of its API: a
// refund Mollie accepts and later fails gives the member back what it took,
// a refund made in Mollie's dashboard takes credits back in proportion, and
// every request Mollie may be asked again carries a random key of its own,
// stored and reused.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { providerKeys, users } from "#app/server/db/schema.ts";
import { handleWebhook, startCheckout } from "#app/server/payments/checkout.ts";
import { confirmCode, startDirectDebit } from "#app/server/payments/direct-debit.ts";
import { refundPayment, settleRefundRequests } from "#app/server/payments/refunds.ts";
import { db, NOW, outcome, walletLedgerSum } from "./fixtures.ts";
import { auditRowsFor, givenOperator } from "./operator-fixtures.ts";
import {
  directDebitForm,
  givenMollie,
  givenPackage,
  ledgerOf,
  mollieApp,
  mollieEnv,
  oldMember,
  paymentRow,
  smsCodeTo,
  spent,
} from "./payment-fixtures.ts";

afterEach(() => vi.restoreAllMocks());

const HOUR = 3_600_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A paid checkout of 19.95 for 60 credits, booked. */
async function paidCheckout(mollie = givenMollie()) {
  const pkg = await givenPackage();
  const buyer = await oldMember();
  const { paymentId } = await startCheckout(mollieApp(), buyer, { packageId: pkg.id, method: "ideal", country: "NL" });
  const ref = (await paymentRow(paymentId)).providerRef!;
  mollie.setStatus(ref, "paid");
  await handleWebhook(mollieApp(), "mollie", ref);
  expect(await walletLedgerSum(buyer.id)).toBe(60);
  return { mollie, buyer, paymentId, ref };
}

async function refundedInConsole(paymentId: number) {
  const support = await givenOperator("support");
  expect(await outcome(refundPayment({ ...support.app, env: mollieEnv }, paymentId))).toBe("ok");
  return support;
}

const hourly = (at = NOW + HOUR) => settleRefundRequests({ ...mollieApp({ now: () => at }) }, at);

describe("a refund Mollie fails after accepting it", () => {
  it("gives the credits back and puts the payment back to paid when the webhook says it failed", async () => {
    const { mollie, buyer, paymentId, ref } = await paidCheckout();
    const support = await refundedInConsole(paymentId);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "refunded" });
    expect(await walletLedgerSum(buyer.id)).toBe(0);

    mollie.setRefundStatus(mollie.refunds[0]!.id, "failed");
    await handleWebhook(mollieApp(), "mollie", ref);
    await handleWebhook(mollieApp(), "mollie", ref);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "paid" });
    expect(await walletLedgerSum(buyer.id)).toBe(60);
    expect((await ledgerOf(buyer.id)).map((r) => [r.reason, r.delta])).toEqual([
      ["purchase", 60],
      ["refund", -60],
      ["refund", 60],
    ]);
    expect((await auditRowsFor("payment", paymentId)).map((r) => [r.action, r.operatorId])).toEqual([
      ["payment.refund", support.id],
      ["payment.refund_failed", support.id],
    ]);
    // The operator may refund again: a new refund, under a new key.
    const firstKey = mollie.refunds[0]!.metadata as { idempotencyKey: string };
    expect(await outcome(refundPayment({ ...support.app, env: mollieEnv }, paymentId))).toBe("ok");
    expect(mollie.refunds).toHaveLength(2);
    expect((mollie.refunds[1]!.metadata as { idempotencyKey: string }).idempotencyKey).not.toBe(
      firstKey.idempotencyKey,
    );
    expect(await walletLedgerSum(buyer.id)).toBe(0);
  });

  it("is followed by the hourly job: a canceled refund gives back what it took, a settled one stays", async () => {
    const first = await paidCheckout();
    await refundedInConsole(first.paymentId);
    const second = await paidCheckout(first.mollie);
    await refundedInConsole(second.paymentId);
    first.mollie.setRefundStatus(first.mollie.refunds[0]!.id, "canceled");
    first.mollie.setRefundStatus(first.mollie.refunds[1]!.id, "refunded");

    // Younger refunds are the webhook's; after a quarter of an hour the job asks.
    await hourly(NOW + 5 * 60_000);
    expect(await paymentRow(first.paymentId)).toMatchObject({ status: "refunded" });
    expect(await hourly()).toMatchObject({ followed: 2, unanswered: 0 });
    expect(await paymentRow(first.paymentId)).toMatchObject({ status: "paid" });
    expect(await walletLedgerSum(first.buyer.id)).toBe(60);
    expect(await paymentRow(second.paymentId)).toMatchObject({ status: "refunded" });
    expect(await walletLedgerSum(second.buyer.id)).toBe(0);
  });
});

describe("a refund made in Mollie's dashboard", () => {
  it("takes the credits back in proportion, rounded down, and the payment is refunded once all of it is", async () => {
    const { mollie, buyer, paymentId, ref } = await paidCheckout();
    mollie.refundInDashboard(ref, "10.00");
    await handleWebhook(mollieApp(), "mollie", ref);
    // 60 credits × 10.00 / 19.95 = 30.07: 30 back.
    expect(await walletLedgerSum(buyer.id)).toBe(30);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "paid" });
    await handleWebhook(mollieApp(), "mollie", ref);
    expect(await walletLedgerSum(buyer.id)).toBe(30);

    mollie.refundInDashboard(ref);
    await handleWebhook(mollieApp(), "mollie", ref);
    expect(await walletLedgerSum(buyer.id)).toBe(0);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "refunded" });
    expect((await ledgerOf(buyer.id)).map((r) => r.delta)).toEqual([60, -30, -30]);
  });

  it("takes nothing for a refund worth less than a credit, and the member's later movements still reach the wallet", async () => {
    const { mollie, buyer, paymentId, ref } = await paidCheckout();
    mollie.refundInDashboard(ref, "0.01");
    await handleWebhook(mollieApp(), "mollie", ref);
    expect(await walletLedgerSum(buyer.id)).toBe(60);
    mollie.refundInDashboard(ref);
    await handleWebhook(mollieApp(), "mollie", ref);
    expect(await walletLedgerSum(buyer.id)).toBe(0);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "refunded" });
    expect((await ledgerOf(buyer.id)).map((r) => [r.delta, r.outcome])).toEqual([
      [60, "booked"],
      [-60, "booked"],
    ]);
  });

  it("never takes the balance below zero: credits already spent stay spent", async () => {
    const { mollie, buyer, ref } = await paidCheckout();
    await spent(buyer.id, 50, "msg:spent");
    mollie.refundInDashboard(ref);
    await handleWebhook(mollieApp(), "mollie", ref);
    const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, buyer.id));
    expect(row!.credits).toBe(0);
    expect((await ledgerOf(buyer.id)).at(-1)).toMatchObject({ reason: "refund", delta: -10 });
    expect(await walletLedgerSum(buyer.id)).toBe(0);
  });
});

describe("idempotency keys at Mollie", () => {
  it("are random per refund, kept in D1 and the same when the refund is asked again", async () => {
    const { mollie, paymentId, ref } = await paidCheckout();
    mollie.fail({ kind: "lost-answer", times: 1, match: (r) => r.method === "POST" && r.url.endsWith("/refunds") });
    const support = await givenOperator("support");
    expect(await outcome(refundPayment({ ...support.app, env: mollieEnv }, paymentId))).toBe("refund_failed");
    mollie.forgetIdempotencyKeys();
    expect(await outcome(refundPayment({ ...support.app, env: mollieEnv }, paymentId))).toBe("ok");
    const posted = mollie.requests.filter((r) => r.method === "POST" && r.path === `/v2/payments/${ref}/refunds`);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.idempotencyKey).toMatch(UUID);
    expect(posted[0]!.idempotencyKey).not.toBe(`refund:${paymentId}`);
    expect(await db.select().from(providerKeys)).toContainEqual(
      expect.objectContaining({ key: posted[0]!.idempotencyKey }),
    );
    expect(mollie.refunds).toHaveLength(1);
  });

  it("are random for the customer, the mandate and the collection of a direct debit", async () => {
    const mollie = givenMollie();
    const pkg = await givenPackage();
    const buyer = await oldMember();
    const input = directDebitForm({ package: String(pkg.id) });
    const { mandateId } = await startDirectDebit(mollieApp(), buyer, input.data!, "NL");
    await confirmCode(mollieApp(), buyer, { mandate: mandateId, code: (await smsCodeTo())! });
    const keys = mollie.requests.filter((r) => r.method === "POST").map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(UUID);
    expect(new Set(keys).size).toBe(3);
  });
});
