// Payments that never get anywhere end: a direct debit never confirmed (its
// code never typed, or its collection never started at the provider) stops
// counting toward the 30-day limit after 48 hours and the hourly job expires
// it; a payment the provider still calls open after the 3-day window of
// asking is expired by the hourly job too.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { directDebitMandates } from "#app/server/db/schema.ts";
import { startCheckout } from "#app/server/payments/checkout.ts";
import { confirmCode, startDirectDebit } from "#app/server/payments/direct-debit.ts";
import { settleOpenPayments } from "#app/server/payments/settle.ts";
import { db, NOW } from "./fixtures.ts";
import {
  directDebitForm,
  givenMollie,
  givenPackage,
  mollieApp,
  oldMember,
  paymentRow,
  smsCodeTo,
} from "./payment-fixtures.ts";

afterEach(() => vi.restoreAllMocks());

const HOUR = 3_600_000;
const at = (ms: number) => mollieApp({ now: () => NOW + ms });

describe("a direct debit never confirmed", () => {
  it("stops counting toward the 30-day limit after 48 hours, whether or not the hourly job ran", async () => {
    givenMollie();
    const pkg = await givenPackage("NL", 9000);
    const buyer = await oldMember();
    const input = directDebitForm({ package: String(pkg.id) });
    if (!input.success) throw input.error;
    await startDirectDebit(at(0), buyer, input.data, "NL");
    await startDirectDebit(at(0), buyer, input.data, "NL");
    // 2 × 90 euros open, a third would pass 250 euros.
    await expect(startDirectDebit(at(HOUR), buyer, input.data, "NL")).rejects.toMatchObject({
      code: "direct_debit_limit",
    });
    const later = await startDirectDebit(at(49 * HOUR), buyer, input.data, "NL");
    expect(await paymentRow(later.paymentId)).toMatchObject({ status: "open" });
  });

  it("is expired by the hourly job 48 hours after it began when its collection never started", async () => {
    const mollie = givenMollie();
    mollie.fail({ kind: "down", status: 503 });
    const pkg = await givenPackage();
    const buyer = await oldMember();
    const input = directDebitForm({ package: String(pkg.id) });
    if (!input.success) throw input.error;
    const { mandateId, paymentId } = await startDirectDebit(at(0), buyer, input.data, "NL");
    await confirmCode(at(0), buyer, { mandate: mandateId, code: (await smsCodeTo())! });
    expect(await paymentRow(paymentId)).toMatchObject({ status: "pending", providerRef: null });

    await settleOpenPayments(at(47 * HOUR), NOW + 47 * HOUR);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "pending" });
    await settleOpenPayments(at(49 * HOUR), NOW + 49 * HOUR);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "expired", providerRef: null });
    const [mandate] = await db.select().from(directDebitMandates).where(eq(directDebitMandates.id, mandateId));
    expect(mandate!.status).toBe("failed");
  });
});

describe("a payment past the 3-day window", () => {
  it("is expired by the hourly job when the provider still says open, and asked no more", async () => {
    const mollie = givenMollie();
    const pkg = await givenPackage();
    const buyer = await oldMember();
    const { paymentId } = await startCheckout(at(0), buyer, {
      packageId: pkg.id,
      method: "banktransfer",
      country: "NL",
    });
    await settleOpenPayments(at(80 * HOUR), NOW + 80 * HOUR);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "expired" });
    const asked = mollie.requests.filter((r) => r.method === "GET").length;
    await settleOpenPayments(at(81 * HOUR), NOW + 81 * HOUR);
    expect(mollie.requests.filter((r) => r.method === "GET").length).toBe(asked);
  });

  it("is booked as usual when the provider says paid after all", async () => {
    const mollie = givenMollie();
    const pkg = await givenPackage();
    const buyer = await oldMember();
    const { paymentId } = await startCheckout(at(0), buyer, {
      packageId: pkg.id,
      method: "banktransfer",
      country: "NL",
    });
    mollie.setStatus((await paymentRow(paymentId)).providerRef!, "paid");
    await settleOpenPayments(at(80 * HOUR), NOW + 80 * HOUR);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "paid" });
  });
});
