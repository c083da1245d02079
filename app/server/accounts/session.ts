// Sessions (auth cookie 30 days, path /, SameSite lax): a random token
// in an HttpOnly cookie, its SHA-256 in D1, so logout and a password change
// revoke sessions for real. A session is renewed when half its life is gone.
// A member keeps at most 20: logging in once more ends the one nearest its end.
import { and, desc, eq, gt, ne, notInArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "#app/server/db/client.ts";
import { photos, profiles, sessions, users } from "#app/server/db/schema.ts";
import { ownPhotoUrls } from "#app/server/photos/visibility.ts";
import { DAY, randomToken, sha256Hex } from "./tokens.ts";

export const SESSION_COOKIE = "session";
export const SESSION_LIFETIME = 30 * DAY;
const RENEW_WHEN_LEFT = 15 * DAY;
/** Activity is written at most this often per member (online status, search order). */
const ACTIVITY_WRITE_EVERY = 5 * 60_000;
/** Sessions a member keeps: every phone, computer and browser they use, many times over. */
const MAX_SESSIONS_PER_MEMBER = 20;

/**
 * A new session: its token for the cookie, the `statement` that writes it and,
 * for an account that may have sessions already (a login), `endsOldest`, which
 * ends those past the member's 20 newest; it answers their ids, so that their
 * sockets can close. Both go in the same batch, in either order.
 */
export async function startSession(
  db: Database,
  input: { userId: number | SQL<number>; now: number; userAgent?: string | null },
) {
  const token = randomToken();
  const id = await sha256Hex(token);
  const statement = db.insert(sessions).values({
    id,
    userId: input.userId,
    createdAt: input.now,
    expiresAt: input.now + SESSION_LIFETIME,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  // The others of the member, newest (furthest from their end) first; the new one is not among them.
  const others = and(eq(sessions.userId, input.userId), ne(sessions.id, id));
  const keptOthers = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(others)
    .orderBy(desc(sessions.expiresAt), desc(sessions.createdAt), desc(sql`rowid`))
    .limit(MAX_SESSIONS_PER_MEMBER - 1);
  const endsOldest = db
    .delete(sessions)
    .where(and(others, notInArray(sessions.id, keptOthers)))
    .returning({ id: sessions.id });
  return { token, statement, endsOldest };
}

export async function findSessionMember(db: Database, token: string, now: number) {
  if (!token || token.length > 100) return null;
  const id = await sha256Hex(token);
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      user: users,
      profile: profiles,
      photo: {
        id: photos.id,
        filename: photos.filename,
        thumbFilename: photos.thumbFilename,
        status: photos.status,
        isPrivate: photos.isPrivate,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row || row.user.status === "deleted" || row.user.status === "banned") return null;
  const { user, profile, photo } = row;
  // A left join: Drizzle gives null for the whole photo when there is none.
  const mainPhoto = photo;
  return {
    id: user.id,
    email: user.email,
    /** The domain the member signed up on: it decides which hosts serve them (settings/member-settings.ts). */
    domain: user.domain,
    status: user.status,
    credits: user.credits,
    paidUser: user.paidUser,
    language: user.language,
    signupDate: user.signupDate,
    invisible: user.invisible,
    emailDisabledReason: user.emailDisabledReason,
    profile: {
      name: profile.name,
      gender: profile.gender,
      seeking: profile.seeking,
      sexuality: profile.sexuality,
      dateOfBirth: profile.dateOfBirth,
      country: profile.country,
      regionId: profile.regionId,
      status: profile.status,
      lastActivity: profile.lastActivity,
      // Through the private door: the owner sees their own photo whatever its status or theirs.
      mainImage: mainPhoto ? { ...mainPhoto, thumbUrl: ownPhotoUrls(mainPhoto).thumb } : null,
    },
    session: { id: row.sessionId, expiresAt: row.expiresAt },
  };
}

export type SessionMember = NonNullable<Awaited<ReturnType<typeof findSessionMember>>>;

/** What to write for a member seen on this request: renew a half-spent session, mark activity. */
export function sessionUpkeep(db: Database, member: SessionMember, now: number) {
  const renew = member.session.expiresAt - now < RENEW_WHEN_LEFT;
  const active = now - member.profile.lastActivity > ACTIVITY_WRITE_EVERY;
  return {
    renewedUntil: renew ? now + SESSION_LIFETIME : null,
    statements: [
      ...(renew
        ? [
            db
              .update(sessions)
              .set({ expiresAt: now + SESSION_LIFETIME })
              .where(eq(sessions.id, member.session.id)),
          ]
        : []),
      ...(active ? [db.update(profiles).set({ lastActivity: now }).where(eq(profiles.userId, member.id))] : []),
    ],
  };
}

/** Ends the session of this token; answers whose it was (null when none lived), so its chat sockets can close. */
export async function endSession(db: Database, token: string) {
  const [ended] = await db
    .delete(sessions)
    .where(eq(sessions.id, await sha256Hex(token)))
    .returning({ id: sessions.id, userId: sessions.userId });
  return ended ?? null;
}

/** When a member's session ends, or null once it has ended: for a connection that outlived its last check. */
export async function sessionExpiry(db: Database, session: { id: string; userId: number }, now: number) {
  const [row] = await db.select({ expiresAt: sessionEnd(session, now) }).from(sql`(select 1)`);
  return row?.expiresAt ?? null;
}

/**
 * SQL: when a member's session ends, or null once it has ended (logged out,
 * revoked or expired at `now`). Long-lived connections (a chat socket) fold it
 * into a query they run anyway, to notice a session that ended after they opened.
 */
export function sessionEnd(session: { id: string; userId: number }, now: number) {
  const lives = and(eq(sessions.id, session.id), eq(sessions.userId, session.userId), gt(sessions.expiresAt, now));
  return sql<number | null>`(select ${sessions.expiresAt} from ${sessions} where ${lives})`;
}

/** Every session of a member but one (e.g. after a password change). */
export function revokeOtherSessions(db: Database, userId: number, keepSessionId: string | null) {
  return db
    .delete(sessions)
    .where(
      keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
    );
}
