// Charge-backs: the payer's bank took back the money of a paid payment (a
// SEPA direct debit can be reversed for weeks after it was collected). The
// provider says so: Mollie reports an amount charged back, or a paid payment
// turns failed. One batch takes back the credits the payment booked, as far
// as the balance allows (credits spent stay spent; the ledger row says how
// many came back), and marks the payment charged back. The ledger key
// chargeback:<payment> books it once however often the webhook comes; a
// payment that was never booked ends charged back without a booking, and one
// refunded already keeps its refund (the credits went back then).
import { and, eq, notInArray, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { booked, clawbackStatements, isDuplicateBooking } from "#app/server/credits/ledger.ts";
import { payments } from "#app/server/db/schema.ts";
import type { Payment } from "./checkout.ts";

export async function bookChargeback(app: Pick<RequestContext, "db" | "now" | "log">, payment: Payment) {
  const now = app.now();
  const stillPaid = sql`exists (select 1 from ${payments} where ${payments.id} = ${payment.id} and ${payments.status} = 'paid')`;
  try {
    const [taken] = await app.db.batch([
      ...clawbackStatements(app.db, {
        userId: payment.userId,
        amount: payment.credits,
        reason: "chargeback",
        idempotencyKey: `chargeback:${payment.id}`,
        now,
        note: `payment ${payment.id} charged back by the payer's bank`,
        // Only what this payment booked, and only while it stands paid (not refunded meanwhile).
        onlyIf: sql`${stillPaid} and ${booked(`payment:${payment.id}`)}`,
      }),
      app.db
        .update(payments)
        .set({ status: "charged_back", updatedAt: now })
        .where(and(eq(payments.id, payment.id), eq(payments.status, "paid"))),
    ]);
    if ((taken as D1Result).meta.changes) app.log.warn("payment charged back", { paymentId: payment.id });
  } catch (error) {
    if (!isDuplicateBooking(error)) throw error;
  }
  // Never booked here (its "paid" never reached us): nothing to take back.
  await app.db
    .update(payments)
    .set({ status: "charged_back", updatedAt: now })
    .where(and(eq(payments.id, payment.id), notInArray(payments.status, ["paid", "refunded", "charged_back"])));
}
