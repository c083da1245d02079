// Likes and matches (the likes overview, likes/liked_by in the chat state):
// a like to a member who liked you back is a match; a received like is new
// until its liker's profile is opened. Swipe-game likes count against a daily
// limit that resets at the member's local midnight (4 a day by default).
import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { refusedByLimit, whileBelow } from "#app/server/db/limited-insert.ts";
import { likes, profiles } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { timeZoneOf } from "#app/server/geo/time-zones.ts";
import { signalMembers } from "#app/server/live-signal/signal.ts";
import { contactableMember, notBlockedWith } from "#app/server/members/blocks.ts";
import { cardRowsQuery, toMemberCard } from "#app/server/members/search.ts";
import { inBackground } from "#app/server/notifications/deliver.ts";
import { notifyLike } from "#app/server/notifications/events.ts";
import { nextLocalMidnight, startOfLocalDay } from "./local-day.ts";

type LikesContext = Pick<RequestContext, "db" | "settings" | "now">;
/** With a request's env and execution context, a new like is also notified (push, e-mail). */
type NotifyingContext = LikesContext & Partial<Pick<RequestContext, "env" | "ctx" | "log" | "origin">>;
export type LikeSource = "profile" | "swipe" | "auto";
export const likeTypes = ["received", "given", "mutual"] as const;
export type LikeType = (typeof likeTypes)[number];

/** The member's swipe likes of their local day. */
const swipedToday = (member: Pick<SessionMember, "id" | "profile">, now: number) =>
  and(
    eq(likes.likerId, member.id),
    eq(likes.source, "swipe"),
    gte(likes.createdAt, startOfLocalDay(now, timeZoneOf(member.profile.country))),
  );

/** Swipe likes left today and when the count resets. */
export async function swipeAllowance(app: LikesContext, member: Pick<SessionMember, "id" | "profile">) {
  const now = app.now();
  const [used] = await app.db.select({ n: count() }).from(likes).where(swipedToday(member, now));
  const limit = app.settings.swipe_likes_per_day;
  return {
    limit,
    left: Math.max(0, limit - (used?.n ?? 0)),
    resetsAt: nextLocalMidnight(now, timeZoneOf(member.profile.country)),
  };
}

export async function likeMember(
  app: NotifyingContext,
  member: Pick<SessionMember, "id" | "profile">,
  targetId: number,
  source: LikeSource = "profile",
) {
  await contactableMember(app.db, member.id, targetId);
  const now = app.now();
  // A swipe like counts against today's in its own insert, so swipes sent at once get no more.
  const likerId =
    source === "swipe"
      ? whileBelow(
          member.id,
          sql`select count(*) from ${likes} where ${swipedToday(member, now)}`,
          app.settings.swipe_likes_per_day,
        )
      : member.id;
  let inserted: { likerId: number }[];
  let back: { likerId: number }[];
  try {
    [inserted, back] = await app.db.batch([
      app.db
        .insert(likes)
        .values({ likerId, likedId: targetId, source, createdAt: now })
        .onConflictDoNothing()
        .returning({ likerId: likes.likerId }),
      app.db
        .select({ likerId: likes.likerId })
        .from(likes)
        .where(and(eq(likes.likerId, targetId), eq(likes.likedId, member.id))),
    ]);
  } catch (error) {
    if (refusedByLimit(error, "likes.liker_id")) throw new DomainError("swipe_limit");
    throw error;
  }
  const result = { liked: inserted.length > 0, match: back.length > 0 };
  if (result.liked && app.env && app.log) {
    const notifying = { ...app, env: app.env, log: app.log };
    inBackground(notifying, "like notification", () =>
      notifyLike(notifying, { likerId: member.id, likedId: targetId, match: result.match }),
    );
    // The liked member's open pages update their likes badge.
    void signalMembers(notifying, [targetId], "like");
  }
  return result;
}

export async function unlikeMember(app: Pick<RequestContext, "db">, memberId: number, targetId: number) {
  await app.db.delete(likes).where(and(eq(likes.likerId, memberId), eq(likes.likedId, targetId)));
}

/** Opening a liker's profile makes their like seen; true when it was new until now. */
export async function markLikeSeen(app: Pick<RequestContext, "db">, memberId: number, likerId: number) {
  const seen = await app.db
    .update(likes)
    .set({ likeNew: false })
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, memberId), eq(likes.likeNew, true)))
    .returning({ likerId: likes.likerId });
  return seen.length > 0;
}

/** The likes list shows this many, newest first; the new-likes count counts among them only. */
const LIST_LIMIT = 200;

/** Which likes a list shows, and who "the other member" is: only members the viewer may see. */
function likeScope(memberId: number, type: LikeType) {
  const other = type === "given" ? likes.likedId : likes.likerId;
  const mutual = sql`exists (select 1 from ${likes} as back where back.liker_id = ${memberId} and back.liked_id = ${likes.likerId})`;
  const where = and(
    type === "given" ? eq(likes.likerId, memberId) : eq(likes.likedId, memberId),
    type === "mutual" ? mutual : undefined,
    eq(profiles.searchable, 1),
    notBlockedWith(memberId, other),
  );
  return { other, where };
}

/** The other members of each like, newest first: the likes a list shows. */
function likeRows(app: Pick<RequestContext, "db">, memberId: number, type: LikeType) {
  const { other, where } = likeScope(memberId, type);
  return app.db
    .select({ id: other, likeNew: likes.likeNew, at: likes.createdAt })
    .from(likes)
    .innerJoin(profiles, eq(profiles.userId, other))
    .where(where)
    .orderBy(desc(likes.createdAt))
    .limit(LIST_LIMIT);
}

/** Just their ids, as a subquery. */
function likeIds(app: LikesContext, memberId: number, type: LikeType) {
  const { other, where } = likeScope(memberId, type);
  return app.db
    .select({ id: other })
    .from(likes)
    .innerJoin(profiles, eq(profiles.userId, other))
    .where(where)
    .orderBy(desc(likes.createdAt))
    .limit(LIST_LIMIT);
}

/**
 * Received likes not seen yet among exactly those the likes list shows (its
 * 200 newest, of members the viewer may see): the likes badge never counts a
 * like the list cannot show.
 */
export function newLikesCount(app: Pick<RequestContext, "db">, memberId: number) {
  const listed = likeRows(app, memberId, "received").as("listed");
  return app.db.select({ n: count() }).from(listed).where(sql`${listed.likeNew} = 1`);
}

export async function likesOverview(app: LikesContext, memberId: number, type: LikeType) {
  // One round trip, the cards by subquery: a list of 200 is more ids than D1 binds in one statement.
  const [rows, cardRows] = await app.db.batch([
    likeRows(app, memberId, type),
    cardRowsQuery(app.db, sql`${likeIds(app, memberId, type)}`),
  ]);
  const now = app.now();
  const cards = new Map(cardRows.map((row) => [row.id, toMemberCard(row, app, now)]));
  return rows.flatMap((r) => {
    const card = cards.get(r.id);
    return card ? [{ ...card, likeNew: type === "received" && r.likeNew }] : [];
  });
}

/** GET /api/likes.php: the profiles the member liked, and who liked them. */
export async function likesState(app: LikesContext, memberId: number) {
  // One round trip: the liked members' cards come from the same batch.
  const [cards, received] = await app.db.batch([
    cardRowsQuery(app.db, sql`${likeIds(app, memberId, "given")}`),
    likeRows(app, memberId, "received"),
  ]);
  return {
    profiles: cards.map((row) => toMemberCard(row, app, app.now())),
    liked_by: received.map((r) => ({ id: r.id, like_new: r.likeNew })),
  };
}
