// What the room tells D1 about its conversation, worked out from its own
// messages: for each member, how many of the other's messages they have not
// read, the newest message they can see (their chat list), when the other last
// wrote to them, and since when their own messages wait for an answer (the
// desk's queue). These are absolute values, so writing them again after a crash
// or a lost write changes nothing, and a version keeps an older summary that
// arrives late from overwriting a newer one. Read marks live here too: the room
// decides what a member has read, D1 keeps a copy for its pages.
import type { ChatMessage } from "#app/schemas/chat.ts";
import type { Row } from "./room-storage.ts";

export interface MemberSummary {
  memberId: number;
  unread: number;
  lastReadSeq: number;
  last: { at: number; kind: Exclude<ChatMessage["kind"], "notice">; preview: string; senderId: number } | null;
  lastIncomingAt: number | null;
  lastSentAt: number | null;
  unansweredSince: number | null;
}

/** A message of the site (sender 0) is never unread, answered or shown as a chat's last message. */
const MEMBERS_VISIBLE = "state = 'sent' and held = 0 and kind <> 'notice'";

export function createReadMarks(sql: SqlStorage) {
  sql.exec("create table if not exists read_marks (member_id integer primary key, seq integer not null)");
}

/** Members whose read mark the room does not hold yet (it takes D1's once, see seedReadMarks). */
export const unknownReadMarks = (sql: SqlStorage, members: readonly number[]) =>
  members.filter((id) => !sql.exec("select 1 from read_marks where member_id = ?", id).toArray().length);

/** D1's marks, from before the room kept them: taken once, never over one the room holds. */
export function seedReadMarks(sql: SqlStorage, marks: { memberId: number; seq: number }[]) {
  for (const mark of marks)
    sql.exec("insert or ignore into read_marks (member_id, seq) values (?, ?)", mark.memberId, mark.seq);
}

const readMark = (sql: SqlStorage, memberId: number) =>
  sql.exec<{ seq: number }>("select seq from read_marks where member_id = ?", memberId).toArray()[0]?.seq ?? 0;

/** The newest message a member can see (the other's held ones are not); 0 before the first. */
export const newestSeen = (sql: SqlStorage, memberId: number) =>
  sql
    .exec<{ seq: number | null }>(
      "select max(seq) as seq from messages where state = 'sent' and (held = 0 or sender_id = ?)",
      memberId,
    )
    .one().seq ?? 0;

/**
 * A member read up to `seq`: the mark never moves back, and never past the
 * newest message they can see (the other's held ones are not): such a seq
 * moves nothing and answers null. Answers where the mark now stands.
 */
export function moveReadMark(sql: SqlStorage, memberId: number, seq: number) {
  if (seq > newestSeen(sql, memberId)) return null;
  const mark = Math.max(readMark(sql, memberId), seq);
  sql.exec("insert or replace into read_marks (member_id, seq) values (?, ?)", memberId, mark);
  return mark;
}

/** The summary of one member's side of the conversation. */
export function memberSummary(sql: SqlStorage, memberId: number, otherId: number): MemberSummary {
  const lastReadSeq = readMark(sql, memberId);
  const one = (query: string, ...params: (number | string)[]) =>
    sql.exec<{ v: number | null }>(query, ...params).one().v;
  const unread =
    one(
      `select count(*) as v from messages where ${MEMBERS_VISIBLE} and sender_id = ? and seq > ?`,
      otherId,
      lastReadSeq,
    ) ?? 0;
  const newest = sql
    .exec<Row>(
      "select * from messages where state = 'sent' and kind <> 'notice' and (held = 0 or sender_id = ?) order by seq desc limit 1",
      memberId,
    )
    .toArray()[0];
  const answeredUpTo =
    one(`select max(seq) as v from messages where ${MEMBERS_VISIBLE} and sender_id = ?`, otherId) ?? 0;
  return {
    memberId,
    unread,
    lastReadSeq,
    last: newest
      ? {
          at: newest.created_at,
          kind: newest.kind as Exclude<Row["kind"], "notice">,
          preview: (newest.body ?? newest.gift ?? "").slice(0, 120),
          senderId: newest.sender_id,
        }
      : null,
    lastIncomingAt: one(
      `select max(created_at) as v from messages where ${MEMBERS_VISIBLE} and sender_id = ?`,
      otherId,
    ),
    lastSentAt: one(`select max(created_at) as v from messages where ${MEMBERS_VISIBLE} and sender_id = ?`, memberId),
    unansweredSince: one(
      `select min(created_at) as v from messages where ${MEMBERS_VISIBLE} and sender_id = ? and seq > ?`,
      memberId,
      answeredUpTo,
    ),
  };
}

