// The room's own storage of messages: the table, its rows as members see them,
// and settling what a crash left half-done. A row is "pending" from the moment
// the room orders it until the sender's wallet has charged it (or D1 found it
// free); then "sent".
// Held rows (a sender who has not confirmed their address) stay out of the
// recipient's sight until the room releases them.
import type { ChatMessage } from "#app/schemas/chat.ts";
import { type KeyState, walletOf } from "#app/server/credits/wallet.ts";
import type { Database } from "#app/server/db/client.ts";
import { HISTORY_PAGE } from "./costs.ts";
import { messageKey, senderHeld } from "./send-message.ts";

export type Row = {
  seq: number;
  client_id: string;
  sender_id: number;
  kind: ChatMessage["kind"];
  body: string | null;
  gift: string | null;
  photo: string | null;
  created_at: number;
  held: number;
  state: "pending" | "sent";
};

/** How soon after a message is written the room checks that its send finished. */
export const SETTLE_AFTER = 5_000;
/** At most one summary behind the messages (unread counts) this often; the messages between wait for it. */
export const SUMMARY_AFTER = 1_000;
/** When settling failed (D1 or a wallet unreachable), how soon the room tries again. */
export const SETTLE_RETRY_AFTER = 30_000;
/** A send older than this that no live instance works on died: unknown to the wallet, it is given up. */
const ABANDONED_AFTER = 15_000;

export const toMessage = (row: Row): ChatMessage => ({
  seq: row.seq,
  clientId: row.client_id,
  senderId: row.sender_id,
  kind: row.kind,
  text: row.body,
  gift: row.gift,
  photo: row.photo,
  createdAt: row.created_at,
  held: row.held === 1,
});

/** A member's message as lists and notifications show it: its kind and the start of its text (or the gift's name). */
export const previewOf = (row: Row) => ({
  kind: row.kind as Exclude<Row["kind"], "notice">,
  preview: (row.body ?? row.gift ?? "").slice(0, 120),
});

export function createMessageTable(sql: SqlStorage) {
  sql.exec(`create table if not exists messages (
    seq integer primary key,
    client_id text not null,
    sender_id integer not null,
    kind text not null,
    body text,
    gift text,
    photo text,
    created_at integer not null,
    held integer not null default 0,
    state text not null default 'pending',
    unique (sender_id, client_id)
  )`);
  // The room asks for pending rows each time it wakes: small partial indexes keep that free of scans.
  sql.exec("create index if not exists messages_pending on messages (seq) where state = 'pending'");
  sql.exec("create index if not exists messages_held on messages (seq) where held = 1");
}

/** Messages after (or before) a seq that the member may see: another's held ones are not. */
export function visibleHistory(sql: SqlStorage, memberId: number, range: { after?: number; before?: number }) {
  const visible = "state = 'sent' and (held = 0 or sender_id = ?)";
  if (range.after) {
    const rows = sql
      .exec<Row>(`select * from messages where ${visible} and seq > ? order by seq limit 500`, memberId, range.after)
      .toArray();
    return { messages: rows.map(toMessage), hasOlder: false };
  }
  // The newest page (before a seq, or of all): one more row says whether older ones exist.
  const rows =
    range.before !== undefined
      ? sql
          .exec<Row>(
            `select * from messages where ${visible} and seq < ? order by seq desc limit ?`,
            memberId,
            range.before,
            HISTORY_PAGE + 1,
          )
          .toArray()
      : sql
          .exec<Row>(`select * from messages where ${visible} order by seq desc limit ?`, memberId, HISTORY_PAGE + 1)
          .toArray();
  const hasOlder = rows.length > HISTORY_PAGE;
  return { messages: rows.slice(0, HISTORY_PAGE).reverse().map(toMessage), hasOlder };
}

/** The sender of a notice: the site itself, no member (member ids start at 1). */
const NOTICE_SENDER = 0;

/**
 * Stores a notice (the site speaking in the conversation) once per key: sent
 * at once, as it costs nothing and no wallet is asked. Returns the row when
 * it is new, null when the key was stored before.
 */
export function storeNotice(sql: SqlStorage, notice: { key: string; text: string; now: number }) {
  return (
    sql
      .exec<Row>(
        `insert into messages (seq, client_id, sender_id, kind, body, created_at, state)
         values ((select coalesce(max(seq), 0) + 1 from messages), ?, ?, 'notice', ?, ?, 'sent')
         on conflict (sender_id, client_id) do nothing returning *`,
        notice.key,
        NOTICE_SENDER,
        notice.text,
        notice.now,
      )
      .toArray()[0] ?? null
  );
}

