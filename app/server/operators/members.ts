// Members as operators see them: search by e-mail, name or id, and
// one member's profile, status, credits ledger, payments and sessions. The
// search lists D1's copy of each balance; one member's page shows their
// wallet's balance and movements, with whatever is recorded for them applied
// first, so a purchase recorded a moment ago is there.
import { and, desc, eq, gt, like, or, type SQL } from "drizzle-orm";
import { walletBalance } from "#app/server/credits/movements.ts";
import { walletOf } from "#app/server/credits/wallet.ts";
import { profiles, sessions, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { recentPayments } from "#app/server/payments/history.ts";
import { memberPhotos } from "#app/server/photos/moderation.ts";
import type { OperatorContext } from "./context.ts";
import { authorize } from "./roles.ts";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchMembers(app: OperatorContext, query: string) {
  authorize(app.operator, "members.view");
  const q = query.trim();
  if (!q) return [];
  const conditions: SQL[] = [];
  if (/^\d+$/.test(q)) conditions.push(eq(users.id, Number(q)));
  if (q.includes("@")) conditions.push(like(users.email, `${escapeLike(q.toLowerCase())}%`));
  else conditions.push(like(profiles.name, `${escapeLike(q)}%`));
  return app.db
    .select({
      id: users.id,
      email: users.email,
      name: profiles.name,
      status: users.status,
      domain: users.domain,
      credits: users.credits,
      paidUser: users.paidUser,
      signupDate: users.signupDate,
      fictional: profiles.fictional,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(or(...conditions))
    .orderBy(desc(users.id))
    .limit(50);
}

/** The newest movements one member's page shows. */
const LEDGER_ROWS = 50;

export async function memberDetail(app: OperatorContext, memberId: number) {
  authorize(app.operator, "members.view");
  if (!Number.isSafeInteger(memberId)) throw new DomainError("member_not_found");
  const now = app.now();
  const [[row], memberPayments, memberSessions] = await app.db.batch([
    app.db
      .select({ user: users, profile: profiles })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, memberId)),
    recentPayments(app, memberId),
    app.db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent })
      .from(sessions)
      .where(and(eq(sessions.userId, memberId), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.createdAt))
      .limit(20),
  ]);
  if (!row) throw new DomainError("member_not_found");
  const { user, profile } = row;
  const wallet = await walletBalance(app, memberId);
  const ledger = await walletOf(app.env, memberId).ledger({ limit: LEDGER_ROWS });
  return {
    member: {
      id: user.id,
      email: user.email,
      status: user.status,
      credits: wallet.balance,
      paidUser: user.paidUser,
      language: user.language,
      domain: user.domain,
      signupDate: user.signupDate,
      confirmedAt: user.confirmedAt,
      lastLoginAt: user.lastLoginAt,
      deletedAt: user.deletedAt,
      bannedAt: user.bannedAt,
      banReason: user.banReason,
      invisible: user.invisible,
      emailDisabledReason: user.emailDisabledReason,
      directDebitBlocked: user.directDebitBlocked,
    },
    profile: {
      name: profile.name,
      gender: profile.gender,
      seeking: profile.seeking,
      dateOfBirth: profile.dateOfBirth,
      country: profile.country,
      city: profile.city,
      about: profile.about,
      fictional: profile.fictional,
      status: profile.status,
      searchable: profile.searchable === 1,
      lastActivity: profile.lastActivity,
    },
    ledger,
    payments: memberPayments,
    sessions: memberSessions,
    photos: await memberPhotos(app, memberId),
  };
}

export type MemberDetail = Awaited<ReturnType<typeof memberDetail>>;
