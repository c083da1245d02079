// Refunds, which operators give from the console. A refund spans two stores, the provider and D1, so it is written down first:
// a refund request (D1), then the provider's refund under the key
// refund:<payment> (the same key asked again refunds once), then one batch
// marks the payment refunded, takes back the purchased credits as far as the
// balance allows (credits already spent stay spent; the ledger row says how
// many came back), queues the member's mail, writes the audit row and drops
// the request. A server dying in between leaves the request: the operator's
// next click, or the hourly job, carries the same refund through. The ledger
// key refund:<payment> makes a second booking of the same refund fail as a
// whole.
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { formatMoney } from "#app/i18n/format.ts";
import { deliverAfterResponse } from "#app/server/accounts/mail.ts";
import { crashPoint } from "#app/server/crash-points.ts";
import { clawbackStatements, isDuplicateBooking } from "#app/server/credits/ledger.ts";
import type { Database } from "#app/server/db/client.ts";
import { operators, payments, profiles, refundRequests, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { errorFields } from "#app/server/log.ts";
import { composeMail } from "#app/server/mail/compose.ts";
import { queueMail } from "#app/server/mail/outbox.ts";
import { auditStatement } from "#app/server/operators/audit.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { type MemberMailSite, memberDomainContext, memberMailSite } from "#app/server/operators/member-mail.ts";
import { authorize } from "#app/server/operators/roles.ts";
import type { Payment } from "./checkout.ts";
import { welcomeBackStatements } from "./discounts.ts";
import { ProviderRefused, paymentProvider } from "./provider.ts";

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
  try {
    await refundAtProvider(app, payment);
  } catch (error) {
    // Refused, nothing happened there: nothing is left to finish. Otherwise it may have refunded,
    // and the request stays for the hourly job (or the next click) to ask again.
    if (error instanceof ProviderRefused) {
      app.log.error("refund refused by the provider", { paymentId: payment.id, error: String(error) });
      await app.db.delete(refundRequests).where(eq(refundRequests.paymentId, payment.id));
    } else {
      app.log.error("refund not confirmed by the provider", { paymentId: payment.id, error: String(error) });
    }
    throw new DomainError("refund_failed");
  }
  crashPoint("refund:provider-refunded");

  const memberApp = await memberDomainContext(app, { domain: payment.domain, language: row.language });
  const booked = await bookRefund(app, row, app.operator, memberApp);
  if (booked === "already") throw new DomainError("not_refundable");
  deliverAfterResponse(memberApp);
}

/** A payment with what its refund mail needs about the member. */
const refundable = (db: Database) =>
  db
    .select({ payment: payments, email: users.email, language: users.language, name: profiles.name })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(profiles, eq(profiles.userId, payments.userId));

type Refundable = { payment: Payment; email: string; name: string };

/** The provider's refund of the whole payment; the key makes asking again (after a crash) the same refund. */
function refundAtProvider(app: Pick<OperatorContext, "env" | "db">, payment: Payment) {
  return paymentProvider(app, payment.provider).refund(
    payment.providerRef!,
    payment.amountCents,
    payment.currency,
    `refund:${payment.id}`,
  );
}

/**
 * Books a refund the provider made, in one batch: the credits taken back, the
 * payment refunded, the member's mail, the audit row, and the request gone.
 * "already" when it was booked before (the ledger key refund:<payment>).
 */
async function bookRefund(
  app: { db: Database; now: () => number; requestId?: string },
  { payment, email, name }: Refundable,
  operator: { id: number; email: string },
  member: MemberMailSite,
) {
  const now = app.now();
  try {
    await app.db.batch([
      ...clawbackStatements(app.db, {
        userId: payment.userId,
        amount: payment.credits,
        reason: "refund",
        idempotencyKey: `refund:${payment.id}`,
        now,
        note: `payment ${payment.id} refunded by ${operator.email}`,
      }),
      app.db
        .update(payments)
        .set({ status: "refunded", updatedAt: now })
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
            amount: formatMoney(payment.amountCents, payment.currency, member.locale),
            credits: payment.credits,
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
      auditStatement(app, operator, {
        action: "payment.refund",
        targetType: "payment",
        targetId: payment.id,
        before: { status: "paid" },
        after: { status: "refunded", amountCents: payment.amountCents, credits: payment.credits },
      }),
      app.db.delete(refundRequests).where(eq(refundRequests.paymentId, payment.id)),
    ]);
    return "booked" as const;
  } catch (error) {
    if (!isDuplicateBooking(error)) throw error;
    await app.db.delete(refundRequests).where(eq(refundRequests.paymentId, payment.id));
    return "already" as const;
  }
}

const MINUTE = 60_000;
/** A request younger than this may still be in an operator's hands. */
const REFUND_GRACE = 5 * MINUTE;
const REFUNDS_PER_RUN = 25;

/**
 * Hourly: finishes refunds a crash cut short. The provider is asked again with
 * the same key (a refund it made already is not made twice) and the refund is
 * booked in the name of the operator who asked for it. A refund the provider
 * refuses stays requested, for an operator to look at (their click asks once
 * more and, refused, drops it); it is reported once a run.
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
    .innerJoin(operators, eq(operators.id, refundRequests.operatorId))
    .where(lte(refundRequests.createdAt, now - REFUND_GRACE))
    .orderBy(asc(refundRequests.createdAt))
    .limit(REFUNDS_PER_RUN);
  const result = { booked: 0, open: 0 };
  for (const row of due) {
    const { payment } = row;
    const context = { paymentId: payment.id, operatorId: row.operator.id };
    try {
      if (payment.status !== "paid" || !payment.providerRef) {
        // Refunded meanwhile (booked with its request gone) or never refundable: nothing to finish.
        await app.db.delete(refundRequests).where(eq(refundRequests.paymentId, payment.id));
        continue;
      }
      await refundAtProvider(app, payment);
      const booked = await bookRefund(
        app,
        row,
        row.operator,
        await memberMailSite(app, { domain: payment.domain, language: row.language }),
      );
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
  return result;
}
