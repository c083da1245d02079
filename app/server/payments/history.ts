// A member's recent payments, newest first, for /transactions without an id
// (the payments overview). checkout.ts only answers one payment (ownPayment) or the paid
// ones (earlierOrders); the overview also shows open, failed and cancelled ones.
import { desc, eq } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { payments } from "#app/server/db/schema.ts";

export async function recentPayments(app: Pick<RequestContext, "db">, memberId: number, limit = 20) {
  return app.db
    .select()
    .from(payments)
    .where(eq(payments.userId, memberId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}
