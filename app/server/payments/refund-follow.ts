// Following refunds to their end. The provider accepts a refund as pending;
// it reaches the payer days later, or fails (or is canceled) and pays nothing
// back. And a refund may be made outside the console, in the provider's
// dashboard. So whenever the provider calls a paid payment's webhook, and
// hourly for refunds not yet settled, the payment's refunds are asked for:
// - one we do not know (made outside the console) is booked as a console
//   refund is, its credits taken back in proportion (refund-booking.ts);
//   while an operator's own refund of the payment is under way it is left to
//   that request, which books it;
// - one of ours that reached the payer is settled;
// - one of ours that failed gives back, in one batch, exactly the credits its
//   booking took (the give-back names the booking's key, and the wallet gives
//   back what that key took), puts a refunded payment back to paid, forgets
//   its idempotency key (the next refund is a new one) and, when an operator
//   had asked for it, writes their audit row; the log says so for the operators.
import { and, asc, eq, lte } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { applyNow, isDuplicateBooking, recorded, recordGiveBack } from "#app/server/credits/movements.ts";
import { paymentRefunds, payments, refundRequests } from "#app/server/db/schema.ts";
import { errorFields } from "#app/server/log.ts";
import { auditStatement } from "#app/server/operators/audit.ts";
import { memberMailSite } from "#app/server/operators/member-mail.ts";
import type { Payment } from "./checkout.ts";
import { paymentProvider } from "./provider.ts";
import { forgetProviderKey } from "./provider-keys.ts";
import { bookRefund, refundable, refundOperation } from "./refund-booking.ts";

type FollowContext = Pick<RequestContext, "db" | "env" | "log" | "now"> & { requestId?: string };
type BookedRefund = typeof paymentRefunds.$inferSelect;

/** Asks the provider about a paid (or refunded) payment's refunds and applies what it says; safe to repeat. */
export async function followRefunds(app: FollowContext, payment: Payment) {
  if (!payment.providerRef || (payment.status !== "paid" && payment.status !== "refunded")) return;
  const atProvider = await paymentProvider(app, payment.provider).refunds(payment.providerRef);
  if (!atProvider.length) return;
  const [known, requests] = await Promise.all([
    app.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id)),
    app.db.select().from(refundRequests).where(eq(refundRequests.paymentId, payment.id)),
  ]);
  for (const refund of atProvider) {
    const ours = known.find((k) => k.providerRefundId === refund.id);
    if (ours) {
      if (ours.status !== "pending" || refund.status === "pending") continue;
      if (refund.status === "refunded") await settle(app, ours);
      else await giveBack(app, payment, ours);
      continue;
    }
    if (refund.status === "failed" || requests.length) continue;
    const [row] = await refundable(app.db).where(eq(payments.id, payment.id));
    if (!row) return;
    const member = await memberMailSite(app, { domain: payment.domain, language: row.language });
    const booked = await bookRefund(app, row, refund, null, member);
    if (booked === "booked") {
      app.log.warn("payment refunded outside the console, credits taken back", {
        paymentId: payment.id,
        refundId: refund.id,
        amountCents: refund.amountCents,
      });
    }
  }
}

async function settle(app: FollowContext, ours: BookedRefund) {
  await app.db
    .update(paymentRefunds)
    .set({ status: "refunded", updatedAt: app.now() })
    .where(and(eq(paymentRefunds.id, ours.id), eq(paymentRefunds.status, "pending")));
}

/** A refund that failed at the provider: what its booking took comes back, once. */
async function giveBack(app: FollowContext, payment: Payment, ours: BookedRefund) {
  const now = app.now();
  const key = `refund-failed:${payment.id}:${ours.providerRefundId}`;
  try {
    await app.db.batch([
      app.db
        .update(paymentRefunds)
        .set({ status: "failed", updatedAt: now })
        .where(and(eq(paymentRefunds.id, ours.id), eq(paymentRefunds.status, "pending"))),
      // Exactly what the booking took, however the balance moved since; a booking that took nothing gives nothing.
      recordGiveBack(app.db, {
        userId: payment.userId,
        reason: "refund",
        idempotencyKey: key,
        now,
        of: [ours.ledgerKey],
        note: `refund ${ours.providerRefundId} of payment ${payment.id} failed at the provider: credits given back`,
        onlyIf: recorded(ours.ledgerKey),
      }),
      app.db
        .update(payments)
        .set({ status: "paid", updatedAt: now })
        .where(and(eq(payments.id, payment.id), eq(payments.status, "refunded"))),
      forgetProviderKey(app.db, refundOperation(payment.id)),
      ...(ours.operatorId
        ? [
            auditStatement(
              app,
              { id: ours.operatorId },
              {
                action: "payment.refund_failed",
                targetType: "payment",
                targetId: payment.id,
                before: { refund: ours.providerRefundId, status: "pending" },
                after: { refund: ours.providerRefundId, status: "failed", payment: "paid" },
              },
            ),
          ]
        : []),
    ]);
  } catch (error) {
    if (isDuplicateBooking(error)) return;
    throw error;
  }
  await applyNow(app, payment.userId);
  app.log.error("refund failed at the provider: credits given back, the payment stands paid again", {
    paymentId: payment.id,
    refundId: ours.providerRefundId,
    operatorId: ours.operatorId,
  });
}

const MINUTE = 60_000;
/** A refund younger than this is left to the provider's webhook. */
const FOLLOW_AFTER = 15 * MINUTE;
/** Payments whose refunds are asked about per run (each is a provider call). */
const FOLLOW_PER_RUN = 25;

/** Hourly: asks about refunds not yet settled, the longest untouched first; each asked is touched. */
export async function followOpenRefunds(app: FollowContext, now: number) {
  const due = await app.db
    .selectDistinct({ payment: payments })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(and(eq(paymentRefunds.status, "pending"), lte(paymentRefunds.updatedAt, now - FOLLOW_AFTER)))
    .orderBy(asc(paymentRefunds.updatedAt))
    .limit(FOLLOW_PER_RUN);
  const result = { followed: 0, unanswered: 0 };
  for (const { payment } of due) {
    try {
      await followRefunds(app, payment);
      result.followed++;
    } catch (error) {
      result.unanswered++;
      app.log.error("refunds not followed, asked again next run", { paymentId: payment.id, ...errorFields(error) });
    }
    await app.db
      .update(paymentRefunds)
      .set({ updatedAt: now })
      .where(and(eq(paymentRefunds.paymentId, payment.id), eq(paymentRefunds.status, "pending")));
  }
  return result;
}