/** The member who sent message `seq` to `viewerId`, delivered and visible to them (not a notice); else null. */
export function senderSeenBy(sql: SqlStorage, seq: number, viewerId: number): number | null {
  const row = sql
    .exec<{ sender_id: number }>(
      "select sender_id from messages where seq = ? and state = 'sent' and held = 0 and kind <> 'notice' and sender_id <> ?",
      seq,
      viewerId,
    )
    .toArray()[0];
  return row?.sender_id ?? null;
}

export const pendingRows = (sql: SqlStorage) =>
  sql.exec<Row>("select * from messages where state = 'pending' order by seq").toArray();

/** Keys a wallet is asked about at once. */
const KEYS_AT_ONCE = 500;

/**
 * Settles the rows no send of this instance is working on (`inFlight`, by
 * seq), asking each sender's wallet about their keys: a row it charged
 * becomes sent (held while its sender has not confirmed their address, as D1
 * says); one it does not know is given up once older than ABANDONED_AFTER
 * (younger, it may be a send still on its way): the wallet voids the key, so
 * a charge arriving late is refused, unless the charge came first, and then
 * the row is sent after all. A free message, which no wallet knows, is sent
 * again by its sender. Returns the rows that became sent, for the room to
 * deliver, and their senders' balances now, for D1's copy (the answer to their
 * charge was lost with the crash).
 */
export async function settleRows(
  sql: SqlStorage,
  app: { db: Database; env: Env },
  { inFlight, now }: { inFlight: ReadonlyMap<number, number>; now: number },
) {
  const orphans = pendingRows(sql).filter((row) => !inFlight.has(row.seq));
  const delivered: Row[] = [];
  const balances = new Map<number, { balance: number; version: number }>();
  for (const senderId of new Set(orphans.map((row) => row.sender_id))) {
    const wallet = walletOf(app.env, senderId);
    const mine = orphans.filter((row) => row.sender_id === senderId);
    const states = new Map<string, KeyState>();
    for (let i = 0; i < mine.length; i += KEYS_AT_ONCE) {
      const keys = mine.slice(i, i + KEYS_AT_ONCE).map((row) => messageKey(senderId, row.client_id));
      for (const state of await wallet.lookup(keys)) states.set(state.key, state);
    }
    let held: boolean | null = null;
    const send = async (row: Row) => {
      held ??= await senderHeld(app, senderId);
      const sent = sql
        .exec<Row>(
          "update messages set state = 'sent', held = ? where seq = ? and state = 'pending' returning *",
          held ? 1 : 0,
          row.seq,
        )
        .toArray()[0];
      if (sent) delivered.push(sent);
    };
    const drop = (row: Row) => sql.exec("delete from messages where seq = ? and state = 'pending'", row.seq);
    for (const row of mine) {
      // A retry of this very message may have started while the wallet answered: it finishes the job.
      if (inFlight.has(row.seq)) continue;
      const key = messageKey(senderId, row.client_id);
      const state = states.get(key)?.state;
      if (state === "booked") await send(row);
      else if (state === "void") drop(row);
      else if (now - row.created_at >= ABANDONED_AFTER) {
        if ((await wallet.voidKey({ key, now })).outcome === "booked") await send(row);
        else drop(row);
      }
    }
    // Something was sent (its sender's status was read): the balance its charge left goes to D1's copy.
    if (held !== null) balances.set(senderId, await wallet.state());
  }
  return { delivered, balances };
}

/**
 * How far the conversation's summary may count: every row up to here is
 * settled (sent, or gone). A send still under way (pending) stops it short; the summary
 * after that send counts the rest.
 */
export function summarisableSeq(sql: SqlStorage) {
  const row = sql
    .exec<{ upTo: number | null }>(
      "select coalesce((select min(seq) - 1 from messages where state = 'pending'), (select max(seq) from messages), 0) as upTo",
    )
    .one();
  return row.upTo ?? 0;
}

/** The seq of the newest message a member sent that the other can see, in (after, upTo]; null when none. */
export function newestVisibleFrom(sql: SqlStorage, senderId: number, range: { after: number; upTo: number }) {
  const row = sql
    .exec<{ seq: number | null }>(
      "select max(seq) as seq from messages where sender_id = ? and state = 'sent' and held = 0 and seq > ? and seq <= ?",
      senderId,
      range.after,
      range.upTo,
    )
    .one();
  return row.seq;
}
