// Payments listed: a member's recent payments, newest first, for /transactions
// without an id and for the console's member page (checkout.ts only answers
// one payment (ownPayment) or the paid ones (earlierOrders); the overview also
// shows open, failed and cancelled ones), and the console's filtered list.
import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { PaymentFilter } from "#app/schemas/admin.ts";
import type { Database } from "#app/server/db/client.ts";
import { payments, profiles, users } from "#app/server/db/schema.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { authorize } from "#app/server/operators/roles.ts";

/** A query, so the console's member page can run it in its batch. */
export function recentPayments(app: { db: Database }, memberId: number, limit = 20) {
  return app.db
    .select()
    .from(payments)
    .where(eq(payments.userId, memberId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}

/**
 * Whether a payment is the member's first paid one, the purchase that made
 * them premium: its result page says "you are premium now".
 */
export async function isFirstPurchase(
  app: { db: Database },
  memberId: number,
  payment: Pick<typeof payments.$inferSelect, "id" | "status">,
) {
  if (payment.status !== "paid") return false;
  const paid = await app.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, memberId), eq(payments.status, "paid")))
    .limit(2);
  return paid.length === 1 && paid[0]!.id === payment.id;
}

const PAYMENTS_PAGE = 50;
const DAY = 86_400_000;

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Every member's payments for the console, filtered and paged. */
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
