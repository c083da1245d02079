// Conversations: one per pair of members, with each member's side of it in D1
// for the lists (unread count, last message; written by the room, summary.ts);
// the messages themselves and the read marks live in the conversation's
// ConversationRoom. Free members may start a limited number of conversations.
// A conversation is open to its two members only while neither has blocked
// the other; otherwise it is, to both, as if it did not exist.
import { and, count, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { sessionEnd } from "#app/server/accounts/session.ts";
import type { Database } from "#app/server/db/client.ts";
import { refusedByLimit, whileBelow } from "#app/server/db/limited-insert.ts";
import { conversationParticipants, conversations, profiles, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { blockedEitherWay, contactableMember, notBlockedWith } from "#app/server/members/blocks.ts";
import { memberCards } from "#app/server/members/search.ts";
import { FREE_CONVERSATIONS } from "./costs.ts";
import type { MemberFacts } from "./room-meta.ts";

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

/** The conversations a member started. */
const startedBy = (memberId: number) =>
  and(
    or(eq(conversations.memberLow, memberId), eq(conversations.memberHigh, memberId)),
    eq(conversations.createdBy, memberId),
  );

const premiumOnly = () => new DomainError("premium_only", { max: FREE_CONVERSATIONS });

/** A free member starts at most FREE_CONVERSATIONS conversations (to tell them before they try). */
async function assertMayStartAnother(app: ChatContext, member: { id: number; paidUser: boolean }) {
  if (member.paidUser) return;
  const [started] = await app.db.select({ n: count() }).from(conversations).where(startedBy(member.id));
  if ((started?.n ?? 0) >= FREE_CONVERSATIONS) throw premiumOnly();
}

/**
 * What opening the chat with another member finds, changing nothing (a link
 * may bring anyone here): the conversation in the member's list to open, or
 * none, when it must be started, or brought back to a list it was removed
 * from (`removed`), with startConversation. Refuses as that would.
 */
export async function conversationToOpen(
  app: ChatContext,
  member: { id: number; paidUser: boolean },
  otherId: number,
): Promise<{ conversationId: number | null; removed: boolean; otherName: string }> {
  const other = await contactableMember(app.db, member.id, otherId);
  const existing = await existingConversation(app.db, member.id, otherId);
  if (existing) {
    const [own] = await app.db
      .select({ hiddenAt: conversationParticipants.hiddenAt })
      .from(conversationParticipants)
      .where(
        and(eq(conversationParticipants.conversationId, existing), eq(conversationParticipants.userId, member.id)),
      );
    const removed = own?.hiddenAt != null;
    return { conversationId: removed ? null : existing, removed, otherName: other.name };
  }
  await assertMayStartAnother(app, member);
  return { conversationId: null, removed: false, otherName: other.name };
}

/** The conversation between the member and another, made when it does not exist yet. */
export async function startConversation(
  app: ChatContext,
  member: { id: number; paidUser: boolean },
  otherId: number,
): Promise<number> {
  await contactableMember(app.db, member.id, otherId);
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
  const now = app.now();
  const { memberLow, memberHigh } = pair(member.id, otherId);
  // A free member's limit is judged in the insert itself, so conversations started at once get no more.
  const low = member.paidUser
    ? memberLow
    : whileBelow(
        memberLow,
        sql`select count(*) from ${conversations} where ${startedBy(member.id)}`,
        FREE_CONVERSATIONS,
      );
  try {
    const [[created]] = await app.db.batch([
      app.db
        .insert(conversations)
        .values({ memberLow: low, memberHigh, createdBy: member.id, createdAt: now })
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
    if (refusedByLimit(error, "conversations.member_low")) throw premiumOnly();
    throw error;
  }
}

/** A conversation as one of its members sees it (see openConversation in rooms.ts). */
export interface ConversationSide {
  conversationId: number;
  memberId: number;
  otherId: number;
}

/**
 * The other member of a conversation open to this member: one they take part
 * in, with no block either way. Anything else is conversation_not_found, the
 * same answer as for an id that does not exist.
 */
export async function otherParticipant(db: Database, conversationId: number, memberId: number): Promise<number> {
  return (await conversationMembers(db, conversationId, memberId)).otherId;
}

/**
 * otherParticipant, with what the conversation's room needs to know of both
 * members (room-meta.ts), in the same query.
 */
export async function conversationMembers(db: Database, conversationId: number, memberId: number) {
  const other = sql<number>`case when ${conversations.memberLow} = ${memberId} then ${conversations.memberHigh} else ${conversations.memberLow} end`;
  const domainOf = (id: SQL<number> | number) =>
    sql<string>`(select ${users.domain} from ${users} where ${users.id} = ${id})`;
  const fictionalOf = (id: SQL<number> | number) =>
    sql<number>`coalesce((select ${profiles.fictional} from ${profiles} where ${profiles.userId} = ${id}), 0)`;
  const [row] = await db
    .select({
      other: other.as("other_id"),
      domain: domainOf(memberId).as("domain"),
      fictional: fictionalOf(memberId).as("fictional"),
      otherDomain: domainOf(other).as("other_domain"),
      otherFictional: fictionalOf(other).as("other_fictional"),
    })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        or(eq(conversations.memberLow, memberId), eq(conversations.memberHigh, memberId)),
        notBlockedWith(memberId, other),
      ),
    );
  if (!row) throw new DomainError("conversation_not_found");
  const facts: MemberFacts[] = [
    { id: memberId, domain: row.domain, fictional: row.fictional === 1 },
    { id: row.other, domain: row.otherDomain, fictional: row.otherFictional === 1 },
  ];
  return { otherId: row.other, facts };
}

/**
 * For a connection that stays open (a chat socket): refuses once the session
 * it was opened in has ended (authentication_required) or a block closed the
 * conversation (conversation_not_found). One query.
 */
export async function assertStillOpen(
  app: Pick<RequestContext, "db" | "now">,
  side: ConversationSide,
  session: string,
) {
  const [row] = await app.db
    .select({
      session: sessionEnd({ id: session, userId: side.memberId }, app.now()),
      blocked: blockedEitherWay(side.memberId, side.otherId),
    })
    .from(conversationParticipants)
    .where(
      and(
        eq(conversationParticipants.conversationId, side.conversationId),
        eq(conversationParticipants.userId, side.memberId),
      ),
    );
  refuseClosed(row);
}

function refuseClosed(row: { session: number | null; blocked: number } | undefined) {
  if (!row || row.blocked) throw new DomainError("conversation_not_found");
  if (row.session === null) throw new DomainError("authentication_required");
}

/** The member's conversations for the chat list, newest message first. */
export async function chatList(app: ChatContext, memberId: number) {
  const other = sql<number>`case when ${conversations.memberLow} = ${memberId} then ${conversations.memberHigh} else ${conversations.memberLow} end`;
  const cp = conversationParticipants;
  // The newest message this member may see, as the room's summary left it.
  const rows = await app.db
    .select({
      id: conversations.id,
      otherId: other.as("other_id"),
      unread: cp.unreadCount,
      at: sql<number>`coalesce(${cp.lastAt}, ${conversations.createdAt})`.as("at"),
      lastKind: cp.lastKind,
      lastSender: cp.lastSenderId,
      preview: cp.lastPreview,
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
  const cards = await memberCards(
    app,
    rows.map((r) => r.otherId),
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

/** How far a member has read a conversation (0 before their first read). */
export async function lastReadSeq(db: Database, conversationId: number, memberId: number) {
  const [row] = await db
    .select({ seq: conversationParticipants.lastReadSeq })
    .from(conversationParticipants)
    .where(
      and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, memberId)),
    );
  return row?.seq ?? 0;
}

/** Removing a chat hides it from this member's list (the room marks it read); a new message brings it back. */
export async function hideConversation(app: Pick<RequestContext, "db" | "now">, side: ConversationSide) {
  await app.db
    .update(conversationParticipants)
    .set({ hiddenAt: app.now(), unreadCount: 0 })
    .where(
      and(
        eq(conversationParticipants.conversationId, side.conversationId),
        eq(conversationParticipants.userId, side.memberId),
      ),
    );
}
