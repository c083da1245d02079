// A member's wallet: their balance and every movement of their credits, kept
// in their own Durable Object's SQLite (workers/durable-objects/member-wallet.ts
// is the object; these are its rules, apart from it as the room's storage is
// apart from the room). Each function is one decision: the object runs it in
// one synchronous transaction, so nothing else happens between reading the
// balance and writing it, and a failure half-way leaves nothing behind.
//
// Every movement carries the caller's exactly-once key. A key booked before
// moves nothing again ("already", with what it moved); a key voided (a send
// given up after a crash, docs/money-model.md) is refused forever, so a late
// charge cannot take money for a message that was dropped. The balance row
// always equals the sum of the ledger and never goes below zero (a CHECK
// makes a broken rule fail loudly instead of writing a negative balance).
// Once erased, the wallet holds no movements and refuses every key.
import type { ledgerReasons } from "#app/schemas/enums.ts";
import { DomainError } from "#app/server/errors.ts";
import type { ChargeCountQuery, ImportInput, LedgerQuery, RecordedMovement } from "./wallet-input.ts";

type Reason = (typeof ledgerReasons)[number];

export interface Movement {
  key: string;
  reason: Reason;
  note?: string;
  now: number;
}

/** Every answer says the balance after it and the wallet's version (raised by each write): D1's copy keeps the latest. */
export type Refusal =
  | { outcome: "already"; delta: number; balance: number; version: number }
  | { outcome: "void"; balance: number; version: number }
  | { outcome: "insufficient"; balance: number; version: number };

export type Booked<O extends string> = { outcome: O; delta: number; balance: number; version: number };

export type KeyState =
  | { key: string; state: "booked"; delta: number }
  | { key: string; state: "void" }
  | { key: string; state: "unknown" };

export interface LedgerRow {
  id: number;
  key: string;
  delta: number;
  reason: Reason;
  note: string | null;
  createdAt: number;
}

export function createWalletTables(sql: SqlStorage) {
  sql.exec(`create table if not exists ledger (
    id integer primary key,
    key text not null unique,
    delta integer not null,
    reason text not null,
    note text,
    created_at integer not null
  )`);
  sql.exec(`create table if not exists wallet (
    id integer primary key check (id = 1),
    credits integer not null check (credits >= 0),
    erased_at integer,
    version integer not null default 0
  )`);
  sql.exec("insert or ignore into wallet (id, credits) values (1, 0)");
  sql.exec("create table if not exists void_keys (key text primary key, voided_at integer not null)");
  // A wallet made before the version was kept (none served the product then) gains it.
  const columns = sql.exec<{ name: string }>("pragma table_info(wallet)").toArray();
  if (!columns.some((column) => column.name === "version"))
    sql.exec("alter table wallet add column version integer not null default 0");
}

function wallet(sql: SqlStorage) {
  const [row] = sql
    .exec<{ credits: number; erased_at: number | null; version: number }>(
      "select credits, erased_at, version from wallet",
    )
    .toArray();
  return { credits: row?.credits ?? 0, erased: row?.erased_at != null, version: row?.version ?? 0 };
}

const bookedDelta = (sql: SqlStorage, key: string) =>
  sql.exec<{ delta: number }>("select delta from ledger where key = ?", key).toArray()[0]?.delta ?? null;

const isVoid = (sql: SqlStorage, key: string) =>
  sql.exec("select 1 from void_keys where key = ?", key).toArray().length > 0;

function write(sql: SqlStorage, movement: Movement, delta: number) {
  sql.exec(
    "insert into ledger (key, delta, reason, note, created_at) values (?, ?, ?, ?, ?)",
    movement.key,
    delta,
    movement.reason,
    movement.note ?? null,
    movement.now,
  );
  sql.exec("update wallet set credits = credits + ?, version = version + 1", delta);
}

/**
 * Books one movement whose amount `deltaFor` decides from the balance (null:
 * the balance does not cover it), unless its key was booked or voided before.
 */
function book<O extends string>(
  sql: SqlStorage,
  movement: Movement,
  outcome: O,
  deltaFor: (credits: number) => number | null,
): Booked<O> | Refusal {
  const { credits, erased, version } = wallet(sql);
  if (erased) return { outcome: "void", balance: credits, version };
  const before = bookedDelta(sql, movement.key);
  if (before !== null) return { outcome: "already", delta: before, balance: credits, version };
  if (isVoid(sql, movement.key)) return { outcome: "void", balance: credits, version };
  const delta = deltaFor(credits);
  if (delta === null) return { outcome: "insufficient", balance: credits, version };
  write(sql, movement, delta);
  return { outcome, delta, balance: credits + delta, version: version + 1 };
}

