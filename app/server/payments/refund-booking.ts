// Booking a refund the provider made, from the console or from the provider's
// dashboard alike, in one batch: the refund kept (payment_refunds, to be
// followed until it ends), the credits taken back in proportion to the money
// (creditsInProportion over everything refunded so far, so the parts of a
// payment refunded in pieces add up to its credits; as far as the balance
// allows, never below zero), the payment refunded once all of its money is,
// the member's mail, the audit row of the operator who asked (if one did) and
// their request gone. A refund is booked once: the record's key
// refund:<payment>:<provider's refund id> and the refund's own row say so. The
// take-back is recorded in that batch and applied to the member's wallet right
// after it (credits/movements.ts).
import { and, eq, ne, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { formatMoney } from "#app/i18n/format.ts";
import { applyNow, recordTakeBack } from "#app/server/credits/movements.ts";
import type { Database } from "#app/server/db/client.ts";
import { paymentRefunds, payments, profiles, refundRequests, users } from "#app/server/db/schema.ts";
import { composeMail } from "#app/server/mail/compose.ts";
import { queueMail } from "#app/server/mail/outbox.ts";
import { auditStatement } from "#app/server/operators/audit.ts";
import type { MemberMailSite } from "#app/server/operators/member-mail.ts";
import type { Payment } from "./checkout.ts";
import { welcomeBackStatements } from "./discounts.ts";
import { creditsInProportion } from "./proportion.ts";
import type { ProviderRefund } from "./provider.ts";

/** A payment with what its refund mail needs about the member. */
export const refundable = (db: Database) =>
  db
    .select({ payment: payments, email: users.email, language: users.language, name: profiles.name })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(profiles, eq(profiles.userId, payments.userId));

export type Refundable = { payment: Payment; email: string; name: string };

/** The cents of a payment refunded so far: its booked refunds that did not fail. */
export async function refundedSoFar(db: Database, paymentId: number) {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${paymentRefunds.amountCents}), 0)` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), ne(paymentRefunds.status, "failed")));
  return row?.cents ?? 0;
}

/** The name a refund's idempotency key is kept under (provider-keys.ts): one refund of a payment at a time. */
export const refundOperation = (paymentId: number) => `refund:${paymentId}`;

const isDuplicateRefund = (error: unknown) =>
  String(error).includes("UNIQUE") && String(error).includes("payment_refunds");

/**
 * Books a refund the provider made. `operator`: who asked for it in the
 * console; null for a refund made outside it. "already" when it was booked before.
 */
export async function bookRefund(
  app: Pick<RequestContext, "db" | "env" | "now" | "log"> & { requestId?: string },
  { payment, email, name }: Refundable,
  refund: ProviderRefund,
  operator: { id: number; email: string } | null,
  member: MemberMailSite,
) {
  const now = app.now();
  const before = await refundedSoFar(app.db, payment.id);
  const after = Math.min(payment.amountCents, before + refund.amountCents);
  const credits =
    creditsInProportion(payment.credits, after, payment.amountCents) -
    creditsInProportion(payment.credits, before, payment.amountCents);
  const ledgerKey = `refund:${payment.id}:${refund.id}`;
  const whole = after >= payment.amountCents;
  const stillPaid = sql`exists (select 1 from ${payments} where ${payments.id} = ${payment.id} and ${payments.status} = 'paid')`;
  try {
    await app.db.batch([
      // First: a refund booked before fails the whole batch here.
      app.db.insert(paymentRefunds).values({
        paymentId: payment.id,
        providerRefundId: refund.id,
        amountCents: refund.amountCents,
        status: refund.status === "refunded" ? "refunded" : "pending",
        ledgerKey,
        operatorId: operator?.id ?? null,
        createdAt: now,
        updatedAt: now,
      }),
      // A refund worth no credits (a few cents of a payment) takes nothing: a wallet takes no empty movement.
      ...(credits > 0
        ? [
            recordTakeBack(app.db, {
              userId: payment.userId,
              amount: credits,
              reason: "refund",
              idempotencyKey: ledgerKey,
              now,
              note: operator
                ? `payment ${payment.id} refunded by ${operator.email}`
                : `payment ${payment.id} refunded outside the console (refund ${refund.id})`,
              // A payment charged back meanwhile gave its credits back then.
              onlyIf: stillPaid,
            }),
          ]
        : []),
      app.db
        .update(payments)
        .set({ status: whole ? "refunded" : "paid", updatedAt: now })
        .where(and(eq(payments.id, payment.id), eq(payments.status, "paid"))),
      // The member's only purchase refunded: the welcome code it used is theirs again.
      ...welcomeBackStatements(app.db, payment),
      queueMail(
        app.db,
        composeMail({
          to: email,
          template: "payment_refunded",
          locale: member.locale,
          params: {
            name,
            link: new URL("/transactions", member.origin).toString(),
            amount: formatMoney(refund.amountCents, payment.currency, member.locale),
            credits,
          },
          site: {
            name: member.settings.name,
            supportEmail: member.settings.support_email,
            baseUrl: member.origin,
            mailName: member.settings.mail_name,
          },
        }),
        now,
      ),
      ...(operator
        ? [
            auditStatement(app, operator, {
              action: "payment.refund",
              targetType: "payment",
              targetId: payment.id,
              before: { status: "paid" },
              after: { status: whole ? "refunded" : "paid", amountCents: refund.amountCents, credits },
            }),
            app.db.delete(refundRequests).where(eq(refundRequests.paymentId, payment.id)),
          ]
        : []),
    ]);
    await applyNow(app, payment.userId);
    return "booked" as const;
  } catch (error) {
    if (!isDuplicateRefund(error)) throw error;
    if (operator) await app.db.delete(refundRequests).where(eq(refundRequests.paymentId, payment.id));
    return "already" as const;
  }
}
