// The credit ledger: money and credits are a ledger. Every change
// of a balance is a ledger row with an idempotency key, written in the same D1
// batch (one transaction) as the balance update and as what it pays for:
// - a charge books its row only if the balance covers it (INSERT ... SELECT
//   ... WHERE credits >= cost), and the balance and the paid-for rows follow
//   only if that row exists, so nothing is taken without being delivered and
//   nothing is delivered unpaid; concurrent charges are serialized by D1;
// - the same key twice fails the unique index and so the whole batch: a retry
//   or a replayed webhook books once.
import { and, eq, gte, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { ledgerReasons } from "#app/schemas/enums.ts";
import type { Database } from "#app/server/db/client.ts";
import { creditLedger, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";

type LedgerReason = (typeof ledgerReasons)[number];

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

/** SQL: the delta booked under a key (the balance follows the row when SQL chose the amount). */
export const bookedDelta = (key: string) =>
  sql<number>`(select ${creditLedger.delta} from ${creditLedger} where ${creditLedger.idempotencyKey} = ${key})`;

/**
 * A booking's ledger row as the columns of an INSERT ... SELECT, in table
 * order (SQLite assigns the id): the row is written only where the SELECT
 * finds its source row, and its amount and note may be SQL over that row.
 */
function ledgerRow(
  booking: Omit<Booking, "userId" | "note"> & { note?: string | SQL<string | null> },
  userId: SQLiteColumn,
  delta: SQL<number>,
) {
  return {
    id: sql<number>`null`.as("id"),
    userId,
    delta: delta.as("delta"),
    reason: sql<LedgerReason>`${booking.reason}`.as("reason"),
    idempotencyKey: sql<string>`${booking.idempotencyKey}`.as("idempotency_key"),
    note: sql<string | null>`${booking.note ?? null}`.as("note"),
    createdAt: sql<number>`${booking.now}`.as("created_at"),
  };
}

/**
 * A charge of `cost` credits: a ledger row only when the balance covers it
 * (and `onlyIf` holds, SQL over the member's row), then the balance. The cost
 * may be SQL the batch works out itself; a cost of 0 books nothing.
 */
export function chargeStatements(db: Database, booking: Booking & { cost: number | SQL<number>; onlyIf?: SQL }) {
  const { userId, cost, idempotencyKey, onlyIf } = booking;
  return [
    // Selected from the member's row only while the balance covers the cost.
    db.insert(creditLedger).select(
      db
        .select(ledgerRow(booking, users.id, sql<number>`-(${cost})`))
        .from(users)
        .where(and(eq(users.id, userId), sql`${cost} > 0`, gte(users.credits, cost), onlyIf)),
    ),
    // The balance right after this charge, from the same transaction (not a read before it).
    db
      .update(users)
      .set({ credits: sql`${users.credits} + ${bookedDelta(idempotencyKey)}` })
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
 * With `onlyIf`, nothing is booked unless that SQL holds inside the batch,
 * for the row and for the balance alike (so a repeat that finds it false does
 * not move the balance by the first booking's row): change what it reads only
 * in statements after these.
 */
export function clawbackStatements(db: Database, booking: Booking & { amount: number; onlyIf?: SQL }) {
  return bookedOnlyIf(db, booking, sql<number>`-min(${booking.amount}, ${users.credits})`);
}

/**
 * Gives back `amount` credits taken earlier (a charge-back the bank reversed),
 * only while `onlyIf` holds inside the batch, for the row and the balance alike
 * (as clawbackStatements: change what it reads only in statements after these).
 */
export function giveBackStatements(db: Database, booking: Booking & { amount: number; onlyIf: SQL }) {
  return bookedOnlyIf(db, booking, sql<number>`${booking.amount}`);
}

/** The row (its amount read from the member's row in the batch), then the balance following it; both only if `onlyIf`. */
function bookedOnlyIf(db: Database, booking: Booking & { onlyIf?: SQL }, amount: SQL<number>) {
  const { userId, idempotencyKey, onlyIf } = booking;
  return [
    db.insert(creditLedger).select(
      db
        .select(ledgerRow(booking, users.id, amount))
        .from(users)
        .where(and(eq(users.id, userId), onlyIf)),
    ),
    db
      .update(users)
      .set({ credits: sql`${users.credits} + ${bookedDelta(idempotencyKey)}` })
      .where(and(eq(users.id, userId), booked(idempotencyKey), onlyIf)),
  ] as const;
}

/**
 * Credits whose amount (and note) SQL decides inside the batch, over another
 * row of the same transaction (a paid payment: what it books depends on whether
 * its discount was still honoured): the row, then the balance following it.
 */
export function computedCreditStatements(
  db: Database,
  booking: Omit<Booking, "note"> & { note: SQL<string | null> },
  source: { table: SQLiteTable; userId: SQLiteColumn; where: SQL; amount: SQL<number> },
) {
  return [
    db.insert(creditLedger).select(
      db
        .select(ledgerRow(booking, source.userId, source.amount))
        .from(source.table)
        .where(source.where),
    ),
    db
      .update(users)
      .set({ credits: sql`${users.credits} + ${bookedDelta(booking.idempotencyKey)}` })
      .where(and(eq(users.id, booking.userId), booked(booking.idempotencyKey))),
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
