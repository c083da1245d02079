// Credit movements that start outside the rooms: a paid purchase, a bonus, a
// refund, a charge-back, an operator's adjustment, a gift sent from a profile.
// Each is recorded in D1 (credit_ledger) in the same batch as what caused it,
// so it is never lost and never recorded twice (its key is unique), and then
// applied to the member's wallet, which decides what it moves. A record stays
// unapplied until the wallet has answered and D1 has noted the answer; the
// minute job replays what a crash left (replayMovements), and every path that
// charges a wallet applies the member's records first, so a wallet never
// decides on a balance that misses a purchase already recorded.
//
// The rows from before the wallets are records too ("import"): a member's
// history moves into their wallet the first time anything touches it.
import { and, asc, eq, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { RequestContext } from "#app/context.ts";
import type { ledgerReasons, movementOps } from "#app/schemas/enums.ts";
import { crashPoint } from "#app/server/crash-points.ts";
import type { Database } from "#app/server/db/client.ts";
import { creditLedger, users } from "#app/server/db/schema.ts";
import type { Logger } from "#app/server/log.ts";
import { type AppliedOutcome, walletOf } from "./wallet.ts";
import type { RecordedMovement } from "./wallet-input.ts";

type LedgerReason = (typeof ledgerReasons)[number];
type MovementOp = (typeof movementOps)[number];
type WalletContext = Pick<RequestContext, "db" | "env" | "now">;

export interface Movement {
  userId: number;
  reason: LedgerReason;
  idempotencyKey: string;
  now: number;
  note?: string;
}

/** SQL that is true once a movement with this key is recorded (guards what it pays for in the same batch). */
export const recorded = (key: string) =>
  sql`exists (select 1 from ${creditLedger} where ${creditLedger.idempotencyKey} = ${key})`;

/**
 * A record as the columns of an INSERT ... SELECT, in table order: it is
 * written only where the SELECT finds its source row, and its amount and note
 * may be SQL over that row.
 */
function recordRow(
  movement: Omit<Movement, "userId" | "note"> & { note?: string | SQL<string | null>; of?: string[] },
  op: MovementOp,
  userId: SQLiteColumn | SQL<number>,
  amount: SQL<number>,
) {
  return {
    id: sql<number>`null`.as("id"),
    userId,
    delta: sql<number>`0`.as("delta"),
    reason: sql<LedgerReason>`${movement.reason}`.as("reason"),
    idempotencyKey: sql<string>`${movement.idempotencyKey}`.as("idempotency_key"),
    note: sql<string | null>`${movement.note ?? null}`.as("note"),
    createdAt: sql<number>`${movement.now}`.as("created_at"),
    op: sql<MovementOp>`${op}`.as("op"),
    amount: amount.as("amount"),
    ofKeys: sql<string | null>`${movement.of ? JSON.stringify(movement.of) : null}`.as("of_keys"),
    appliedAt: sql<number | null>`null`.as("applied_at"),
    outcome: sql<AppliedOutcome | null>`null`.as("outcome"),
  };
}

/** A movement of a fixed amount, recorded unless `onlyIf` (SQL over the member's row) is false inside the batch. */
function record(db: Database, op: MovementOp, movement: Movement & { amount: number; of?: string[]; onlyIf?: SQL }) {
  return db.insert(creditLedger).select(
    db
      .select(recordRow(movement, op, users.id, sql<number>`${movement.amount}`))
      .from(users)
      .where(and(eq(users.id, movement.userId), movement.onlyIf)),
  );
}

/** Credits added: a purchase, a bonus, an adjustment up. */
export const recordCredit = (db: Database, movement: Movement & { amount: number }) => record(db, "credit", movement);

/** Credits taken only if the balance covers them all (a gift, an adjustment down). */
export const recordCharge = (db: Database, movement: Movement & { amount: number; onlyIf?: SQL }) =>
  record(db, "charge", movement);

/** Up to `amount` credits taken back, as far as the balance goes (a refund, a charge-back). */
export const recordTakeBack = (db: Database, movement: Movement & { amount: number; onlyIf?: SQL }) =>
  record(db, "takeBack", movement);

/** What the movements under `of` took, given back, at most `amount` (a charge-back reversed, a refund failed). */
export const recordGiveBack = (db: Database, movement: Movement & { amount?: number; of: string[]; onlyIf?: SQL }) =>
  record(db, "giveBack", { ...movement, amount: movement.amount ?? 0 });

/**
 * Credits whose amount (and note) SQL decides inside the batch, over another
 * row of the same transaction (a paid payment: what it adds depends on
 * whether its discount was still honoured).
 */
export function recordComputedCredit(
  db: Database,
  movement: Omit<Movement, "note" | "userId"> & { note: SQL<string | null> },
  source: { table: SQLiteTable; userId: SQLiteColumn; where: SQL; amount: SQL<number> },
) {
  return db.insert(creditLedger).select(
    db
      .select(recordRow(movement, "credit", source.userId, source.amount))
      .from(source.table)
      .where(source.where),
  );
}

/** Whether a batch failed because a movement's key was recorded before (the error may come wrapped by the query builder). */
export function isDuplicateBooking(error: unknown): boolean {
  if (String(error).includes("UNIQUE") && String(error).includes("idempotency_key")) return true;
  return error instanceof Error && error.cause !== undefined && isDuplicateBooking(error.cause);
}

/** D1's display copy of a wallet's balance: written only over an older version. */
export function copyBalance(db: Database, memberId: number, wallet: { balance: number; version: number }) {
  return db
    .update(users)
    .set({ credits: wallet.balance, creditsVersion: wallet.version })
    .where(and(eq(users.id, memberId), lt(users.creditsVersion, wallet.version)));
}

/** Records applied at once: the wallet takes at most this many in one transaction. */
const PAGE = 100;

export interface Applied {
  balance: number;
  version: number;
  /** What the wallet did with each record applied now, by key. */
  outcomes: Map<string, { outcome: AppliedOutcome; delta: number }>;
}

const asRecorded = (row: typeof creditLedger.$inferSelect): RecordedMovement => ({
  key: row.idempotencyKey,
  op: row.op,
  amount: row.amount,
  reason: row.reason,
  note: row.note,
  of: row.ofKeys ? (JSON.parse(row.ofKeys) as string[]) : null,
  createdAt: row.createdAt,
});

/**
 * Applies the member's unapplied records to their wallet, oldest first, and
 * notes each answer and the balance in D1. Safe to run twice at once: the
 * wallet answers a key it booked before with what it moved then. Answers the
 * wallet's balance after them, or null when there was nothing to apply.
 */
export async function applyMovements(app: WalletContext, memberId: number, log?: Logger): Promise<Applied | null> {
  let applied: Applied | null = null;
  // A member whose history moves now: their wallet must end where D1's balance was, plus what came since.
  let move: { d1: number; since: number } | null = null;
  for (;;) {
    const rows = await app.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, memberId), isNull(creditLedger.appliedAt)))
      .orderBy(asc(creditLedger.id))
      .limit(PAGE);
    if (rows.length === 0) break;
    if (applied === null && rows[0]?.op === "import") move = await historyToMove(app.db, memberId);
    const answer = await walletOf(app.env, memberId).apply(rows.map(asRecorded));
    const now = app.now();
    await app.db.batch([
      copyBalance(app.db, memberId, answer),
      ...answer.applied.map((one) =>
        app.db
          .update(creditLedger)
          .set({ appliedAt: now, outcome: one.outcome, delta: one.delta })
          .where(and(eq(creditLedger.idempotencyKey, one.key), isNull(creditLedger.appliedAt))),
      ),
    ]);
    applied ??= { balance: 0, version: 0, outcomes: new Map() };
    applied.balance = answer.balance;
    applied.version = answer.version;
    for (const [i, one] of answer.applied.entries()) {
      applied.outcomes.set(one.key, { outcome: one.outcome, delta: one.delta });
      if (move && rows[i]?.op !== "import") move.since += one.delta;
    }
    if (rows.length < PAGE) break;
  }
  if (move && applied) checkMove(move, applied.balance, log ?? null, memberId);
  return applied;
}