/** Messages of members in (after, upTo], for the dashboard's daily totals (D1 counts those past its own mark). */
export const messagesBetween = (sql: SqlStorage, range: { after: number; upTo: number }) =>
  sql
    .exec<{ seq: number; sender_id: number; created_at: number }>(
      "select seq, sender_id, created_at from messages where state = 'sent' and kind <> 'notice' and seq > ? and seq <= ? order by seq",
      range.after,
      range.upTo,
    )
    .toArray()
    .map((row) => ({ seq: row.seq, senderId: row.sender_id, createdAt: row.created_at }));

function summaryTable(sql: SqlStorage) {
  sql.exec(`create table if not exists summary (
    id integer primary key check (id = 1),
    version integer not null,
    summarised_seq integer
  )`);
}

/** The next summary's version, kept with the room's messages. */
export function nextSummaryVersion(sql: SqlStorage) {
  summaryTable(sql);
  return sql
    .exec<{ version: number }>(
      "insert into summary (id, version) values (1, 1) on conflict (id) do update set version = version + 1 returning version",
    )
    .one().version;
}

/** Up to which seq D1 has counted this room's messages, as far as the room knows (null: not known yet). */
export function summarisedSeq(sql: SqlStorage): number | null {
  summaryTable(sql);
  return sql.exec<{ seq: number | null }>("select summarised_seq as seq from summary").toArray()[0]?.seq ?? null;
}

export function rememberSummarised(sql: SqlStorage, seq: number) {
  summaryTable(sql);
  sql.exec(
    `insert into summary (id, version, summarised_seq) values (1, 0, ?)
     on conflict (id) do update set summarised_seq = max(coalesce(summarised_seq, 0), excluded.summarised_seq)`,
    seq,
  );
}

/**
 * The wallet's balances the room was answered with, waiting for D1's copy:
 * the newest (highest version) per sender, kept with the messages so that a
 * room started again still writes them. The summary carries them to D1.
 */
function balancesTable(sql: SqlStorage) {
  sql.exec(
    "create table if not exists balances (member_id integer primary key, balance integer not null, version integer not null)",
  );
}

export function keepBalance(sql: SqlStorage, memberId: number, wallet: { balance: number; version: number }) {
  balancesTable(sql);
  sql.exec(
    `insert into balances (member_id, balance, version) values (?, ?, ?)
     on conflict (member_id) do update set balance = excluded.balance, version = excluded.version
     where excluded.version > balances.version`,
    memberId,
    wallet.balance,
    wallet.version,
  );
}

export function keptBalances(sql: SqlStorage) {
  balancesTable(sql);
  return sql
    .exec<{ member_id: number; balance: number; version: number }>("select * from balances")
    .toArray()
    .map((row) => ({ memberId: row.member_id, balance: row.balance, version: row.version }));
}

/** D1 holds these now: they go, unless a newer one came meanwhile. */
export function forgetBalances(sql: SqlStorage, written: { memberId: number; version: number }[]) {
  for (const { memberId, version } of written)
    sql.exec("delete from balances where member_id = ? and version <= ?", memberId, version);
}
