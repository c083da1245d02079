// An operator's account can be deleted while a refund they asked for is still
// being finished: the refund request stays, without its operator, for the
// hourly job to carry through.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { operators, payments, refundRequests } from "#app/server/db/schema.ts";
import { settleRefundRequests } from "#app/server/payments/refunds.ts";
import { db, givenAccount, NOW, walletLedgerSum } from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";
import { givenMollie, givenPackage, mollieApp, oldMember, paidAtMollie, paymentRow } from "./payment-fixtures.ts";

describe("deleting an operator", () => {
  it("keeps the refund requests they made, without them", async () => {
    const support = await givenOperator("admin");
    const member = await givenAccount();
    const [payment] = await db
      .insert(payments)
      .values({
        userId: member,
        domain: "localhost",
        country: "NL",
        currency: "EUR",
        amountCents: 1995,
        credits: 60,
        method: "ideal",
        provider: "sandbox",
        providerRef: "tr_refund_pending",
        status: "paid",
        createdAt: NOW,
        updatedAt: NOW,
      })
      .returning();
    await db.insert(refundRequests).values({ paymentId: payment!.id, operatorId: support.id, createdAt: NOW });

    await db.delete(operators).where(eq(operators.id, support.id));

    expect(await db.select().from(operators).where(eq(operators.id, support.id))).toEqual([]);
    expect(await db.select().from(refundRequests).where(eq(refundRequests.paymentId, payment!.id))).toEqual([
      { paymentId: payment!.id, operatorId: null, createdAt: NOW },
    ]);
  });

  it("still finishes their refund: the hourly job books it without them", async () => {
    const mollie = givenMollie();
    const pkg = await givenPackage();
    const buyer = await oldMember();
    const { paymentId } = await paidAtMollie(mollie, buyer, pkg.id);
    expect(await walletLedgerSum(buyer.id)).toBe(60);
    // The operator's click wrote its request, then the server died before the provider was asked.
    const support = await givenOperator("support");
    await db.insert(refundRequests).values({ paymentId, operatorId: support.id, createdAt: NOW });
    await db.delete(operators).where(eq(operators.id, support.id));

    const at = NOW + 3_600_000;
    await settleRefundRequests(mollieApp({ now: () => at }), at);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "refunded" });
    expect(await walletLedgerSum(buyer.id)).toBe(0);
    expect(await db.select().from(refundRequests).where(eq(refundRequests.paymentId, paymentId))).toEqual([]);
    // Asked again, nothing happens twice.
    await settleRefundRequests(mollieApp({ now: () => at + 3_600_000 }), at + 3_600_000);
    expect(mollie.refunds).toHaveLength(1);
  });
});
