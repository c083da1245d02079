// Deleting an account: the member may stay for a discount
// (company delete_discount), otherwise the account is closed at once and can be
// reactivated by e-mail for 14 days; after that the hourly job removes the
// account and its personal data for good (see privacy/erasure.ts).
import { and, eq, isNotNull, isNull, lte } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { isLocale } from "#app/i18n/locales.ts";
import { closeEndedSessions } from "#app/server/chat/sockets.ts";
import { SimulatedCrash } from "#app/server/crash-points.ts";
import { discountCodes, emailTokens, profiles, sessions, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { errorFields } from "#app/server/log.ts";
import { refreshSearchable } from "#app/server/members/searchable.ts";
import { eraseMember } from "#app/server/privacy/erasure.ts";
import { getCompany } from "#app/server/reference/reference-data.ts";
import type { AccountsContext } from "./context.ts";
import { accountMail, deliverAfterResponse, link } from "./mail.ts";
import { verifyPassword } from "./password.ts";
import { revokeOtherSessions, type SessionMember, startSession } from "./session.ts";
import { batchWithinDailyLimit, consumeToken, DAY, issueToken, randomToken } from "./tokens.ts";

export const REACTIVATION_WINDOW = 14 * DAY;
const REACTIVATION_LINKS_PER_DAY = 3;

/**
 * A ban lasts until an operator who may ban lifts it, whatever happens to the
 * account meanwhile: a banned account is never reactivated (accounts closed
 * while banned keep banned_at).
 */
export const isBanned = (user: { status: string; bannedAt: number | null }) =>
  user.status === "banned" || user.bannedAt !== null;
const RETENTION_CODE_DAYS = 7;

export async function checkPassword(app: Pick<AccountsContext, "db">, userId: number, password: string) {
  const [user] = await app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(password, user.hash))) throw new DomainError("password_wrong");
}

/** The retention offer shown before deletion: the company's delete_discount, if any. */
export async function retentionOffer(app: AccountsContext) {
  const company = await getCompany(app.db, app.settings.company_id, app.now());
  return { percentage: company?.deleteDiscount ?? 0 };
}

/** The member stays: a personal discount code for their next purchase. */
export async function acceptRetentionOffer(app: AccountsContext, member: SessionMember) {
  const { percentage } = await retentionOffer(app);
  if (percentage <= 0) throw new DomainError("invalid_input");
  const [existing] = await app.db
    .select({ code: discountCodes.code })
    .from(discountCodes)
    .where(and(eq(discountCodes.userId, member.id), eq(discountCodes.kind, "retention")))
    .limit(1);
  if (existing) return { code: existing.code, percentage };
  const code = `STAY-${randomToken(4)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "X")}`;
  const now = app.now();
  await app.db.insert(discountCodes).values({
    code,
    kind: "retention",
    userId: member.id,
    valuePercentage: percentage,
    expiresAt: now + RETENTION_CODE_DAYS * DAY,
    createdAt: now,
  });
  return { code, percentage };
}

export async function deleteAccount(app: AccountsContext, member: SessionMember, input: { password: string }) {
  await checkPassword(app, member.id, input.password);
  await closeAccount(app, { id: member.id, email: member.email, name: member.profile.name });
}

/**
 * Closes an account (the member's own request, or an operator acting on it):
 * deleted at once, reactivation by e-mail for 14 days. `extra` joins the batch
 * (an operator's audit row).
 */
export async function closeAccount(
  app: AccountsContext,
  member: { id: number; email: string; name: string },
  extra: BatchItem<"sqlite">[] = [],
) {
  const now = app.now();
  const reactivation = await issueToken(app.db, {
    userId: member.id,
    purpose: "reactivation",
    now,
    expiresAt: now + REACTIVATION_WINDOW,
  });
  await app.db.batch([
    app.db.update(users).set({ status: "deleted", deletedAt: now }).where(eq(users.id, member.id)),
    app.db.update(profiles).set({ status: "disabled", searchable: 0 }).where(eq(profiles.userId, member.id)),
    revokeOtherSessions(app.db, member.id, null),
    reactivation.statement,
    accountMail(app, {
      to: member.email,
      template: "account_deleted",
      locale: app.locale,
      params: {
        name: member.name,
        link: link(app, "/activate/done", reactivation.token),
        days: REACTIVATION_WINDOW / DAY,
        deadline: now + REACTIVATION_WINDOW,
      },
    }),
    ...extra,
  ]);
  closeEndedSessions(app, member.id, { allBut: null });
  deliverAfterResponse(app);
}

