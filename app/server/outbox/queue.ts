// The durable queue under the mail and SMS outboxes and the cache purges
// (cdn/purge.ts). A row is "queued" until a provider takes it ("sent") or
// delivery gives up ("failed", shown in the console). A run claims one due
// row at a time by counting the attempt and holding the row for a lease
// (next_attempt_at in the future) in one guarded UPDATE, so two runs never
// send the same row; a run that dies leaves the row to be taken over when the
// lease lapses. A failed attempt waits an
// exponentially growing delay; after the last one the row is given up.
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "#app/server/db/client.ts";
import type { cachePurges, mailOutbox, smsOutbox } from "#app/server/db/schema.ts";
import { errorFields, type Logger } from "#app/server/log.ts";

export type OutboxTable = typeof mailOutbox | typeof smsOutbox | typeof cachePurges;

export interface RetryPolicy {
  /** Wait after the first failed attempt; doubled after each further one. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Attempts before the row is given up. */
  maxAttempts: number;
  /** How long a claimed row is held: longer than one send can take. */
  leaseMs: number;
}

/** A provider's refusal; `permanent` when the same request can never succeed (an invalid number). */
export class DeliveryError extends Error {
  override name = "DeliveryError";
  readonly permanent: boolean;
  constructor(message: string, options: { permanent?: boolean } = {}) {
    super(message);
    this.permanent = options.permanent ?? false;
  }
}

/** The wait after failed attempt number `attempt` (1-based). */
function retryDelay(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.firstDelayMs * 2 ** Math.max(0, attempt - 1), policy.maxDelayMs);
}

/** `fetch` that gives up after `timeoutMs` with a message saying so (a time-out is "not delivered, retry"). */
export async function fetchWithin(provider: string, timeoutMs: number, url: string, init: RequestInit) {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
      throw new DeliveryError(`${provider} did not answer within ${timeoutMs} ms`);
    }
    throw error;
  }
}

const due = (table: OutboxTable, now: number) => and(eq(table.status, "queued"), lte(table.nextAttemptAt, now));

/** Claims the row due longest, or returns null when none is due. */
async function claimNext<T extends OutboxTable>(
  db: Database,
  table: T,
  policy: RetryPolicy,
  now: number,
): Promise<T["$inferSelect"] | null> {
  const next = db
    .select({ id: table.id })
    .from(table)
    .where(due(table, now))
    .orderBy(asc(table.nextAttemptAt), asc(table.id))
    .limit(1);
  const [row] = await db
    .update(table as OutboxTable as typeof mailOutbox)
    .set({ attempts: sql`${table.attempts} + 1`, nextAttemptAt: now + policy.leaseMs })
    .where(and(inArray(table.id, next), due(table, now)))
    .returning();
  return (row as T["$inferSelect"] | undefined) ?? null;
}

export type Outcome = "sent" | "retrying" | "failed";

interface Settle {
  db: Database;
  log: Logger;
  now: number;
  table: OutboxTable;
  policy: RetryPolicy;
  row: { id: number; attempts: number };
  /** Fields for the log lines (which row, which transport). */
  fields: Record<string, unknown>;
  /** The log lines' subject: "mail" or "sms". */
  what: string;
}

/** Records a delivered row; `extra` drops what must not be kept (one-time links, codes). */
async function markSent(s: Settle, providerId: string | null, extra: Record<string, unknown> = {}) {
  await s.db
    .update(s.table as typeof mailOutbox)
    .set({ status: "sent", sentAt: s.now, providerId, lastError: null, ...extra })
    .where(eq(s.table.id, s.row.id));
  return "sent" as const;
}

/** Records a failed attempt: the row waits for its next one, or is given up. Never throws. */
async function markFailed(s: Settle, error: unknown): Promise<Outcome> {
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const giveUp = (error instanceof DeliveryError && error.permanent) || s.row.attempts >= s.policy.maxAttempts;
  const fields = { ...s.fields, attempts: s.row.attempts, ...errorFields(error) };
  if (giveUp) s.log.error(`${s.what} delivery given up`, fields);
  else s.log.warn(`${s.what} not delivered, will retry`, fields);
  try {
    // Only while the claim is still this run's (its attempt), so a late run cannot undo a newer one.
    await s.db
      .update(s.table as typeof mailOutbox)
      .set(
        giveUp
          ? { status: "failed", lastError: reason }
          : { nextAttemptAt: s.now + retryDelay(s.policy, s.row.attempts), lastError: reason },
      )
      .where(and(eq(s.table.id, s.row.id), eq(s.table.attempts, s.row.attempts), eq(s.table.status, "queued")));
  } catch (markError) {
    // The lease still holds the row; it is tried again once that lapses.
    s.log.error(`${s.what} attempt not recorded`, { ...s.fields, ...errorFields(markError) });
  }
  return giveUp ? "failed" : "retrying";
}

/** One outbox: its table, retry policy, the log lines' subject, and how a row goes out. */
export interface Outbox<T extends OutboxTable> {
  table: T;
  policy: RetryPolicy;
  what: "mail" | "sms" | "cache purge";
  /** Fields for the log lines (which row, which transport). */
  fields(row: T["$inferSelect"]): Record<string, unknown>;
  /** Resolves with the provider's id; rejects when the provider did not take it. */
  send(row: T["$inferSelect"]): Promise<{ providerId: string | null }>;
  /** Columns emptied once sent: what must not be kept (one-time links, codes). */
  clearedOnSend: Record<string, unknown>;
}

/** Claims and delivers due rows one by one, up to `limit`; counts what became of them. */
export async function deliverDue<T extends OutboxTable>(
  app: { db: Database; log: Logger; now: () => number },
  outbox: Outbox<T>,
  limit: number,
) {
  const result = { sent: 0, retrying: 0, failed: 0 };
  for (let i = 0; i < limit; i++) {
    const row = await claimNext(app.db, outbox.table, outbox.policy, app.now());
    if (!row) break;
    const { table, policy, what } = outbox;
    const settle: Settle = {
      db: app.db,
      log: app.log,
      now: app.now(),
      table,
      policy,
      what,
      row,
      fields: outbox.fields(row),
    };
    let providerId: string | null;
    try {
      ({ providerId } = await outbox.send(row));
    } catch (error) {
      result[await markFailed(settle, error)]++;
      continue;
    }
    // Outside the try: a sent row that cannot be recorded must not count as a failed attempt.
    result[await markSent(settle, providerId, outbox.clearedOnSend)]++;
  }
  return result;
}
