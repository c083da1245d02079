// What the top navigation shows a logged-in member: name and
// thumbnail, credits, and the unread-messages and new-likes badges.
import { and, count, eq, isNull, sum } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { FREE_CONVERSATIONS } from "#app/server/chat/costs.ts";
import type { Database } from "#app/server/db/client.ts";
import { conversationParticipants, profileInterests, profiles } from "#app/server/db/schema.ts";
import { newLikesCount } from "#app/server/likes/likes.ts";
import { missingForCompleteProfile } from "#app/server/members/own-profile.ts";

/** Unread messages in the member's listed conversations: the messages badge. */
function unreadMessagesQuery(db: Database, userId: number) {
  return db
    .select({ n: sum(conversationParticipants.unreadCount).mapWith(Number) })
    .from(conversationParticipants)
    .where(and(eq(conversationParticipants.userId, userId), isNull(conversationParticipants.hiddenAt)));
}

/** The app badge and title count: unread messages plus new likes. */
export async function badgeCount(db: Database, userId: number): Promise<number> {
  const [[unread], [liked]] = await db.batch([unreadMessagesQuery(db, userId), newLikesCount({ db }, userId)]);
  return (unread?.n ?? 0) + (liked?.n ?? 0);
}

export async function memberSummary(app: Pick<RequestContext, "db">, member: SessionMember) {
  const [[unread], [liked], [about], [interestCount]] = await app.db.batch([
    unreadMessagesQuery(app.db, member.id),
    newLikesCount(app, member.id),
    app.db.select({ about: profiles.about }).from(profiles).where(eq(profiles.userId, member.id)),
    app.db.select({ n: count() }).from(profileInterests).where(eq(profileInterests.userId, member.id)),
  ]);
  return {
    id: member.id,
    name: member.profile.name,
    /** Texts that speak of the member, or in their voice, use it where a language needs it (i18next context). */
    gender: member.profile.gender,
    email: member.email,
    thumb: member.profile.mainImage?.thumbUrl ?? null,
    credits: member.credits,
    paid: member.paidUser,
    confirmed: member.status === "active",
    /** How many conversations a free member may start (the activation texts say it); null for premium. */
    freeConversations: member.paidUser ? null : FREE_CONVERSATIONS,
    /** Why e-mail notifications are off (bounce, spam complaint, list-unsubscribe), for the warning. */
    emailDisabledReason: member.emailDisabledReason,
    unreadMessages: unread?.n ?? 0,
    newLikes: liked?.n ?? 0,
    missing: missingForCompleteProfile({
      hasPhoto: member.profile.mainImage !== null,
      about: about?.about ?? "",
      interestCount: interestCount?.n ?? 0,
    }),
  };
}

export type MemberSummary = Awaited<ReturnType<typeof memberSummary>>;
