// Who a notification goes to and whether it may: the member's address,
// language, domain and choices per notification type, and the
// notification log that makes each notification go out once per key.
//
// The log is kept 90 days, whatever the kind; the hourly job forgets older
// rows. A key only matters while the same notification could be sent again:
// a message's push (per message) and its mail (per 6 hours) while the room
// may still retry it, minutes after a crash; a new conversation's mail at the
// first message; the scheduled ones within their 3 days, week or 30 days; a
// broadcast until it has gone through its audience, hours, and never again
// after (its key is the broadcast's, which is sent once). A like or match is
// kept from being told twice by the like itself while it stands (liking again
// changes nothing); only a like taken back and given again more than 90 days
// after it was told is told again, as the new like it is.
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { isLocale, type Locale } from "#app/i18n/locales.ts";
import type { NotificationType } from "#app/schemas/enums.ts";
import {
  type NotificationPreferences,
  notificationPreferences,
  onWithoutChoice,
} from "#app/server/accounts/account-settings.ts";
import type { Database } from "#app/server/db/client.ts";
import { amongOldestIds, forgetInBites } from "#app/server/db/forget-in-bites.ts";
import { notificationLog, notificationSettings, profiles, pushSubscriptions, users } from "#app/server/db/schema.ts";

export interface Recipient {
  id: number;
  email: string;
  name: string;
  locale: Locale;
  domain: string;
  country: string;
  /** Set when e-mail notifications were switched off by a bounce, complaint or list-unsubscribe. */
  emailDisabledReason: string | null;
  lastActivity: number;
  preferences: NotificationPreferences;
}

/**
 * A member who can be notified: active (an unconfirmed address may not be
 * theirs), not deleted or banned, and a real person (fictional profiles are
 * run by staff, who see their conversations in the console).
 */
export async function loadRecipient(db: Database, userId: number): Promise<Recipient | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      status: users.status,
      language: users.language,
      domain: users.domain,
      emailDisabledReason: users.emailDisabledReason,
      name: profiles.name,
      country: profiles.country,
      fictional: profiles.fictional,
      lastActivity: profiles.lastActivity,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (row?.status !== "active" || row.fictional) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    locale: isLocale(row.language) ? row.language : "nl",
    domain: row.domain,
    country: row.country,
    emailDisabledReason: row.emailDisabledReason,
    lastActivity: row.lastActivity,
    preferences: await notificationPreferences({ db }, userId),
  };
}

/** How long the log remembers a notification (see above). */
const LOGGED_FOR_MS = 90 * 86_400_000;

export const wantsPush = (recipient: Recipient, type: NotificationType) => recipient.preferences[type].push;

export const wantsEmail = (recipient: Recipient, type: NotificationType) =>
  recipient.emailDisabledReason === null && recipient.preferences[type].email;

/**
 * The member's choice for a type and channel as a condition on `users`: a row
 * saying so, or, without a row, the type's default (account-settings.ts: offers
 * and news only by choice).
 */
function chose(type: NotificationType, channel: "email" | "push") {
  const column = channel === "email" ? notificationSettings.email : notificationSettings.push;
  const row = sql`select 1 from ${notificationSettings} where ${notificationSettings.userId} = ${users.id} and ${notificationSettings.type} = ${type}`;
  return onWithoutChoice(type) ? sql`not exists (${row} and ${column} = 0)` : sql`exists (${row} and ${column} = 1)`;
}

/** wantsEmail as a condition on `users`, to count many members in one query. */
export const wantsEmailCondition = (type: NotificationType) =>
  and(isNull(users.emailDisabledReason), chose(type, "email"));

/** wantsPush as a condition on `users`, for members who also have a browser subscribed to push. */
export const wantsPushCondition = (type: NotificationType) =>
  and(
    chose(type, "push"),
    sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${users.id})`,
  );

/** Records that (member, channel, key) is being sent; false when it already was. */
export async function claimNotification(
  db: Database,
  entry: { userId: number; type: string; channel: "email" | "push"; key: string; now: number },
): Promise<boolean> {
  const rows = await db
    .insert(notificationLog)
    .values({
      userId: entry.userId,
      type: entry.type,
      channel: entry.channel,
      dedupeKey: entry.key,
      createdAt: entry.now,
    })
    .onConflictDoNothing()
    .returning({ id: notificationLog.id });
  return rows.length > 0;
}

/** The hourly job: notifications logged more than 90 days ago are forgotten, oldest first. */
export function forgetOldNotifications(app: { db: Database }, now: number) {
  return forgetInBites(() =>
    app.db
      .delete(notificationLog)
      .where(
        and(amongOldestIds(notificationLog, notificationLog.id), lt(notificationLog.createdAt, now - LOGGED_FOR_MS)),
      )
      .run(),
  );
}
