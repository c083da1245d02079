// A direct debit spans two stores: the mandate signed in D1, then the
// customer, mandate and collection at Mollie (the fake of its API), then the
// collection's reference in D1. Mollie down, an answer lost, or the server
// dying between the steps leaves a signed mandate with its payment pending and
// no reference; the hourly job starts the collection, exactly once (found by
// our payment id when Mollie made it already), or gives up after days.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { armCrash, SimulatedCrash } from "#app/server/crash-points.ts";
import { directDebitMandates } from "#app/server/db/schema.ts";
import { runHourly } from "#app/server/jobs/hourly.ts";
import { createLogger } from "#app/server/log.ts";
import { handleWebhook } from "#app/server/payments/checkout.ts";
import { confirmCode, startDirectDebit } from "#app/server/payments/direct-debit.ts";
import { db, NOW, walletLedgerSum } from "./fixtures.ts";
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

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

afterEach(() => vi.restoreAllMocks());

const hourly = (at: number) => runHourly({ db, env: mollieEnv, log: createLogger("test-hourly"), now: () => at });

/** A member's direct debit of 60 credits for 19.95, up to the code; `confirm` then enters it. */
async function directDebit() {
  const pkg = await givenPackage();
  const buyer = await oldMember();
  const input = directDebitForm({ package: String(pkg.id) });
  if (!input.success) throw input.error;
  const { mandateId, paymentId } = await startDirectDebit(mollieApp(), buyer, input.data, "NL");
  const sent = (await smsCodeTo())!;
  return {
    buyer,
    paymentId,
    mandateId,
    confirm: (app = mollieApp()) => confirmCode(app, buyer, { mandate: mandateId, code: sent }),
  };
}

describe("collecting a direct debit when Mollie or the server fails mid-way", () => {
  it("Mollie down on the code: the payment is pending, and the hourly job starts the collection once", async () => {
    const mollie = givenMollie();
    const { buyer, paymentId, confirm } = await directDebit();
    mollie.fail({ kind: "down" });
    expect(await confirm()).toEqual({ paymentId });
    expect(await paymentRow(paymentId)).toMatchObject({ status: "pending", providerRef: null });

    mollie.faults.length = 0;
    // The member's own request may still be on it: a fresh one is left alone.
    await hourly(NOW + 5 * MINUTE);
    expect(mollie.payments.size).toBe(0);
    await hourly(NOW + 20 * MINUTE);
    await hourly(NOW + 80 * MINUTE);
    const [collection] = [...mollie.payments.values()];
    expect(mollie.payments.size).toBe(1);
    expect(collection).toMatchObject({ sequenceType: "recurring", metadata: { paymentId } });
    expect(await paymentRow(paymentId)).toMatchObject({ status: "pending", providerRef: collection!.id });

    mollie.setStatus(collection!.id, "paid");
    await handleWebhook(mollieApp(), "mollie", collection!.id);
    expect(await walletLedgerSum(buyer.id)).toBe(60);
  });

  it("Mollie made the collection but its answer was lost: found by our payment id, not collected twice", async () => {
    const mollie = givenMollie();
    const { paymentId, confirm } = await directDebit();
    mollie.fail({ kind: "lost-answer", times: 1, match: (r) => r.method === "POST" && r.url.endsWith("/v2/payments") });
    await confirm();
    expect(mollie.payments.size).toBe(1);
    expect((await paymentRow(paymentId)).providerRef).toBeNull();

    mollie.forgetIdempotencyKeys();
    await hourly(NOW + 20 * MINUTE);
    expect(mollie.payments.size).toBe(1);
    expect((await paymentRow(paymentId)).providerRef).toBe(mollie.lastPayment()!.id);
  });

  it("Mollie not answering: given up on after the time-out, then started by the hourly job", async () => {
    const mollie = givenMollie();
    const { paymentId, confirm } = await directDebit();
    mollie.fail({ kind: "hang", times: 1 });
    expect(await confirm(mollieApp({ providerTimeoutMs: 50 }))).toEqual({ paymentId });
    expect(await paymentRow(paymentId)).toMatchObject({ status: "pending", providerRef: null });
    await hourly(NOW + 20 * MINUTE);
    expect((await paymentRow(paymentId)).providerRef).toMatch(/^tr_/);
  });

  it.each(["collection:signed", "collection:provider-created"] as const)(
    "a crash at %s: the hourly job finishes it with one collection at Mollie",
    async (point) => {
      const mollie = givenMollie();
      const { paymentId, mandateId, confirm } = await directDebit();
      armCrash(point);
      await expect(confirm()).rejects.toThrow(SimulatedCrash);
      expect(await paymentRow(paymentId)).toMatchObject({ status: "pending", providerRef: null });
      expect(mollie.payments.size).toBe(point === "collection:signed" ? 0 : 1);

      await hourly(NOW + 20 * MINUTE);
      await hourly(NOW + 80 * MINUTE);
      expect(mollie.payments.size).toBe(1);
      expect(mollie.mandates.size).toBe(1);
      expect(await paymentRow(paymentId)).toMatchObject({ status: "pending", providerRef: mollie.lastPayment()!.id });
      const [mandate] = await db.select().from(directDebitMandates).where(eq(directDebitMandates.id, mandateId));
      expect(mandate).toMatchObject({ status: "signed", providerMandateId: expect.stringMatching(/^mdt_/) });
    },
  );

  it("Mollie down for two days: the collection is given up and the payment expired, with no credits", async () => {
    const mollie = givenMollie();
    const { buyer, paymentId, mandateId, confirm } = await directDebit();
    mollie.fail({ kind: "down" });
    await confirm();
    await hourly(NOW + DAY);
    expect((await paymentRow(paymentId)).status).toBe("pending");
    await hourly(NOW + 2 * DAY + MINUTE);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "expired", providerRef: null });
    const [mandate] = await db.select().from(directDebitMandates).where(eq(directDebitMandates.id, mandateId));
    expect(mandate!.status).toBe("failed");
    expect(await walletLedgerSum(buyer.id)).toBe(0);
    expect(mollie.payments.size).toBe(0);
  });

  it("a code never entered: the open payment expires after an hour and can no longer be signed", async () => {
    const mollie = givenMollie();
    const { paymentId, confirm } = await directDebit();
    await hourly(NOW + 2 * 60 * MINUTE);
    expect((await paymentRow(paymentId)).status).toBe("expired");
    await expect(confirm()).rejects.toMatchObject({ code: "payment_not_found" });
    expect(mollie.requests).toEqual([]);
  });
});
