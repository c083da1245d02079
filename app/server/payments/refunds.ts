// Refunds, which operators give from the console. A refund spans two stores, the provider and D1, so it is written down first:
// a refund request (D1), then the provider's refund of what remains of the
// payment under a random idempotency key kept for it (provider-keys.ts: the
// same key asked again refunds once), then one batch books it
// (refund-booking.ts): the credits taken back in proportion, as far as the
// balance allows (credits already spent stay spent; the wallet says how
// many came back), the payment refunded, the member's mail, the audit row,
// the request dropped. A server dying in between leaves the request: the
// operator's next click, or the hourly job, carries the same refund through.
// The provider may still fail a refund it accepted: refund-follow.ts follows
// each one to its end and gives back what a failed one took.
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { deliverAfterResponse } from "#app/server/accounts/mail.ts";
import { crashPoint } from "#app/server/crash-points.ts";
import { operators, payments, profiles, refundRequests, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { errorFields } from "#app/server/log.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { memberDomainContext, memberMailSite } from "#app/server/operators/member-mail.ts";
import { authorize } from "#app/server/operators/roles.ts";
import type { Payment } from "./checkout.ts";
import { ProviderRefused, paymentProvider } from "./provider.ts";
import { forgetProviderKey, providerKey } from "./provider-keys.ts";
import { bookRefund, refundable, refundedSoFar, refundOperation } from "./refund-booking.ts";
import { followOpenRefunds } from "./refund-follow.ts";

export async function refundPayment(app: OperatorContext, paymentId: number) {
  authorize(app.operator, "payments.refund");
  const [row] = await refundable(app.db).where(eq(payments.id, paymentId));
  if (!row) throw new DomainError("payment_not_found");
  const { payment } = row;
  if (payment.status !== "paid" || !payment.providerRef) throw new DomainError("not_refundable");

  // The intent, for a payment still paid; one already there (a click that did not finish) is continued.
  await app.db
    .insert(refundRequests)
    .select(
      app.db
        .select({
          paymentId: payments.id,
          operatorId: sql<number>`${app.operator.id}`.as("operator_id"),
          createdAt: sql<number>`${app.now()}`.as("created_at"),
        })
        .from(payments)
        .where(and(eq(payments.id, payment.id), eq(payments.status, "paid"))),
    )
    .onConflictDoNothing();
  crashPoint("refund:requested");
  let refund: Awaited<ReturnType<typeof refundAtProvider>>;
  try {
    refund = await refundAtProvider(app, payment);
  } catch (error) {
    // Refused, nothing happened there: nothing is left to finish. Otherwise it may have refunded,
    // and the request stays for the hourly job (or the next click) to ask again.
    if (error instanceof ProviderRefused) {
      app.log.error("refund refused by the provider", { paymentId: payment.id, error: String(error) });
      await dropRequest(app, payment.id);
    } else {
      app.log.error("refund not confirmed by the provider", { paymentId: payment.id, error: String(error) });
    }
    throw new DomainError("refund_failed");
  }
  crashPoint("refund:provider-refunded");

  const memberApp = await memberDomainContext(app, { domain: payment.domain, language: row.language });
  const booked = await bookRefund(app, row, refund, app.operator, memberApp);
  if (booked === "already") throw new DomainError("not_refundable");
  deliverAfterResponse(memberApp);
}

/** A request that will not be carried out, and its key with it (the next request is a new refund). */
async function dropRequest(app: Pick<RequestContext, "db">, paymentId: number) {
  await app.db.batch([
    app.db.delete(refundRequests).where(eq(refundRequests.paymentId, paymentId)),
    forgetProviderKey(app.db, refundOperation(paymentId)),
  ]);
}

/** The provider's refund of what remains of the payment; the stored key makes asking again (after a crash) the same refund. */
async function refundAtProvider(app: Pick<OperatorContext, "env" | "db" | "now">, payment: Payment) {
  const remaining = payment.amountCents - (await refundedSoFar(app.db, payment.id));
  const key = await providerKey(app.db, refundOperation(payment.id), app.now());
  const refund = await paymentProvider(app, payment.provider).refund(
    payment.providerRef!,
    remaining,
    payment.currency,
    key,
  );
  if (refund.status === "failed") throw new ProviderRefused(`refund ${refund.id} failed at once`);
  return refund;
}

const MINUTE = 60_000;
/** A request younger than this may still be in an operator's hands. */
const REFUND_GRACE = 5 * MINUTE;
const REFUNDS_PER_RUN = 25;

/**
 * Hourly: finishes refunds a crash cut short. The provider is asked again with
 * the same key (a refund it made already is not made twice) and the refund is
 * booked in the name of the operator who asked for it (in no one's, once they
 * were deleted). A refund the provider
 * refuses stays requested, for an operator to look at (their click asks once
 * more and, refused, drops it); it is reported once a run. Then the refunds
 * the provider has not yet settled are followed (refund-follow.ts).
 */
export async function settleRefundRequests(app: Pick<RequestContext, "db" | "env" | "log" | "now">, now: number) {
  const due = await app.db
    .select({
      payment: payments,
      email: users.email,
      language: users.language,
      name: profiles.name,
      operator: { id: operators.id, email: operators.email },
    })
    .from(refundRequests)
    .innerJoin(payments, eq(payments.id, refundRequests.paymentId))
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(profiles, eq(profiles.userId, payments.userId))
    // A request whose operator was deleted since is still finished (see below).
    .leftJoin(operators, eq(operators.id, refundRequests.operatorId))
    .where(lte(refundRequests.createdAt, now - REFUND_GRACE))
    .orderBy(asc(refundRequests.createdAt))
    .limit(REFUNDS_PER_RUN);
  const result = { booked: 0, open: 0 };
  for (const row of due) {
    const { payment } = row;
    const context = { paymentId: payment.id, operatorId: row.operator?.id ?? null };
    try {
      if (payment.status !== "paid" || !payment.providerRef) {
        // Refunded meanwhile (booked with its request gone) or never refundable: nothing to finish.
        await dropRequest(app, payment.id);
        continue;
      }
      const refund = await refundAtProvider(app, payment);
      const booked = await bookRefund(
        app,
        row,
        refund,
        row.operator,
        await memberMailSite(app, { domain: payment.domain, language: row.language }),
      );
      // Its operator deleted since: booked in no one's name (no audit row), so the request goes here.
      if (!row.operator) await app.db.delete(refundRequests).where(eq(refundRequests.paymentId, payment.id));
      if (booked === "booked") {
        result.booked++;
        app.log.info("refund finished after an interruption", context);
      }
    } catch (error) {
      result.open++;
      const message =
        error instanceof ProviderRefused
          ? "refund refused by the provider, left for an operator"
          : "refund not finished, tried again next run";
      app.log.error(message, { ...context, ...errorFields(error) });
    }
  }
  return { ...result, ...(await followOpenRefunds(app, now)) };
}
