// Cron entry: the same request context as a request, minus the visitor. The
// run's "now" is the time the cron was scheduled for, so a run that starts
// late still decides daytime and weeks for its own hour (and tests inject it).

import { createDb } from "#app/server/db/client.ts";
import { runHourly } from "#app/server/jobs/hourly.ts";
import { createLogger } from "#app/server/log.ts";

export async function scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext) {
  const log = createLogger(`cron:${controller.cron}:${controller.scheduledTime}`);
  const now = () => controller.scheduledTime;
  ctx.waitUntil(
    runHourly({ db: createDb(env.DB), env, log, now }).then(
      (result) => log.info("hourly job done", result),
      (error: unknown) => log.error("hourly job failed", { error: String(error) }),
    ),
  );
}