/** Takes `amount` credits (a message, a gift, an adjustment down) only when the balance covers all of it. */
export const charge = (sql: SqlStorage, movement: Movement & { amount: number }) =>
  book(sql, movement, "charged", (credits) => (credits >= movement.amount ? -movement.amount : null));

/** Adds `amount` credits (a purchase, a signup bonus, a refund to the member, an adjustment up). */
export const credit = (sql: SqlStorage, movement: Movement & { amount: number }) =>
  book(sql, movement, "credited", () => movement.amount);

/**
 * Takes back up to `amount` credits, as far as the balance allows (a refund or
 * charge-back of credits partly spent already): books -min(amount, balance),
 * possibly 0, so the key still records that the take-back happened.
 */
export const takeBack = (sql: SqlStorage, movement: Movement & { amount: number }) =>
  book(sql, movement, "taken", (credits) => 0 - Math.min(movement.amount, credits));

/**
 * Gives back what the bookings under `of` took, at most `amount` (a charge-back
 * the bank reversed, a refund the provider failed): never more than those keys
 * took net, however the balance moved since, and nothing when they took nothing.
 * Whether it is due at all (the payment still stands as read) is D1's to decide
 * before it asks.
 */
export function giveBack(sql: SqlStorage, movement: Movement & { amount?: number; of: string[] }) {
  const marks = movement.of.map(() => "?").join(", ");
  const [row] = sql
    .exec<{ total: number }>(
      `select coalesce(sum(delta), 0) as total from ledger where key in (${marks})`,
      ...movement.of,
    )
    .toArray();
  const taken = Math.max(0, -(row?.total ?? 0));
  return book(sql, movement, "given", () => Math.min(movement.amount ?? taken, taken));
}

/** What a room asks about its pending messages after a crash: each key booked (with its delta), void or unknown. */
export function lookup(sql: SqlStorage, keys: string[]): KeyState[] {
  const { erased } = wallet(sql);
  return keys.map((key) => {
    if (erased) return { key, state: "void" };
    const delta = bookedDelta(sql, key);
    if (delta !== null) return { key, state: "booked", delta };
    return isVoid(sql, key) ? { key, state: "void" } : { key, state: "unknown" };
  });
}

/**
 * Gives a key up: booked already, it stays booked and the caller delivers what
 * it paid for; else it is void from now on and any movement under it is refused.
 */
export function voidKey(sql: SqlStorage, input: { key: string; now: number }) {
  if (wallet(sql).erased) return { outcome: "voided" as const };
  const delta = bookedDelta(sql, input.key);
  if (delta !== null) return { outcome: "booked" as const, delta };
  sql.exec("insert or ignore into void_keys (key, voided_at) values (?, ?)", input.key, input.now);
  return { outcome: "voided" as const };
}

export const balance = (sql: SqlStorage) => wallet(sql).credits;

/** The balance with the version it belongs to (D1's display copy is written from it). */
export function state(sql: SqlStorage) {
  const { credits, version } = wallet(sql);
  return { balance: credits, version };
}

export type AppliedOutcome = "booked" | "insufficient" | "void";

/**
 * Applies movements recorded in D1 (credits/movements.ts), in their order,
 * each under its own key: a key booked before answers what it moved then, so
 * a record applied twice moves once. An import books its amount as it stands
 * (history from before the wallets), unless that would take the balance below
 * zero (then it is refused, as a charge the balance does not cover). A
 * refused record's key is void from then on, so applied again it is refused
 * again, whatever the balance has become.
 */
export function applyRecorded(sql: SqlStorage, rows: RecordedMovement[]) {
  const applied = rows.map((row) => {
    const movement = { key: row.key, reason: row.reason, note: row.note ?? undefined, now: row.createdAt };
    const answer =
      row.op === "import"
        ? book(sql, movement, "imported", (credits) => (credits + row.amount >= 0 ? row.amount : null))
        : row.op === "credit"
          ? credit(sql, { ...movement, amount: row.amount })
          : row.op === "charge"
            ? charge(sql, { ...movement, amount: row.amount })
            : row.op === "takeBack"
              ? takeBack(sql, { ...movement, amount: row.amount })
              : giveBack(sql, { ...movement, amount: row.amount || undefined, of: row.of ?? [] });
    // A record refused stays refused: two applies of the same records at once, a purchase booked
    // between them, must not decide one charge both ways (D1 keeps the first answer it notes).
    if (answer.outcome === "insufficient")
      sql.exec("insert or ignore into void_keys (key, voided_at) values (?, ?)", row.key, row.createdAt);
    const outcome: AppliedOutcome =
      answer.outcome === "insufficient" ? "insufficient" : answer.outcome === "void" ? "void" : "booked";
    return { key: row.key, outcome, delta: "delta" in answer ? answer.delta : 0 };
  });
  return { applied, ...state(sql) };
}