/** The balance D1 held before a member's first wallet movement (its copy still at version 0): what their history must sum to. */
async function historyToMove(db: Database, memberId: number) {
  const [row] = await db
    .select({ credits: users.credits, version: users.creditsVersion })
    .from(users)
    .where(eq(users.id, memberId));
  return row && row.version === 0 ? { d1: row.credits, since: 0 } : null;
}

/** A history that does not sum to D1's balance is a fault to look into: said loudly, never hidden. */
function checkMove(move: { d1: number; since: number }, balance: number, log: Logger | null, memberId: number) {
  if (move.d1 + move.since === balance) return;
  log?.error("a member's history in their wallet does not sum to the balance D1 held", {
    memberId,
    d1: move.d1,
    sinceMove: move.since,
    wallet: balance,
  });
}

/**
 * Right after a batch that recorded movements: applies them. The record is
 * durable already, so a wallet that cannot answer now fails nothing: the
 * replay applies it within a minute or two, and the answer is null.
 */
export async function applyNow(app: WalletContext & { log?: Logger }, memberId: number): Promise<Applied | null> {
  crashPoint("movement:recorded");
  try {
    return await applyMovements(app, memberId, app.log);
  } catch (error) {
    app.log?.warn("credit movements left to the replay", { memberId, error: String(error) });
    return null;
  }
}

/** The wallet's balance, with whatever is recorded for the member applied first. */
export async function walletBalance(app: WalletContext, memberId: number) {
  const applied = await applyMovements(app, memberId);
  return applied ?? (await walletOf(app.env, memberId).state());
}

/** Records are replayed once they have waited this long: a request applies its own long before. */
export const REPLAY_AFTER_MS = 30_000;

/**
 * The minute job: members with records a crash left unapplied (older than
 * REPLAY_AFTER_MS), a bounded number per run; each member's are applied in
 * order. A member who fails is tried again next run; the others go on.
 */
export async function replayMovements(app: WalletContext & { log: Logger }, limit = 50) {
  const due = await app.db
    .selectDistinct({ userId: creditLedger.userId })
    .from(creditLedger)
    .where(and(isNull(creditLedger.appliedAt), lt(creditLedger.createdAt, app.now() - REPLAY_AFTER_MS)))
    .limit(limit);
  let members = 0;
  for (const { userId } of due) {
    try {
      await applyMovements(app, userId, app.log);
      members++;
    } catch (error) {
      app.log.error("credit movements not applied", { memberId: userId, error: String(error) });
    }
  }
  return { movementsReplayedFor: members };
}
