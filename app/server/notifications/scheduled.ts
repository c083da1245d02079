// Notifications the hourly cron sends: a reminder of messages left
// unread for a day (at most every 3 days), the weekly update (once per local
// calendar week) and a reminder for members away 7 to 60 days (at most every
// 30 days). Only in the member's daytime; each (member, key) once, through
// notification_log, so overlapping or repeated runs send nothing twice. Each
// run handles a bounded number of members per kind; the next run continues.
import { and, count, eq, gt, gte, inArray, lt, notExists, notInArray, type SQL, sql, sum } from "drizzle-orm";
import type { Database } from "#app/server/db/client.ts";
import { conversationParticipants, likes, notificationLog, profiles, users } from "#app/server/db/schema.ts";
import { zonedCountries } from "#app/server/geo/time-zones.ts";
import { type NotifyContext, notify } from "./deliver.ts";
import { daytimeGroups, type ZoneGroup } from "./local-time.ts";
import { claimNotification, loadRecipient } from "./recipients.ts";

const DAY = 86_400_000;
/** Per kind and run: every member costs about eight D1 queries (limit: 1000 per invocation). */
const SCHEDULED_BATCH = 40;

type Kind = "unread_message_reminder" | "weekly_updates" | "reminders";

function inGroup(group: ZoneGroup): SQL {
  return group.countries ? inArray(profiles.country, group.countries) : notInArray(profiles.country, zonedCountries);
}

/** Active, real members of a zone group not yet handled for `key`. */
function candidates(db: Database, group: ZoneGroup, key: string, extra: SQL | undefined, limit: number) {
  return db
    .select({ id: users.id, country: profiles.country })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eq(users.status, "active"),
        eq(profiles.fictional, false),
        inGroup(group),
        extra,
        notExists(
          db
            .select({ one: sql`1` })
            .from(notificationLog)
            .where(and(eq(notificationLog.userId, users.id), eq(notificationLog.dedupeKey, key))),
        ),
      ),
    )
    .orderBy(users.id)
    .limit(limit);
}

/** New searchable members per country since `since`. */
async function newMembersByCountry(db: Database, countries: string[], since: number) {
  if (countries.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ country: profiles.country, n: count() })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.searchable, 1), gte(users.signupDate, since), inArray(profiles.country, countries)))
    .groupBy(profiles.country);
  return new Map(rows.map((r) => [r.country, r.n]));
}

async function handle(
  app: NotifyContext,
  memberId: number,
  kind: Kind,
  key: string,
  params: Record<string, number>,
  path: string,
) {
  const recipient = await loadRecipient(app.db, memberId);
  if (!recipient) return false;
  const sent = await notify(app, recipient, {
    type: kind,
    template: kind,
    params: params as never,
    path,
    key: { push: key, email: key },
    push: { ttl: 12 * 3600, urgency: "low", tag: kind },
  });
  // Nothing wanted on either channel: noted anyway, so the next run does not pick the member again.
  if (sent.push === 0 && !sent.email) {
    await claimNotification(app.db, { userId: memberId, type: kind, channel: "email", key, now: app.now() });
  }
  return sent.push > 0 || sent.email;
}

export async function runScheduledNotifications(app: NotifyContext, options: { limit?: number } = {}) {
  const limit = options.limit ?? SCHEDULED_BATCH;
  const now = app.now();
  const result = { unread_message_reminder: 0, weekly_updates: 0, reminders: 0 };
  const budget = { unread_message_reminder: limit, weekly_updates: limit, reminders: limit };

  for (const group of daytimeGroups(now)) {
    // Messages that have waited unread for a day, for a member not seen for a day.
    if (budget.unread_message_reminder > 0) {
      const key = `unread:${Math.floor(now / (3 * DAY))}`;
      const waiting = and(
        lt(profiles.lastActivity, now - DAY),
        sql`exists (select 1 from ${conversationParticipants} where ${conversationParticipants.userId} = ${users.id} and ${conversationParticipants.unreadCount} > 0 and ${conversationParticipants.hiddenAt} is null and ${conversationParticipants.lastMessageAt} < ${now - DAY})`,
      );
      const rows = await candidates(app.db, group, key, waiting, budget.unread_message_reminder);
      budget.unread_message_reminder -= rows.length;
      for (const row of rows) {
        const [unread] = await app.db
          .select({ n: sum(conversationParticipants.unreadCount).mapWith(Number) })
          .from(conversationParticipants)
          .where(and(eq(conversationParticipants.userId, row.id), sql`${conversationParticipants.hiddenAt} is null`));
        if (await handle(app, row.id, "unread_message_reminder", key, { count: unread?.n ?? 0 }, "/chats")) {
          result.unread_message_reminder++;
        }
      }
    }

    // The week in numbers, once per local calendar week.
    if (budget.weekly_updates > 0) {
      const key = `weekly:${group.isoWeek}`;
      const rows = await candidates(
        app.db,
        group,
        key,
        gt(profiles.lastActivity, now - 90 * DAY),
        budget.weekly_updates,
      );
      budget.weekly_updates -= rows.length;
      const since = now - 7 * DAY;
      const members = await newMembersByCountry(app.db, [...new Set(rows.map((r) => r.country))], since);
      for (const row of rows) {
        const [liked] = await app.db
          .select({ n: count() })
          .from(likes)
          .where(and(eq(likes.likedId, row.id), gte(likes.createdAt, since)));
        const params = { members: members.get(row.country) ?? 0, likes: liked?.n ?? 0 };
        const worth = params.members + params.likes > 0;
        if (!worth) {
          await claimNotification(app.db, { userId: row.id, type: "weekly_updates", channel: "email", key, now });
        } else if (await handle(app, row.id, "weekly_updates", key, params, "/members")) {
          result.weekly_updates++;
        }
      }
    }

    // Members away 7 to 60 days: what they are missing.
    if (budget.reminders > 0) {
      const key = `reminder:${Math.floor(now / (30 * DAY))}`;
      const away = and(lt(profiles.lastActivity, now - 7 * DAY), gt(profiles.lastActivity, now - 60 * DAY));
      const rows = await candidates(app.db, group, key, away, budget.reminders);
      budget.reminders -= rows.length;
      const members = await newMembersByCountry(app.db, [...new Set(rows.map((r) => r.country))], now - 7 * DAY);
      for (const row of rows) {
        const params = { members: members.get(row.country) ?? 0 };
        if (await handle(app, row.id, "reminders", key, params, "/members")) result.reminders++;
      }
    }
  }
  return result;
}
