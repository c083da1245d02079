// The per-minute cron's share of broadcasts: the batches a console request
// did not send. Bounded per run so a run stays well inside a Worker's limits
// (3 batches of 40: some 7,000 members an hour); a failure is logged and the
// next minute continues where this one stopped.
import type { RequestContext } from "#app/context.ts";
import { continueUnfinishedBroadcasts } from "#app/server/broadcasts/progress.ts";
import { errorFields } from "#app/server/log.ts";

type BroadcastsJobContext = Pick<RequestContext, "db" | "env" | "log" | "now">;

const BATCHES_PER_RUN = 3;

export async function runBroadcasts(app: BroadcastsJobContext) {
  return continueUnfinishedBroadcasts(app, { batches: BATCHES_PER_RUN }).catch((error: unknown) => {
    app.log.error("broadcasts task failed", errorFields(error));
    return "failed" as const;
  });
}
