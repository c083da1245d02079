// Account mails go into the outbox in the same batch as the change they report
// (app/server/mail), then are delivered after the response.
import type { Locale } from "#app/i18n/locales.ts";
import { composeMail } from "#app/server/mail/compose.ts";
import { deliverQueuedMail, queueMail } from "#app/server/mail/outbox.ts";
import type { MailParams, MailTemplate } from "#app/server/mail/templates.ts";
import type { AccountsContext } from "./context.ts";

export function accountMail<T extends MailTemplate>(
  app: AccountsContext,
  mail: { to: string; template: T; locale: Locale; params: MailParams[T] },
) {
  const message = composeMail({
    ...mail,
    site: {
      name: app.settings.name,
      supportEmail: app.settings.support_email,
      baseUrl: app.origin,
      mailName: app.settings.mail_name,
    },
  });
  return queueMail(app.db, message, app.now());
}

/** Delivers queued mail after the response is sent. */
export function deliverAfterResponse(app: AccountsContext) {
  app.ctx.waitUntil(
    deliverQueuedMail(app).catch((error: unknown) => app.log.error("mail delivery failed", { error: String(error) })),
  );
}

export function link(app: AccountsContext, path: string, token: string) {
  const url = new URL(path, app.origin);
  url.searchParams.set("token", token);
  return url.toString();
}
