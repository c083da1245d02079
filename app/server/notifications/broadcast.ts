// Promotions and news (two notification types): texts an operator writes
// once or per language, sent to the members of one domain who want that type.
// A broadcast has a key; calling again continues where the last batch ended
// (notification_log), so the operator console can send a large list
// in batches without sending anyone the same broadcast twice.
import { and, eq, notExists, sql } from "drizzle-orm";
import { localizedText } from "#app/i18n/localized-text.ts";
import { notificationLog, profiles, users } from "#app/server/db/schema.ts";
import type { LocalizedText } from "#app/server/settings/schema.ts";
import { type NotifyContext, notify } from "./deliver.ts";
import { claimNotification, loadRecipient } from "./recipients.ts";

export interface Broadcast {
  type: "promotions" | "news";
  /** Unique per broadcast, e.g. "spring-2026". */
  key: string;
  domain: string;
  headline: LocalizedText;
  text: LocalizedText;
  /** Where the mail's button leads on the domain. */
  path: string;
  /** Narrows the domain's members; a missing field means everyone. */
  audience?: BroadcastAudience;
}

export interface BroadcastAudience {
  country?: string;
  language?: string;
  premium?: boolean;
}

/** The members a broadcast is for (before their own mail preferences). */
export function audienceCondition(domain: string, audience: BroadcastAudience = {}) {
  return and(
    eq(users.domain, domain),
    eq(users.status, "active"),
    eq(profiles.fictional, false),
    audience.country ? eq(profiles.country, audience.country) : undefined,
    audience.language ? eq(users.language, audience.language) : undefined,
    audience.premium === undefined ? undefined : eq(users.paidUser, audience.premium),
  );
}

/** One batch of a broadcast; the console's broadcast screen calls it until nothing is left. */
export async function sendBroadcastBatch(app: NotifyContext, broadcast: Broadcast, options: { limit?: number } = {}) {
  const key = `${broadcast.type}:${broadcast.key}`;
  const limit = options.limit ?? 40;
  const rows = await app.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        audienceCondition(broadcast.domain, broadcast.audience),
        notExists(
          app.db
            .select({ one: sql`1` })
            .from(notificationLog)
            .where(and(eq(notificationLog.userId, users.id), eq(notificationLog.dedupeKey, key))),
        ),
      ),
    )
    .orderBy(users.id)
    .limit(limit + 1);
  let sent = 0;
  for (const row of rows.slice(0, limit)) {
    const recipient = await loadRecipient(app.db, row.id);
    const result = recipient
      ? await notify(app, recipient, {
          type: broadcast.type,
          template: broadcast.type,
          params: {
            headline: localizedText(broadcast.headline, recipient.locale),
            text: localizedText(broadcast.text, recipient.locale),
          },
          path: broadcast.path,
          key: { push: key, email: key },
          push: { ttl: 24 * 3600, urgency: "low", tag: key },
        })
      : { push: 0, email: false };
    if (result.push > 0 || result.email) sent++;
    // Handled either way: the next batch goes on with the next members.
    else
      await claimNotification(app.db, { userId: row.id, type: broadcast.type, channel: "email", key, now: app.now() });
  }
  return { sent, handled: Math.min(rows.length, limit), more: rows.length > limit };
}
