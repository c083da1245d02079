// The credit ledger (ARCHITECTURE: money and credits are a ledger). Every change
// of a balance is a ledger row with an idempotency key, written in the same D1
// batch (one transaction) as the balance update and as what it pays for:
// - a charge books its row only if the balance covers it (INSERT ... SELECT
//   ... WHERE credits >= cost), and the balance and the paid-for rows follow
//   only if that row exists, so nothing is taken without being delivered and
//   nothing is delivered unpaid; concurrent charges are serialized by D1;
// - the same key twice fails the unique index and so the whole batch: a retry
//   or a replayed webhook books once.
import { and, eq, gte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ledgerReasons } from "#app/schemas/enums.ts";
import type { Database } from "#app/server/db/client.ts";
import { creditLedger, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";

export type LedgerReason = (typeof ledgerReasons)[number];

export interface Booking {
  userId: number;
  reason: LedgerReason;
  idempotencyKey: string;
  now: number;
  note?: string;
}

/** SQL that is true once the booking with this key exists (guards what a charge pays for). */
export const booked = (key: string) =>
  sql`exists (select 1 from ${creditLedger} where ${creditLedger.idempotencyKey} = ${key})`;

/** A charge of `cost` credits: a ledger row only when the balance covers it, then the balance. */
export function chargeStatements(db: Database, booking: Booking & { cost: number }) {
  const { userId, cost, reason, idempotencyKey, now, note } = booking;
  return [
    // Selected from the member's row only while the balance covers the cost.
    db.insert(creditLedger).select(
      db
        .select({
          // Every column in table order (Drizzle's insert-select); SQLite assigns the id.
          id: sql<number>`null`.as("id"),
          userId: users.id,
          delta: sql<number>`${-cost}`.as("delta"),
          reason: sql<LedgerReason>`${reason}`.as("reason"),
          idempotencyKey: sql<string>`${idempotencyKey}`.as("idempotency_key"),
          note: sql<string | null>`${note ?? null}`.as("note"),
          createdAt: sql<number>`${now}`.as("created_at"),
        })
        .from(users)
        .where(and(eq(users.id, userId), gte(users.credits, cost))),
    ),
    // The balance right after this charge, from the same transaction (not a read before it).
    db
      .update(users)
      .set({ credits: sql`${users.credits} - ${cost}` })
      .where(and(eq(users.id, userId), booked(idempotencyKey)))
      .returning({ credits: users.credits }),
  ] as const;
}

/** Credits added (purchase, refund, signup bonus, operator adjustment): the row and the balance. */
export function creditStatements(db: Database, booking: Booking & { amount: number }) {
  const { userId, amount, reason, idempotencyKey, now, note } = booking;
  return [
    db.insert(creditLedger).values({ userId, delta: amount, reason, idempotencyKey, note, createdAt: now }),
    db
      .update(users)
      .set({ credits: sql`${users.credits} + ${amount}` })
      .where(eq(users.id, userId)),
  ] as const;
}

/**
 * Takes back up to `amount` credits, as far as the balance allows (a refund of
 * credits already partly spent): the row books -min(amount, balance), possibly
 * 0, and the balance follows the row. Never below zero; the key books once.
 */
export function clawbackStatements(db: Database, booking: Booking & { amount: number }) {
  const { userId, amount, reason, idempotencyKey, now, note } = booking;
  const bookedDelta = db
    .select({ delta: creditLedger.delta })
    .from(creditLedger)
    .where(eq(creditLedger.idempotencyKey, idempotencyKey));
  return [
    db.insert(creditLedger).select(
      db
        .select({
          id: sql<number>`null`.as("id"),
          userId: users.id,
          delta: sql<number>`-min(${amount}, ${users.credits})`.as("delta"),
          reason: sql<LedgerReason>`${reason}`.as("reason"),
          idempotencyKey: sql<string>`${idempotencyKey}`.as("idempotency_key"),
          note: sql<string | null>`${note ?? null}`.as("note"),
          createdAt: sql<number>`${now}`.as("created_at"),
        })
        .from(users)
        .where(eq(users.id, userId)),
    ),
    db
      .update(users)
      .set({ credits: sql`${users.credits} + (${bookedDelta})` })
      .where(and(eq(users.id, userId), booked(idempotencyKey))),
  ] as const;
}

export const isDuplicateBooking = (error: unknown) =>
  String(error).includes("UNIQUE") && String(error).includes("idempotency_key");

/**
 * Runs a charge and what it pays for as one transaction. Answers "charged"
 * with the balance right after it, or "already" (this key was booked before:
 * nothing happens twice; balance null), or throws `insufficient_credits` when
 * the balance did not cover it (nothing happened).
 */
export async function charge(
  db: Database,
  booking: Booking & { cost: number },
  paidFor: BatchItem<"sqlite">[] = [],
): Promise<{ outcome: "charged" | "already"; balance: number | null }> {
  if (booking.cost <= 0) {
    const [balance] = await db.batch([
      db.select({ credits: users.credits }).from(users).where(eq(users.id, booking.userId)),
      ...paidFor,
    ]);
    return { outcome: "charged", balance: balance[0]?.credits ?? null };
  }
  try {
    const [inserted, balance] = await db.batch([...chargeStatements(db, booking), ...paidFor]);
    if ((inserted as D1Result).meta.changes === 0) throw new DomainError("insufficient_credits");
    return { outcome: "charged", balance: balance[0]?.credits ?? null };
  } catch (error) {
    if (isDuplicateBooking(error)) return { outcome: "already", balance: null };
    throw error;
  }
}

/** The balance the ledger says: must always equal users.credits. */
export async function ledgerBalance(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${creditLedger.delta}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return row?.total ?? 0;
}
