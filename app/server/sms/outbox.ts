// Text messages (direct-debit codes) through a durable outbox: the row is
// written first, then delivered right after the request (waitUntil) and every
// minute by cron, through Twilio in production or, locally, the outbox itself
// (read at /dev/mail). A code lives 10 minutes, so a text Twilio does not take
// is retried within seconds to a couple of minutes (outbox/queue.ts). Only a
// text claimed against the day's limits can be queued (allowance.ts). The
// hourly job forgets texts sent or given up a month ago.
import { desc } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { translator } from "#app/i18n/i18next.server.ts";
import { appConfig } from "#app/server/config/env.ts";
import type { Database } from "#app/server/db/client.ts";
import { smsOutbox } from "#app/server/db/schema.ts";
import { errorFields } from "#app/server/log.ts";
import { forgetDelivered } from "#app/server/outbox/kept.ts";
import { deliverDue, type RetryPolicy } from "#app/server/outbox/queue.ts";
import type { ClaimedText } from "./allowance.ts";
import { type SmsSender, twilioSender } from "./twilio.ts";

const SECOND = 1000;
const SMS_TIMEOUT_MS = 10 * SECOND;

/** 10 s, 20 s, 40 s, 80 s, then 2 min; given up after 6 attempts, about 5 minutes in. */
const SMS_RETRY: RetryPolicy = {
  firstDelayMs: 10 * SECOND,
  maxDelayMs: 120 * SECOND,
  maxAttempts: 6,
  // Longer than one request may take (its time-out).
  leaseMs: 60 * SECOND,
};

const outboxSender: SmsSender = { name: "outbox", dropsText: false, send: async () => ({ providerId: null }) };

type SmsContext = Pick<RequestContext, "db" | "env" | "now" | "locale" | "log"> & Partial<Pick<RequestContext, "ctx">>;

/** Queues the claimed text, then sends it after the response (or before returning, without a request). */
export async function queueSms(
  app: SmsContext,
  claimed: ClaimedText,
  template: "directDebitCode",
  params: Record<string, string>,
) {
  const text = translator(app.locale)(`payments:sms.${template}`, params);
  const now = app.now();
  await app.db.insert(smsOutbox).values({ to: claimed.to, text, createdAt: now, nextAttemptAt: now });
  const delivery = deliverQueuedSms(app).catch((error: unknown) =>
    app.log.error("sms delivery failed", errorFields(error)),
  );
  if (app.ctx) app.ctx.waitUntil(delivery);
  else await delivery;
}

/** Sends the texts that are due, longest waiting first; a failing text waits for its retry. */
export async function deliverQueuedSms(
  app: Pick<RequestContext, "db" | "env" | "log" | "now">,
  options: { limit?: number; timeoutMs?: number } = {},
): Promise<{ sent: number; retrying: number; failed: number }> {
  let sender: SmsSender;
  try {
    const config = appConfig(app.env).sms;
    sender = config.provider === "twilio" ? twilioSender(config, options.timeoutMs ?? SMS_TIMEOUT_MS) : outboxSender;
  } catch (error) {
    // Misconfiguration: the texts wait, to go out once it is fixed.
    app.log.error("sms provider not usable", errorFields(error));
    return { sent: 0, retrying: 0, failed: 0 };
  }

  return deliverDue(
    app,
    {
      table: smsOutbox,
      policy: SMS_RETRY,
      what: "sms",
      fields: (row) => ({ smsId: row.id, provider: sender.name }),
      send: (row) => sender.send({ to: row.to, body: row.text }),
      clearedOnSend: sender.dropsText ? { text: "" } : {},
    },
    options.limit ?? 20,
  );
}

/** The hourly job: texts sent or given up more than 30 days ago leave the outbox (queued ones stay). */
export function forgetOldSms(app: Pick<RequestContext, "db">, now: number) {
  return forgetDelivered(app.db, smsOutbox, now);
}

/** The newest texts: what the dev-only mailbox page lists below the mails. */
export function listSmsOutbox(db: Database, limit = 20) {
  return db
    .select({ id: smsOutbox.id, to: smsOutbox.to, text: smsOutbox.text, createdAt: smsOutbox.createdAt })
    .from(smsOutbox)
    .orderBy(desc(smsOutbox.id))
    .limit(limit);
}
