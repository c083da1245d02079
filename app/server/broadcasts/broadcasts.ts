// The console's broadcasts: an operator writes a promotion or news mail, sees
// how many members of the audience will get it, mails themself a test, then
// sends it. Sending goes through the notification batch sender, so each
// member's preferences and unsubscribes count and nobody gets a broadcast
// twice. Sending stores the broadcast (audited once per key) and sends its
// first batch; the per-minute job continues it (progress.ts).
import { type Locale, locales } from "#app/i18n/locales.ts";
import { localizedText } from "#app/i18n/localized-text.ts";
import { users } from "#app/server/db/schema.ts";
import { composeMail } from "#app/server/mail/compose.ts";
import { queueMail } from "#app/server/mail/outbox.ts";
import { type Broadcast, type BroadcastAudience, countAudience } from "#app/server/notifications/broadcast.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { authorize } from "#app/server/operators/roles.ts";
import { loadSettings } from "#app/server/settings/resolve.ts";
import { continueBroadcast, loadBroadcast, storeBroadcast } from "./progress.ts";
import type { BroadcastForm } from "./schema.ts";

type BroadcastContext = OperatorContext & { origin?: string };

export function broadcastOf(form: BroadcastForm): Broadcast {
  const headline: Partial<Record<Locale, string>> = {};
  const text: Partial<Record<Locale, string>> = {};
  for (const locale of locales) {
    if (form[`subject_${locale}`]) headline[locale] = form[`subject_${locale}`];
    if (form[`body_${locale}`]) text[locale] = form[`body_${locale}`];
  }
  const audience: BroadcastAudience = {
    ...(form.country ? { country: form.country } : {}),
    ...(form.language ? { language: form.language } : {}),
    ...(form.premium ? { premium: form.premium === "premium" } : {}),
    // News stays on its own domain.
    ...(form.kind === "promotions" && form.otherDomains ? { otherDomains: true } : {}),
  };
  return { type: form.kind, key: form.key, domain: form.domain, headline, text, path: "/", audience };
}

/** How many members of the audience want this kind of mail. */
export async function audienceSize(app: BroadcastContext, broadcast: Broadcast): Promise<number> {
  authorize(app.operator, "broadcasts.send");
  return countAudience(app, broadcast);
}

/** The mail as a member speaking `locale` would get it, addressed to `to`. */
async function composeBroadcast(app: BroadcastContext, broadcast: Broadcast, locale: Locale, to: string) {
  const settings = await loadSettings(app.env.SETTINGS, broadcast.domain);
  // Links lead to the member's domain; the console's own origin only when it is that domain (local development).
  const origin =
    app.origin && new URL(app.origin).hostname === broadcast.domain ? app.origin : `https://${broadcast.domain}`;
  return composeMail({
    to,
    template: broadcast.type,
    locale,
    params: {
      name: app.operator.name,
      link: new URL(broadcast.path, origin).toString(),
      headline: localizedText(broadcast.headline, locale),
      text: localizedText(broadcast.text, locale),
    },
    site: { name: settings.name, supportEmail: settings.support_email, baseUrl: origin, mailName: settings.mail_name },
  });
}

/** What the mail looks like in one language, without sending anything. */
export async function previewBroadcast(app: BroadcastContext, broadcast: Broadcast, locale: Locale) {
  authorize(app.operator, "broadcasts.send");
  const mail = await composeBroadcast(app, broadcast, locale, app.operator.email);
  return { locale, subject: mail.subject, html: mail.html };
}

/** The mail in one language to the operator's own address (through the outbox, like the real one). */
export async function sendTestBroadcast(app: BroadcastContext, broadcast: Broadcast, locale: Locale) {
  authorize(app.operator, "broadcasts.send");
  await queueMail(app.db, await composeBroadcast(app, broadcast, locale, app.operator.email), app.now());
  return { to: app.operator.email, locale };
}

/** The domains that have members, for the audience picker. */
export async function broadcastDomains(app: BroadcastContext) {
  authorize(app.operator, "broadcasts.send");
  const rows = await app.db.selectDistinct({ domain: users.domain }).from(users).orderBy(users.domain);
  return rows.map((r) => r.domain);
}

/**
 * Stores the broadcast (nothing when nobody in the audience wants it) and
 * sends its first batch, so the operator sees it under way; the per-minute
 * job sends the rest. Sending it again only continues it.
 */
export async function sendBroadcast(app: BroadcastContext, broadcast: Broadcast) {
  authorize(app.operator, "broadcasts.send");
  const audience = await countAudience(app, broadcast);
  if (audience === 0) return { sent: 0, audience };
  await storeBroadcast(app, broadcast, audience);
  const stored = await loadBroadcast(app, broadcast.key);
  if (!stored || stored.finishedAt !== null) return { sent: 0, audience };
  const { sent } = await continueBroadcast(app, stored, 1);
  return { sent, audience };
}
