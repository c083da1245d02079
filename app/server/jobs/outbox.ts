// The per-minute cron (wrangler.toml [triggers]): whatever the outboxes hold
// that is due goes out: texts first (their codes expire in minutes), then mail,
// then the cache purges of photos that stopped being public (cdn/purge.ts).
// Delivery right after a change (waitUntil) usually got there first; this run
// takes the retries and whatever a cut-off request left behind.
import type { RequestContext } from "#app/context.ts";
import { deliverCachePurges } from "#app/server/cdn/purge.ts";
import { errorFields } from "#app/server/log.ts";
import { deliverQueuedMail } from "#app/server/mail/outbox.ts";
import { deliverQueuedSms } from "#app/server/sms/outbox.ts";

type OutboxContext = Pick<RequestContext, "db" | "env" | "log" | "now">;

export async function runOutbox(app: OutboxContext) {
  const sms = await deliverQueuedSms(app, { limit: 100 }).catch((error: unknown) => {
    app.log.error("outbox task failed: sms", errorFields(error));
    return "failed" as const;
  });
  const mail = await deliverQueuedMail(app, { limit: 200 }).catch((error: unknown) => {
    app.log.error("outbox task failed: mail", errorFields(error));
    return "failed" as const;
  });
  const cachePurges = await deliverCachePurges(app, { limit: 50 }).catch((error: unknown) => {
    app.log.error("outbox task failed: cache purges", errorFields(error));
    return "failed" as const;
  });
  return { sms, mail, cachePurges };
}
