// The hourly cron (wrangler.toml [triggers]): accounts past their 14 days are
// removed for good, expired sessions and tokens and old login attempts are
// forgotten, scheduled notifications (unread reminders, weekly updates,
// reminders) go out, and mail that could not be delivered right away is sent.
import type { RequestContext } from "#app/context.ts";
import { purgeDeletedAccounts } from "#app/server/accounts/deletion.ts";
import { forgetOldLoginAttempts } from "#app/server/accounts/login.ts";
import { deliverQueuedMail } from "#app/server/mail/outbox.ts";
import { runScheduledNotifications } from "#app/server/notifications/scheduled.ts";

export async function runHourly(app: Pick<RequestContext, "db" | "env" | "log" | "now">) {
  const now = app.now();
  const accounts = await purgeDeletedAccounts(app, now);
  await forgetOldLoginAttempts(app, now);
  const notifications = await runScheduledNotifications(app);
  const mail = await deliverQueuedMail(app, { limit: 500 });
  return { ...accounts, notifications, mail };
}
