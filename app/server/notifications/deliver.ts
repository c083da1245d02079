// The two channels a notification goes out on, each once per key: Web Push to
// every browser the member subscribed, and an e-mail through the outbox with a
// one-click unsubscribe. A push repeats its mail's subject and preheader, so
// each notification's words exist once, in the mail namespace, in 11 locales.
// A notification from a fictional profile names it so on both channels: the
// domain's word for one (fictional_singular) follows the profile's name.
import type { RequestContext } from "#app/context.ts";
import { formatNumber } from "#app/i18n/format.ts";
import { translator } from "#app/i18n/i18next.server.ts";
import { localizedText } from "#app/i18n/localized-text.ts";
import type { NotificationType } from "#app/schemas/enums.ts";
import { type ComposeMailInput, composeMail } from "#app/server/mail/compose.ts";
import { queueMail } from "#app/server/mail/outbox.ts";
import { type MailParams, type MailTemplate, senderContext } from "#app/server/mail/templates.ts";
import { type PushContext, type PushMessage, type PushOptions, sendPush } from "#app/server/push/send.ts";
import { memberSubscriptions } from "#app/server/push/subscriptions.ts";
import { domainOf, loadSettings } from "#app/server/settings/resolve.ts";
import type { SiteSettings } from "#app/server/settings/schema.ts";
import { badgeCount } from "#app/server/site/member-summary.ts";
import { claimNotification, type Recipient, wantsEmail, wantsPush } from "./recipients.ts";
import { unsubscribeLinks } from "./unsubscribe.ts";

export type NotifyContext = PushContext & {
  /** The request's origin, when there is one: links then point where the member is. */
  origin?: string;
};

/** Template values besides the member's own name and the link, which are filled in here. */
type NotificationParams<T extends MailTemplate> = Omit<MailParams[T], "name" | "link">;

export interface Notification<T extends MailTemplate> {
  /** The preference that governs it: its notification type. */
  type: NotificationType;
  template: T;
  params: NotificationParams<T>;
  /** Where it leads, on this domain: "/chats/12". */
  path: string;
  /** Each channel sends a key once, e.g. "like:1234". */
  key: { push: string; email: string } | null;
  push?: PushOptions & { tag: string };
  /** The chat message it is about, for the push (see PushMessage). */
  lastMessage?: PushMessage["lastMessage"];
  /** Left out of e-mail (e.g. the member is online right now, or it goes by push only). */
  skipEmail?: boolean;
}

const isLocalDomain = (domain: string) =>
  domain === "localhost" || domain.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(domain);

/** Scheme and host of the member's domain. */
export function siteOrigin(app: Pick<NotifyContext, "origin">, domain: string): string {
  if (app.origin && domainOf(new URL(app.origin).host) === domain) return app.origin;
  if (isLocalDomain(domain)) return app.origin ?? `http://${domain}`;
  return `https://${domain}`;
}

/** Words for a template in the member's language, with the same values the mail uses. */
function wording(recipient: Recipient, siteName: string, template: MailTemplate, params: Record<string, unknown>) {
  const t = translator(recipient.locale);
  const values: Record<string, string> = { siteName, name: recipient.name };
  for (const [key, value] of Object.entries(params)) {
    values[key] = typeof value === "number" ? formatNumber(value, recipient.locale) : String(value);
  }
  const options = { ...values, ...senderContext(params) };
  return { title: t(`mail:${template}.subject`, options), body: t(`mail:${template}.preheader`, options) };
}

/** The notification's values, with a fictional sender named as one in the member's language. */
function disclosed<T extends MailTemplate>(
  params: NotificationParams<T>,
  settings: SiteSettings,
  recipient: Recipient,
) {
  const values: Partial<Record<string, unknown>> = params;
  if (values.senderFictional !== true || typeof values.sender !== "string") return params;
  const label =
    localizedText(settings.fictional_singular, recipient.locale) || translator(recipient.locale)("members:fictional");
  return { ...params, sender: `${values.sender} (${label})` };
}

/** Sends on the channels the member wants; answers what went out. */
export async function notify<T extends MailTemplate>(
  app: NotifyContext,
  recipient: Recipient,
  notification: Notification<T>,
): Promise<{ push: number; email: boolean }> {
  const settings = await loadSettings(app.env.SETTINGS, recipient.domain);
  const params = disclosed(notification.params, settings, recipient);
  const origin = siteOrigin(app, recipient.domain);
  const now = app.now();
  const claim = (channel: "email" | "push") =>
    notification.key === null
      ? Promise.resolve(true)
      : claimNotification(app.db, {
          userId: recipient.id,
          type: notification.type,
          channel,
          key: notification.key[channel],
          now,
        });

  let pushed = 0;
  if (notification.push && wantsPush(recipient, notification.type)) {
    const subscriptions = await memberSubscriptions(app, recipient.id);
    if (subscriptions.length > 0 && (await claim("push"))) {
      const { title, body } = wording(recipient, settings.name, notification.template, params);
      const message: PushMessage = {
        type: notification.type,
        title,
        body,
        url: notification.path,
        tag: notification.push.tag,
        badge: await badgeCount(app.db, recipient.id),
        icon: "/app-icon/192.png",
        ...(notification.lastMessage ? { lastMessage: notification.lastMessage } : {}),
      };
      const outcomes = await Promise.all(subscriptions.map((s) => sendPush(app, s, message, notification.push!)));
      pushed = outcomes.filter((o) => o === "sent").length;
    }
  }

  let mailed = false;
  if (!notification.skipEmail && wantsEmail(recipient, notification.type)) {
    // Composed before it is claimed: a mail that cannot be written is not marked as sent.
    const mail = composeMail({
      to: recipient.email,
      template: notification.template,
      locale: recipient.locale,
      params: { ...params, name: recipient.name, link: new URL(notification.path, origin).toString() },
      site: {
        name: settings.name,
        supportEmail: settings.support_email,
        baseUrl: origin,
        mailName: settings.mail_name,
      },
      unsubscribe: await unsubscribeLinks(app, origin, recipient.id, notification.type),
    } as ComposeMailInput<T>);
    if (await claim("email")) {
      await queueMail(app.db, mail, now);
      mailed = true;
    }
  }
  return { push: pushed, email: mailed };
}

/** Work that must not hold up the answer (or the chat message): after it, with failures logged. */
export function inBackground(
  app: { ctx?: Pick<ExecutionContext, "waitUntil">; log: RequestContext["log"] },
  what: string,
  work: () => Promise<unknown>,
) {
  const running = work().catch((error: unknown) =>
    app.log.error(`${what} failed`, { error: error instanceof Error ? error.message : String(error) }),
  );
  app.ctx?.waitUntil(running);
  return running;
}
