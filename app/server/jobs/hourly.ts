// The hourly cron (wrangler.toml [triggers]): accounts past their 14 days are
// removed for good; expired sessions and tokens, old login attempts, the
// daily counts of days gone by (limits/daily-counts.ts), texts and mail sent a
// month ago (sms/outbox.ts, mail/outbox.ts), page-hidden beacons of a month
// ago (site/page-events.ts), notifications logged 90 days ago
// (notifications/recipients.ts), ended console sessions and cache purges done a
// day ago (cdn/purge.ts) are forgotten (the
// big tables a bounded bite at a time, db/forget-in-bites.ts); scheduled
// notifications (unread reminders, weekly updates, reminders) go out; payments
// and refunds a crash or a lost webhook left open are settled
// (payments/settle.ts, payments/refunds.ts); the mail this run queued is sent
// (retries are the per-minute cron's, jobs/outbox.ts); photo files a crash
// left without a row leave R2 (photos/unclaimed.ts); and erased members'
// customers the payment provider did not delete yet are asked again
// (privacy/provider-erasure.ts).
import type { RequestContext } from "#app/context.ts";
import { purgeDeletedAccounts } from "#app/server/accounts/deletion.ts";
import { forgetOldLoginAttempts } from "#app/server/accounts/login.ts";
import { forgetOldCachePurges } from "#app/server/cdn/purge.ts";
import { SimulatedCrash } from "#app/server/crash-points.ts";
import { forgetOldDailyCounts } from "#app/server/limits/daily-counts.ts";
import { errorFields } from "#app/server/log.ts";
import { deliverQueuedMail, forgetOldMail } from "#app/server/mail/outbox.ts";
import { forgetOldNotifications } from "#app/server/notifications/recipients.ts";
import { runScheduledNotifications } from "#app/server/notifications/scheduled.ts";
import { forgetEndedOperatorSessions } from "#app/server/operators/session.ts";
import { settleRefundRequests } from "#app/server/payments/refunds.ts";
import { settleOpenPayments } from "#app/server/payments/settle.ts";
import { settleUnclaimedFiles } from "#app/server/photos/unclaimed.ts";
import { settleProviderErasures } from "#app/server/privacy/provider-erasure.ts";
import { forgetOldPageEvents } from "#app/server/site/page-events.ts";
import { forgetOldSms } from "#app/server/sms/outbox.ts";

type HourlyContext = Pick<RequestContext, "db" | "env" | "log" | "now">;

/**
 * Runs one task of the hour; a task that fails is logged and tried again next
 * hour, and holds back none of the others (a stuck erasure must not stop
 * payments from settling). A simulated crash stops the run, as a real one would.
 */
async function task<T>(app: HourlyContext, name: string, run: () => Promise<T>): Promise<T | "failed"> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SimulatedCrash) throw error;
    app.log.error(`hourly task failed: ${name}`, errorFields(error));
    return "failed";
  }
}

export async function runHourly(app: HourlyContext) {
  const now = app.now();
  const accounts = await task(app, "purge deleted accounts", () => purgeDeletedAccounts(app, now));
  await task(app, "forget old login attempts", () => forgetOldLoginAttempts(app, now));
  await task(app, "forget old daily counts", () => forgetOldDailyCounts(app, now));
  await task(app, "forget old texts", () => forgetOldSms(app, now));
  await task(app, "forget old mail", () => forgetOldMail(app, now));
  await task(app, "forget old page events", () => forgetOldPageEvents(app, now));
  await task(app, "forget old notifications", () => forgetOldNotifications(app, now));
  await task(app, "forget ended console sessions", () => forgetEndedOperatorSessions(app, now));
  await task(app, "forget old cache purges", () => forgetOldCachePurges(app, now));
  const notifications = await task(app, "scheduled notifications", () => runScheduledNotifications(app));
  // Before the mail: a refund finished here sends its mail in this run.
  const payments = await task(app, "settle open payments", () => settleOpenPayments(app, now));
  const refunds = await task(app, "settle refund requests", () => settleRefundRequests(app, now));
  const mail = await task(app, "deliver queued mail", () => deliverQueuedMail(app, { limit: 500 }));
  const orphanFiles = await task(app, "settle unclaimed files", () => settleUnclaimedFiles(app, now));
  const providerErasures = await task(app, "erase at payment providers", () => settleProviderErasures(app, now));
  return { accounts, notifications, payments, refunds, mail, orphanFiles, providerErasures };
}
