// Payments in the console (issue 9): a filtered, paged list and refunds.
// A refund goes through the payment provider first (Mollie gets an
// idempotency key, the sandbox caps at the amount paid), then one batch marks
// the payment refunded, takes back the purchased credits as far as the
// balance allows (credits already spent stay spent; the ledger row says how
// many came back), queues the member's mail and writes the audit row. The
// ledger key refund:<payment> makes a second refund of the same payment fail
// as a whole.
import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { formatMoney } from "#app/i18n/format.ts";
import type { PaymentFilter } from "#app/schemas/admin.ts";
import { accountMail, deliverAfterResponse } from "#app/server/accounts/mail.ts";
import { clawbackStatements, isDuplicateBooking } from "#app/server/credits/ledger.ts";
import { payments, profiles, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { paymentProvider } from "#app/server/payments/provider.ts";
import { auditStatement } from "./audit.ts";
import type { OperatorContext } from "./context.ts";
import { memberDomainContext } from "./member-mail.ts";
import { authorize } from "./roles.ts";

export const PAYMENTS_PAGE = 50;
const DAY = 86_400_000;

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

export async function listPayments(app: OperatorContext, filter: PaymentFilter) {
  authorize(app.operator, "payments.view");
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(payments.status, filter.status));
  if (filter.method) conditions.push(eq(payments.method, filter.method));
  if (filter.country) conditions.push(eq(payments.country, filter.country));
  if (filter.domain) conditions.push(eq(payments.domain, filter.domain));
  if (filter.from) conditions.push(gte(payments.createdAt, dayStart(filter.from)));
  if (filter.to) conditions.push(lt(payments.createdAt, dayStart(filter.to) + DAY));
  const page = filter.page ?? 1;
  const rows = await app.db
    .select({
      payment: payments,
      member: { id: users.id, email: users.email, name: profiles.name },
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(profiles, eq(profiles.userId, payments.userId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(PAYMENTS_PAGE + 1)
    .offset((page - 1) * PAYMENTS_PAGE);
  return { rows: rows.slice(0, PAYMENTS_PAGE), hasMore: rows.length > PAYMENTS_PAGE, page };
}

export async function refundPayment(app: OperatorContext, paymentId: number) {
  authorize(app.operator, "payments.refund");
  const [row] = await app.db
    .select({ payment: payments, email: users.email, language: users.language, name: profiles.name })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(profiles, eq(profiles.userId, payments.userId))
    .where(eq(payments.id, paymentId));
  if (!row) throw new DomainError("payment_not_found");
  const { payment } = row;
  if (payment.status !== "paid" || !payment.providerRef) throw new DomainError("not_refundable");

  try {
    await paymentProvider(app, payment.provider).refund(
      payment.providerRef,
      payment.amountCents,
      payment.currency,
      `refund:${payment.id}`,
    );
  } catch (error) {
    app.log.error("refund refused by the provider", { paymentId: payment.id, error: String(error) });
    throw new DomainError("refund_failed");
  }

  const memberApp = await memberDomainContext(app, { domain: payment.domain, language: row.language });
  const now = app.now();
  try {
    await app.db.batch([
      ...clawbackStatements(app.db, {
        userId: payment.userId,
        amount: payment.credits,
        reason: "refund",
        idempotencyKey: `refund:${payment.id}`,
        now,
        note: `payment ${payment.id} refunded by ${app.operator.email}`,
      }),
      app.db
        .update(payments)
        .set({ status: "refunded", updatedAt: now })
        .where(and(eq(payments.id, payment.id), eq(payments.status, "paid"))),
      accountMail(memberApp, {
        to: row.email,
        template: "payment_refunded",
        locale: memberApp.locale,
        params: {
          name: row.name,
          link: new URL("/transactions", memberApp.origin).toString(),
          amount: formatMoney(payment.amountCents, payment.currency, memberApp.locale),
          credits: payment.credits,
        },
      }),
      auditStatement(app, app.operator, {
        action: "payment.refund",
        targetType: "payment",
        targetId: payment.id,
        before: { status: "paid" },
        after: { status: "refunded", amountCents: payment.amountCents, credits: payment.credits },
      }),
    ]);
  } catch (error) {
    if (isDuplicateBooking(error)) throw new DomainError("not_refundable");
    throw error;
  }
  deliverAfterResponse(memberApp);
}
