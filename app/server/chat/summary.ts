// The conversation's summary in D1, written by its room behind the messages
// rather than with each one, once for a whole burst: each member's unread
// count and read mark, the newest message they can see (the chat list), when
// the other last wrote to them (a removed chat comes back after it) and since
// when they wait for an answer (the desk's queue). The room works these out
// from its own messages (room-summary.ts) and sends absolute values with a
// version: a summary that arrives after a newer one changes nothing.
// conversations.last_seq says up to which message the dashboard's daily totals
// count, so a summary written again after a crash adds nothing twice. The
// senders' balances, as their wallets answered the room, ride along: D1's
// display copy, written only over an older version.
import { and, eq, lt, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { copyBalance } from "#app/server/credits/movements.ts";
import { conversationParticipants, conversations, dailyTotals, users } from "#app/server/db/schema.ts";
import { DAY } from "#app/server/operators/daily-totals.ts";
import type { MemberSummary } from "./room-summary.ts";

/** Messages per statement: their numbers are written into the SQL (D1 binds at most 100 values). */
const MESSAGES_PER_STATEMENT = 500;

/** A whole number of the room's own, written into the SQL (bound, D1 would make it REAL). */
const integer = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new Error(`not a whole number: ${n}`);
  return sql.raw(String(n));
};

export interface ConversationSummary {
  version: number;
  /** Every message up to here has been sent (charged); the daily totals count up to it. */
  upTo: number;
  members: MemberSummary[];
  /** The members' messages the totals may not have counted yet (D1 skips those up to its own mark). */
  messages: { seq: number; senderId: number; createdAt: number }[];
  /** The newest balance each sender's wallet answered since the last summary. */
  balances?: { memberId: number; balance: number; version: number }[];
}

/** Where D1's mark stands before the room's first summary (which messages the totals still lack). */
export async function summaryMark(app: Pick<RequestContext, "db">, conversationId: number) {
  const [row] = await app.db
    .select({ seq: conversations.lastSeq })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  return row?.seq ?? 0;
}

/** The members' read marks D1 holds, for a room that does not keep them yet. */
export async function readMarksInD1(app: Pick<RequestContext, "db">, conversationId: number) {
  return app.db
    .select({ memberId: conversationParticipants.userId, seq: conversationParticipants.lastReadSeq })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.conversationId, conversationId));
}

/** Writes the summary as one batch. Answers where the totals' mark stood before: later messages are news. */
export async function writeSummary(
  app: Pick<RequestContext, "db">,
  conversationId: number,
  summary: ConversationSummary,
) {
  const cp = conversationParticipants;
  const mark = sql<number>`(select ${conversations.lastSeq} from ${conversations} where ${conversations.id} = ${conversationId})`;
  const members = summary.members.map((member) =>
    app.db
      .update(cp)
      .set({
        unreadCount: member.unread,
        lastReadSeq: member.lastReadSeq,
        lastAt: member.last?.at ?? null,
        lastKind: member.last?.kind ?? null,
        lastPreview: member.last?.preview ?? null,
        lastSenderId: member.last?.senderId ?? null,
        lastMessageAt: member.lastIncomingAt,
        // A chat removed before the other's newest message came is back in the list; one removed since stays away.
        hiddenAt:
          member.lastIncomingAt === null
            ? sql`${cp.hiddenAt}`
            : sql`case when ${cp.hiddenAt} <= ${member.lastIncomingAt} then null else ${cp.hiddenAt} end`,
        lastSentAt: member.lastSentAt,
        unansweredSince: member.unansweredSince,
        summaryVersion: summary.version,
      })
      .where(
        and(
          eq(cp.conversationId, conversationId),
          eq(cp.userId, member.memberId),
          lt(cp.summaryVersion, summary.version),
        ),
      ),
  );
  const counted = [];
  for (let i = 0; i < summary.messages.length; i += MESSAGES_PER_STATEMENT) {
    const rows = summary.messages.slice(i, i + MESSAGES_PER_STATEMENT);
    const values = sql.join(
      rows.map((m) => sql`(${integer(m.seq)}, ${integer(m.senderId)}, ${integer(Math.floor(m.createdAt / DAY))})`),
      sql`, `,
    );
    // Each message counted once, on the day it was sent, for its sender's domain.
    counted.push(
      app.db
        .insert(dailyTotals)
        .select(
          sql`select u.domain, m.column3, 'messages', count(*) from (values ${values}) as m
            join ${users} u on u.id = m.column2
            where m.column1 > coalesce(${mark}, 0) and m.column1 <= ${summary.upTo}
            group by u.domain, m.column3`,
        )
        .onConflictDoUpdate({
          target: [dailyTotals.metric, dailyTotals.day, dailyTotals.domain],
          set: { n: sql`${dailyTotals.n} + excluded.n` },
        }),
    );
  }
  const [[before]] = await app.db.batch([
    app.db.select({ seq: conversations.lastSeq }).from(conversations).where(eq(conversations.id, conversationId)),
    ...members,
    ...counted,
    ...(summary.balances ?? []).map((wallet) => copyBalance(app.db, wallet.memberId, wallet)),
    app.db
      .update(conversations)
      .set({ lastSeq: summary.upTo })
      .where(and(eq(conversations.id, conversationId), lt(conversations.lastSeq, summary.upTo))),
  ]);
  return before?.seq ?? summary.upTo;
}
