// Conversations (spec §3 chat state, §4, §6): one per pair of members, with
// each member's unread count in D1 for the lists; the messages themselves live
// in the conversation's ConversationRoom. Free members may start a limited
// number of conversations; blocked members cannot reach each other.
import { and, count, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { Database } from "#app/server/db/client.ts";
import { conversationParticipants, conversations, profiles } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { assertNotBlocked, notBlockedWith } from "#app/server/members/blocks.ts";
import { cardRowsQuery, toMemberCard } from "#app/server/members/search.ts";
import { FREE_CONVERSATIONS } from "./costs.ts";

type ChatContext = Pick<RequestContext, "db" | "settings" | "now">;

const pair = (a: number, b: number) => ({ memberLow: Math.min(a, b), memberHigh: Math.max(a, b) });

async function existingConversation(db: Database, a: number, b: number) {
  const { memberLow, memberHigh } = pair(a, b);
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.memberLow, memberLow), eq(conversations.memberHigh, memberHigh)));
  return row?.id ?? null;
}

/** The conversation between the member and another, made when it does not exist yet. */
export async function startConversation(
  app: ChatContext,
  member: { id: number; paidUser: boolean },
  otherId: number,
): Promise<number> {
  if (member.id === otherId) throw new DomainError("not_yourself");
  const [other] = await app.db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.userId, otherId), eq(profiles.searchable, 1)));
  if (!other) throw new DomainError("member_not_found");
  await assertNotBlocked(app.db, member.id, otherId);

  const existing = await existingConversation(app.db, member.id, otherId);
  if (existing) {
    // Coming back to a conversation removed from the list shows it again.
    await app.db
      .update(conversationParticipants)
      .set({ hiddenAt: null })
      .where(
        and(eq(conversationParticipants.conversationId, existing), eq(conversationParticipants.userId, member.id)),
      );
    return existing;
  }
  if (!member.paidUser) {
    const [started] = await app.db
      .select({ n: count() })
      .from(conversations)
      .where(
        and(
          or(eq(conversations.memberLow, member.id), eq(conversations.memberHigh, member.id)),
          eq(conversations.createdBy, member.id),
        ),
      );
    if ((started?.n ?? 0) >= FREE_CONVERSATIONS) throw new DomainError("premium_only", { max: FREE_CONVERSATIONS });
  }
  const now = app.now();
  try {
    const [[created]] = await app.db.batch([
      app.db
        .insert(conversations)
        .values({ ...pair(member.id, otherId), createdBy: member.id, createdAt: now })
        .returning({ id: conversations.id }),
    ]);
    await app.db.insert(conversationParticipants).values([
      { conversationId: created!.id, userId: member.id, lastMessageAt: now },
      { conversationId: created!.id, userId: otherId, hiddenAt: now },
    ]);
    return created!.id;
  } catch (error) {
    // Both members opened it at the same moment: the unique pair decides.
    if (String(error).includes("UNIQUE")) return (await existingConversation(app.db, member.id, otherId))!;
    throw error;
  }
}

/** The other member of a conversation the member takes part in; otherwise not found. */
export async function otherParticipant(db: Database, conversationId: number, memberId: number): Promise<number> {
  const [row] = await db
    .select({ low: conversations.memberLow, high: conversations.memberHigh })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        or(eq(conversations.memberLow, memberId), eq(conversations.memberHigh, memberId)),
      ),
    );
  if (!row) throw new DomainError("conversation_not_found");
  return row.low === memberId ? row.high : row.low;
}

/** The member's conversations for the list (spec §3 chats), newest message first. */
export async function chatList(app: ChatContext, memberId: number) {
  const other = sql<number>`case when ${conversations.memberLow} = ${memberId} then ${conversations.memberHigh} else ${conversations.memberLow} end`;
  // The newest message this member may see (another's held messages are not), from the index.
  const latest = (column: string) =>
    sql.raw(
      `(select m.${column} from message_index m where m.conversation_id = conversations.id and (m.held = 0 or m.sender_id = ${Number(memberId)}) order by m.seq desc limit 1)`,
    );
  const rows = await app.db
    .select({
      id: conversations.id,
      otherId: other.as("other_id"),
      unread: conversationParticipants.unreadCount,
      at: sql<number>`coalesce(${latest("created_at")}, ${conversations.createdAt})`.as("at"),
      lastKind: sql<string | null>`${latest("kind")}`.as("last_kind"),
      lastSender: sql<number | null>`${latest("sender_id")}`.as("last_sender"),
      preview: sql<string | null>`${latest("preview")}`.as("last_preview"),
    })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(
      and(
        eq(conversationParticipants.userId, memberId),
        isNull(conversationParticipants.hiddenAt),
        notBlockedWith(memberId, other),
      ),
    )
    .orderBy(desc(sql`at`))
    .limit(200);
  if (rows.length === 0) return [];
  const cards = new Map(
    (
      await cardRowsQuery(
        app.db,
        rows.map((r) => r.otherId),
      )
    ).map((row) => [row.id, toMemberCard(row, app, app.now())]),
  );
  return rows.flatMap((r) => {
    const profile = cards.get(r.otherId);
    if (!profile) return [];
    return [
      {
        conversation: { id: r.id },
        profile,
        num_unread_messages: r.unread,
        last_message: r.lastKind
          ? { kind: r.lastKind, preview: r.preview ?? "", from_me: r.lastSender === memberId, at: r.at }
          : null,
      },
    ];
  });
}

export type ChatListItem = Awaited<ReturnType<typeof chatList>>[number];

/** Removing a chat hides it from this member's list; a new message brings it back. */
export async function hideConversation(
  app: Pick<RequestContext, "db" | "now">,
  memberId: number,
  conversationId: number,
) {
  await otherParticipant(app.db, conversationId, memberId);
  await app.db
    .update(conversationParticipants)
    .set({ hiddenAt: app.now(), unreadCount: 0 })
    .where(
      and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, memberId)),
    );
}

/** Opening a conversation sets its unread count to 0 (spec §4). */
export function markRead(db: Database, conversationId: number, memberId: number, seq: number) {
  return db
    .update(conversationParticipants)
    .set({ unreadCount: 0, lastReadSeq: sql`max(${conversationParticipants.lastReadSeq}, ${seq})` })
    .where(
      and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, memberId)),
    );
}