/**
 * Sends a new reactivation link to a deleted account still within its 14 days.
 * Anyone who types the address can ask, so the account gets at most
 * REACTIVATION_LINKS_PER_DAY links a day, the one in the deletion mail included.
 */
export async function requestReactivation(app: AccountsContext, email: string) {
  const now = app.now();
  const [user] = await app.db
    .select({ id: users.id, deletedAt: users.deletedAt, language: users.language, name: profiles.name })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    // A banned account closed earlier is not offered a way back (isBanned).
    .where(and(eq(users.email, email), eq(users.status, "deleted"), isNull(users.bannedAt)))
    .limit(1);
  if (!user?.deletedAt || now - user.deletedAt >= REACTIVATION_WINDOW) throw new DomainError("email_not_found");
  const token = await issueToken(app.db, {
    userId: user.id,
    purpose: "reactivation",
    now,
    expiresAt: user.deletedAt + REACTIVATION_WINDOW,
    perDay: REACTIVATION_LINKS_PER_DAY,
  });
  await batchWithinDailyLimit(
    app.db,
    [
      token.statement,
      accountMail(app, {
        to: email,
        template: "reactivation",
        locale: isLocale(user.language) ? user.language : app.locale,
        params: { name: user.name, link: link(app, "/activate/done", token.token), days: REACTIVATION_WINDOW / DAY },
      }),
    ],
    "reactivation_limit",
  );
  deliverAfterResponse(app);
}

export async function reactivateAccount(app: AccountsContext, input: { token: string; userAgent?: string | null }) {
  const now = app.now();
  const used = await consumeToken(app.db, input.token, "reactivation", now);
  if (!used) throw new DomainError("link_invalid");
  const [user] = await app.db
    .select({
      status: users.status,
      deletedAt: users.deletedAt,
      confirmedAt: users.confirmedAt,
      bannedAt: users.bannedAt,
    })
    .from(users)
    .where(eq(users.id, used.userId));
  if (user?.status !== "deleted" || isBanned(user) || !user.deletedAt || now - user.deletedAt >= REACTIVATION_WINDOW) {
    throw new DomainError("link_invalid");
  }
  const confirmed = user.confirmedAt !== null;
  const session = await startSession(app.db, { userId: used.userId, now, userAgent: input.userAgent });
  await app.db.batch([
    app.db
      .update(users)
      .set({ status: confirmed ? "active" : "not_confirmed", deletedAt: null })
      .where(eq(users.id, used.userId)),
    app.db
      .update(profiles)
      .set({ status: confirmed ? "active" : "disabled" })
      .where(eq(profiles.userId, used.userId)),
    refreshSearchable(app.db, used.userId),
    session.statement,
  ]);
  return { userId: used.userId, sessionToken: session.token };
}

/** Hourly: accounts deleted 14 days ago or more are removed. */
export async function purgeDeletedAccounts(app: Pick<AccountsContext, "db" | "env" | "log">, now: number) {
  const due = await app.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.status, "deleted"), isNotNull(users.deletedAt), lte(users.deletedAt, now - REACTIVATION_WINDOW)),
    )
    .limit(200);
  let purged = 0;
  for (const { id } of due) {
    // One account that cannot be erased now is tried again next hour; the others go on.
    try {
      await eraseMember(app, id);
      purged++;
    } catch (error) {
      if (error instanceof SimulatedCrash) throw error;
      app.log.error("account not erased yet", { memberId: id, ...errorFields(error) });
    }
  }
  await app.db.delete(sessions).where(lte(sessions.expiresAt, now));
  await app.db.delete(emailTokens).where(lte(emailTokens.expiresAt, now - DAY));
  if (purged) app.log.info("accounts removed for good", { count: purged });
  return { purged };
}