/** How many charges under these notes (a member's conversations) since a time: the daily cap of a member who may be vulnerable. */
export function countCharges(sql: SqlStorage, query: ChargeCountQuery) {
  if (query.notes.length === 0) return 0;
  const notes = query.notes.map(() => "?").join(", ");
  const reasons = query.reasons.map(() => "?").join(", ");
  const [row] = sql
    .exec<{ n: number }>(
      `select count(*) as n from ledger where delta < 0 and created_at >= ? and reason in (${reasons}) and note in (${notes})`,
      query.since,
      ...query.reasons,
      ...query.notes,
    )
    .toArray();
  return row?.n ?? 0;
}

/** The sum of every movement: the balance must always equal it. */
function ledgerSum(sql: SqlStorage) {
  const [row] = sql.exec<{ total: number }>("select coalesce(sum(delta), 0) as total from ledger").toArray();
  return row?.total ?? 0;
}

/** Movements newest first, a page before an id (the console's history, the data export). */
export function ledgerPage(sql: SqlStorage, query: LedgerQuery): LedgerRow[] {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (query.before !== undefined) {
    where.push("id < ?");
    params.push(query.before);
  }
  if (query.keyPrefix !== undefined) {
    where.push("(key = ? or substr(key, 1, ?) = ?)");
    params.push(query.keyPrefix, query.keyPrefix.length + 1, `${query.keyPrefix}:`);
  }
  const rows = sql
    .exec<{ id: number; key: string; delta: number; reason: Reason; note: string | null; created_at: number }>(
      `select * from ledger ${where.length ? `where ${where.join(" and ")}` : ""} order by id desc limit ?`,
      ...params,
      query.limit,
    )
    .toArray();
  return rows.map(({ created_at, ...row }) => ({ ...row, createdAt: created_at }));
}

/**
 * Empties the wallet for good (erasure of the member): every movement and
 * void key goes, the balance is 0, and from now on every key is refused, so a
 * webhook replayed after the erasure cannot start a new ledger. Answers how
 * many movements went; a second erasure finds none.
 */
export function erase(sql: SqlStorage, input: { now: number }) {
  const [row] = sql.exec<{ movements: number }>("select count(*) as movements from ledger").toArray();
  sql.exec("delete from ledger");
  sql.exec("delete from void_keys");
  sql.exec("update wallet set credits = 0, erased_at = coalesce(erased_at, ?), version = version + 1", input.now);
  return { erased: true as const, movements: row?.movements ?? 0 };
}

/**
 * Takes in a page of the member's D1 ledger, in the D1 ledger's order. A key
 * booked here already is skipped (a page sent again imports nothing twice); a
 * key void here is refused and named, so the check fails and says why. The
 * balance never goes below zero: a page that would take it there (rows out of
 * order) is refused whole. Answers whether the ledger now sums to the balance
 * D1 holds for the member.
 */
export function importLedger(sql: SqlStorage, input: ImportInput) {
  const { erased } = wallet(sql);
  let imported = 0;
  let skipped = 0;
  const refused: string[] = [];
  for (const row of input.rows) {
    if (erased || isVoid(sql, row.key)) refused.push(row.key);
    else if (bookedDelta(sql, row.key) !== null) skipped++;
    else {
      if (wallet(sql).credits + row.delta < 0) throw new DomainError("invalid_input");
      write(sql, { key: row.key, reason: row.reason, note: row.note ?? undefined, now: row.createdAt }, row.delta);
      imported++;
    }
  }
  const balanceNow = wallet(sql).credits;
  return {
    imported,
    skipped,
    refused,
    balance: balanceNow,
    matches: refused.length === 0 && balanceNow === input.expectedBalance && ledgerSum(sql) === balanceNow,
  };
}

/** The member's wallet object: one per member, named by their id. */
export function walletOf(env: Env, memberId: number) {
  return env.WALLET.get(env.WALLET.idFromName(String(memberId)));
}
