// Promotions and news (two notification types): texts an operator writes
// once or per language, sent to the members of one domain who want that type.
// A promotion may also reach the members of the company's other domains that
// allow it (member_resell); news stays on its own domain.
// A broadcast has a key; calling again continues where the last batch ended
// (notification_log), so a large list goes out in batches, from the console's
// request and the scheduled job, without sending anyone the same broadcast twice.
// Its audience is the members who want it on a channel that can reach them
// (e-mail, or push on a browser they subscribed): the count the operator sees
// and the members the batches go to are the same condition. Each member is
// claimed once, before anything is sent to them, and counted by the batch that
// claimed them, whichever channels reached them.
import { and, count, eq, inArray, notExists, or, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { localizedText } from "#app/i18n/localized-text.ts";
import { notificationLog, profiles, users } from "#app/server/db/schema.ts";
import { loadSettings } from "#app/server/settings/resolve.ts";
import type { LocalizedText } from "#app/server/settings/schema.ts";
import { type NotifyContext, notify, siteOrigin } from "./deliver.ts";
import { claimNotification, loadRecipient, wantsEmailCondition, wantsPushCondition } from "./recipients.ts";

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
  /** A promotion also for the members of the company's other domains whose settings allow it (member_resell). */
  otherDomains?: boolean;
}

type AudienceContext = Pick<RequestContext, "db" | "env">;

/**
 * The domains whose members a broadcast is for: its own, and for a promotion
 * that asks for it the company's other domains (that have members) with
 * member_resell on.
 */
async function audienceDomains(app: AudienceContext, broadcast: Broadcast): Promise<string[]> {
  if (broadcast.type !== "promotions" || !broadcast.audience?.otherDomains) return [broadcast.domain];
  const own = await loadSettings(app.env.SETTINGS, broadcast.domain);
  const withMembers = await app.db.selectDistinct({ domain: users.domain }).from(users);
  const others = await Promise.all(
    withMembers
      .filter((row) => row.domain !== broadcast.domain)
      .map(async ({ domain }) => {
        const settings = await loadSettings(app.env.SETTINGS, domain);
        return settings.company_id === own.company_id && settings.member_resell ? domain : null;
      }),
  );
  return [broadcast.domain, ...others.filter((domain) => domain !== null)];
}

/** The members a broadcast is for (before their own mail preferences). */
function audienceCondition(domains: string[], audience: BroadcastAudience = {}) {
  return and(
    inArray(users.domain, domains),
    eq(users.status, "active"),
    eq(profiles.fictional, false),
    audience.country ? eq(profiles.country, audience.country) : undefined,
    audience.language ? eq(users.language, audience.language) : undefined,
    audience.premium === undefined ? undefined : eq(users.paidUser, audience.premium),
  );
}

/** The members of the audience who want this kind of mail by e-mail, or by push on a subscribed browser. */
const reachableAudience = (domains: string[], broadcast: Broadcast) =>
  and(
    audienceCondition(domains, broadcast.audience),
    or(wantsEmailCondition(broadcast.type), wantsPushCondition(broadcast.type)),
  );

/** How many members of the audience want this kind of mail (by e-mail or push), in one query. */
export async function countAudience(app: AudienceContext, broadcast: Broadcast): Promise<number> {
  const domains = await audienceDomains(app, broadcast);
  const [row] = await app.db
    .select({ members: count() })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(reachableAudience(domains, broadcast));
  return row?.members ?? 0;
}

/** One batch of a broadcast; called until nothing is left (`more` false). */
export async function sendBroadcastBatch(app: NotifyContext, broadcast: Broadcast, options: { limit?: number } = {}) {
  const key = `${broadcast.type}:${broadcast.key}`;
  const limit = options.limit ?? 40;
  const domains = await audienceDomains(app, broadcast);
  const rows = await app.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        reachableAudience(domains, broadcast),
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
  // A member of another domain gets the mail from their own site; its button leads to the promoted one.
  const promoted = new URL(broadcast.path, siteOrigin(app, broadcast.domain)).toString();
  let sent = 0;
  for (const row of rows.slice(0, limit)) {
    // The member's one row for this broadcast: a request and the job on the same batch send and count them once.
    const claimed = await claimNotification(app.db, {
      userId: row.id,
      type: broadcast.type,
      channel: "email",
      key,
      now: app.now(),
    });
    if (!claimed) continue;
    const recipient = await loadRecipient(app.db, row.id);
    if (!recipient) continue;
    const result = await notify(app, recipient, {
      type: broadcast.type,
      template: broadcast.type,
      params: {
        headline: localizedText(broadcast.headline, recipient.locale),
        text: localizedText(broadcast.text, recipient.locale),
      },
      path: recipient.domain === broadcast.domain ? broadcast.path : promoted,
      // Claimed above for every channel at once.
      key: null,
      push: { ttl: 24 * 3600, urgency: "low", tag: key },
    });
    if (result.push > 0 || result.email) sent++;
  }
  return { sent, handled: Math.min(rows.length, limit), more: rows.length > limit };
}
