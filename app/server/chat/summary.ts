// The conversation's summary in D1 (each member's unread count, when their
// last message came, whether a removed chat comes back), written behind the
// messages rather than with each one: a message is acknowledged once its
// charge and index row have committed, and the room writes the summary after
// it, once for a whole burst. conversations.last_seq says up to which message
// the summary counts, so writing it again after a crash counts nothing twice.
// The same batch adds the messages to the dashboard's daily totals.
import { and, count, eq, gt, lt, lte, ne, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { conversationParticipants, conversations, messageIndex, users } from "#app/server/db/schema.ts";
import { addToDailyTotals, metricOf, utcDay } from "#app/server/operators/daily-totals.ts";

/** SQL: up to which seq the conversation's summary counts. */
export const summarisedSeq = (conversationId: number) =>
  sql<number>`(select ${conversations.lastSeq} from ${conversations} where ${conversations.id} = ${conversationId})`;

/**
 * Counts the messages after the summary and up to `upTo` (every one of them
 * recorded in D1) for the member they were sent to, as one batch. Answers
 * where the summary stood before: the messages after it are news to tell.
 */
export async function summariseConversation(app: Pick<RequestContext, "db">, conversationId: number, upTo: number) {
  const cp = conversationParticipants;
  const mi = messageIndex;
  // Sent to this participant (by the other member), visible, and not yet counted.
  const newForParticipant = and(
    eq(mi.conversationId, conversationId),
    ne(mi.senderId, cp.userId),
    eq(mi.held, false),
    gt(mi.seq, summarisedSeq(conversationId)),
    lte(mi.seq, upTo),
  );
  const newest = sql<number>`(select max(${mi.createdAt}) from ${mi} where ${newForParticipant})`;
  // Every message after the summary, held or not, counted on the day it was sent, for its sender's domain.
  const sentDay = utcDay(mi.createdAt);
  const counted = app.db
    .select({ domain: users.domain, day: sentDay.as("day"), metric: metricOf("messages"), n: count().as("n") })
    .from(mi)
    .innerJoin(users, eq(users.id, mi.senderId))
    .where(and(eq(mi.conversationId, conversationId), gt(mi.seq, summarisedSeq(conversationId)), lte(mi.seq, upTo)))
    .groupBy(users.domain, sentDay);
  const [[before]] = await app.db.batch([
    app.db.select({ seq: conversations.lastSeq }).from(conversations).where(eq(conversations.id, conversationId)),
    app.db
      .update(cp)
      .set({
        unreadCount: sql`${cp.unreadCount} + (select count(*) from ${mi} where ${newForParticipant})`,
        lastMessageAt: sql`max(coalesce(${cp.lastMessageAt}, 0), ${newest})`,
        // A chat removed before these messages came is back in the list; one removed since stays away.
        hiddenAt: sql`case when ${cp.hiddenAt} <= ${newest} then null else ${cp.hiddenAt} end`,
      })
      .where(and(eq(cp.conversationId, conversationId), sql`exists (select 1 from ${mi} where ${newForParticipant})`)),
    addToDailyTotals(app.db, counted),
    app.db
      .update(conversations)
      .set({ lastSeq: upTo })
      .where(and(eq(conversations.id, conversationId), lt(conversations.lastSeq, upTo))),
  ]);
  return before?.seq ?? upTo;
}
