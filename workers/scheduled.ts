// Cron entry: the same request context as a request, minus the visitor. The
// run's "now" is the time the cron was scheduled for, so a run that starts
// late still decides daytime and weeks for its own hour (and tests inject it).
// Each cron of wrangler.toml [triggers] has its own job.

import type { RequestContext } from "#app/context.ts";
import { replayMovements } from "#app/server/credits/movements.ts";
import { createDb } from "#app/server/db/client.ts";
import { runBroadcasts } from "#app/server/jobs/broadcasts.ts";
import { runHourly } from "#app/server/jobs/hourly.ts";
import { runOutbox } from "#app/server/jobs/outbox.ts";
import { createLogger, errorFields } from "#app/server/log.ts";

type MinuteContext = Pick<RequestContext, "db" | "env" | "log" | "now">;

/**
 * Mail and texts, and beside them the credit movements a crash left
 * unapplied (credits/movements.ts): each on its own, so a replay that fails
 * holds back no mail and mail that fails holds back no credits.
 */
async function runEveryMinute(app: MinuteContext) {
  const [delivered, movements] = await Promise.allSettled([deliver(app), replayMovements(app)]);
  if (movements.status === "rejected") app.log.error("credit movement replay failed", errorFields(movements.reason));
  if (delivered.status === "rejected") throw delivered.reason;
  return {
    ...delivered.value,
    ...(movements.status === "fulfilled" ? movements.value : { movementsReplayedFor: "failed" as const }),
  };
}

/** Broadcasts first: the mail their batches queue goes out in the same run. */
async function deliver(app: MinuteContext) {
  const broadcasts = await runBroadcasts(app);
  return { broadcasts, ...(await runOutbox(app)) };
}

const crons = {
  /** Every minute: broadcasts' next batches, then mail and texts that are due; credit movements left to replay. */
  "* * * * *": { name: "every minute", run: runEveryMinute },
  /** Every hour: housekeeping, settling, scheduled notifications. */
  "17 * * * *": { name: "hourly", run: runHourly },
} as const;

export async function scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext) {
  const log = createLogger(`cron:${controller.cron}:${controller.scheduledTime}`);
  const job = crons[controller.cron as keyof typeof crons];
  if (!job) {
    log.error("no job for this cron", { cron: controller.cron });
    return;
  }
  const now = () => controller.scheduledTime;
  ctx.waitUntil(
    job.run({ db: createDb(env.DB), env, log, now }).then(
      (result) => log.info(`${job.name} job done`, result),
      (error: unknown) => log.error(`${job.name} job failed`, errorFields(error)),
    ),
  );
}
