// The settings screen's rules: password, e-mail address,
// notification preferences, invisible mode, location and language.
import { and, eq, sql } from "drizzle-orm";
import type { Locale } from "#app/i18n/locales.ts";
import { nameIsEmail } from "#app/schemas/account.ts";
import { type NotificationType, notificationTypes } from "#app/schemas/enums.ts";
import { closeEndedSessions } from "#app/server/chat/sockets.ts";
import { notificationSettings, profiles, regions, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { refreshSearchable } from "#app/server/members/searchable.ts";
import { confirmStatements } from "./activation.ts";
import type { AccountsContext } from "./context.ts";
import { checkPassword } from "./deletion.ts";
import { accountMail, deliverAfterResponse, link } from "./mail.ts";
import { hashPassword } from "./password.ts";
import { revokeOtherSessions, type SessionMember } from "./session.ts";
import { batchWithinDailyLimit, consumeToken, issueToken } from "./tokens.ts";

export async function changePassword(
  app: AccountsContext,
  member: SessionMember,
  input: { current_password: string; password: string },
) {
  await checkPassword(app, member.id, input.current_password);
  await app.db.batch([
    app.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, member.id)),
    // Everyone else who knew the old password is logged out.
    revokeOtherSessions(app.db, member.id, member.session.id),
  ]);
  closeEndedSessions(app, member.id, { allBut: member.session.id });
}

async function assertEmailFree(app: Pick<AccountsContext, "db">, email: string) {
  const [taken] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken) throw new DomainError("email_taken");
}

/** The new address is typed by the member, so its confirmation mails are limited: any address, 3 a day. */
const MAIL_CHANGES_PER_DAY = 3;

/** Sends a confirmation link to the new address; the address changes when it is used. */
export async function requestEmailChange(
  app: AccountsContext,
  member: SessionMember,
  input: { email: string; current_password: string },
) {
  if (nameIsEmail(member.profile.name, input.email)) throw new DomainError("name_equals_email");
  await checkPassword(app, member.id, input.current_password);
  await assertEmailFree(app, input.email);
  const now = app.now();
  const token = await issueToken(app.db, {
    userId: member.id,
    purpose: "mail_change",
    now,
    newEmail: input.email,
    perDay: MAIL_CHANGES_PER_DAY,
  });
  await batchWithinDailyLimit(
    app.db,
    [
      token.statement,
      accountMail(app, {
        to: input.email,
        template: "mail_change",
        locale: app.locale,
        params: { name: member.profile.name, link: link(app, "/mail-change/do", token.token), email: input.email },
      }),
    ],
    "mail_change_limit",
  );
  deliverAfterResponse(app);
}

export async function confirmEmailChange(app: AccountsContext, token: string) {
  const now = app.now();
  const used = await consumeToken(app.db, token, "mail_change", now);
  if (!used?.newEmail) throw new DomainError("link_invalid");
  // The name may have become the new address since the change was asked for (like assertEmailFree, after the link is used).
  const [profile] = await app.db.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, used.userId));
  if (profile && nameIsEmail(profile.name, used.newEmail)) throw new DomainError("name_equals_email");
  await assertEmailFree(app, used.newEmail);
  try {
    await app.db.batch([
      app.db.update(users).set({ email: used.newEmail, emailDisabledReason: null }).where(eq(users.id, used.userId)),
      ...confirmStatements(app, used.userId, now),
    ]);
  } catch (error) {
    if (String(error).includes("UNIQUE")) throw new DomainError("email_taken");
    throw error;
  }
  return { userId: used.userId, email: used.newEmail };
}

export async function setInvisible(app: Pick<AccountsContext, "db">, member: SessionMember, invisible: boolean) {
  await app.db.batch([
    app.db.update(users).set({ invisible }).where(eq(users.id, member.id)),
    refreshSearchable(app.db, member.id),
  ]);
}

// The value an upsert tried to insert (SQLite's excluded.<column>).
const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);

export type NotificationPreferences = Record<NotificationType, { email: boolean; push: boolean }>;

/**
 * Offers and news reach a member only when they chose them (the signup box or
 * the settings, never ticked for them): without a choice of theirs, no. Every
 * other type is about the member's own conversations and likes: on until
 * switched off.
 */
export const OFFERED_BY_CHOICE = ["promotions", "news"] as const satisfies readonly NotificationType[];

/** Whether a type without a row of the member's is on. */
export const onWithoutChoice = (type: NotificationType) => !(OFFERED_BY_CHOICE as readonly string[]).includes(type);

/** Every notification type with the member's choice, or the default above. */
export async function notificationPreferences(app: Pick<AccountsContext, "db">, userId: number) {
  const rows = await app.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  const byType = new Map(rows.map((r) => [r.type, r]));
  return Object.fromEntries(
    notificationTypes.map((type) => [
      type,
      {
        email: byType.get(type)?.email ?? onWithoutChoice(type),
        push: byType.get(type)?.push ?? onWithoutChoice(type),
      },
    ]),
  ) as NotificationPreferences;
}

export async function setNotificationPreferences(
  app: Pick<AccountsContext, "db">,
  member: SessionMember,
  preferences: NotificationPreferences,
) {
  const rows = notificationTypes.map((type) => ({ userId: member.id, type, ...preferences[type] }));
  await app.db
    .insert(notificationSettings)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.type],
      set: {
        email: sqlExcluded("email"),
        push: sqlExcluded("push"),
      },
    });
}

/** The member's country and region; the region must lie in the country, the country be served here. */
export async function setLocation(
  app: Pick<AccountsContext, "db" | "settings">,
  member: SessionMember,
  input: { country: string; regionId: number | null },
) {
  if (!app.settings.countries.includes(input.country)) throw new DomainError("invalid_input");
  if (input.regionId !== null) {
    const [region] = await app.db
      .select({ id: regions.id })
      .from(regions)
      .where(and(eq(regions.id, input.regionId), eq(regions.country, input.country)));
    if (!region) throw new DomainError("invalid_input");
  }
  await app.db
    .update(profiles)
    .set({ country: input.country, regionId: input.regionId })
    .where(eq(profiles.userId, member.id));
}

export async function setLanguage(app: Pick<AccountsContext, "db">, member: SessionMember, locale: Locale) {
  await app.db.update(users).set({ language: locale }).where(eq(users.id, member.id));
}
