// A broadcast once sent: stored in `broadcasts` with its audit row (one D1
// batch, once per key), then continued batch by batch — the first in the
// console's request, the rest by the per-minute job — until everyone in its
// audience had it. The notification log keeps each member to one mail, so a
// request and the job working on the same broadcast at once are harmless.
// `sent` counts members reached, each once, and stops at the audience counted
// when it was sent: a member who came into the audience later (an address
// confirmed, a kind of mail switched back on) still gets it.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { defaultLocale } from "#app/i18n/locales.ts";
import { auditLog, broadcasts } from "#app/server/db/schema.ts";
import { type Broadcast, type BroadcastAudience, sendBroadcastBatch } from "#app/server/notifications/broadcast.ts";
import type { NotifyContext } from "#app/server/notifications/deliver.ts";
import { auditStatementIf } from "#app/server/operators/audit.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { authorize } from "#app/server/operators/roles.ts";
import type { LocalizedText } from "#app/server/settings/schema.ts";

/** Members per batch: what one request comfortably handles. */
const BATCH = 40;

type StoredBroadcast = typeof broadcasts.$inferSelect;

const broadcastOfRow = (row: StoredBroadcast): Broadcast => ({
  type: row.kind,
  key: row.key,
  domain: row.domain,
  headline: row.headline,
  text: row.text,
  path: row.path,
  audience: row.audience as BroadcastAudience,
});

/** Words as stored: one per language (a single text is the default language's). */
const perLocale = (words: LocalizedText) =>
  typeof words === "string" ? { [defaultLocale]: words } : (words as Record<string, string>);

/** Stores the broadcast and its audit row together; a key stored before changes nothing. */
export async function storeBroadcast(app: OperatorContext, broadcast: Broadcast, audienceSize: number) {
  authorize(app.operator, "broadcasts.send");
  await app.db.batch([
    app.db
      .insert(broadcasts)
      .values({
        key: broadcast.key,
        operatorId: app.operator.id,
        kind: broadcast.type,
        domain: broadcast.domain,
        audience: { ...broadcast.audience },
        headline: perLocale(broadcast.headline),
        text: perLocale(broadcast.text),
        path: broadcast.path,
        audienceSize,
        createdAt: app.now(),
      })
      .onConflictDoNothing(),
    auditStatementIf(
      app,
      app.operator,
      {
        action: "broadcast.send",
        targetType: "broadcast",
        targetId: broadcast.key,
        after: {
          kind: broadcast.type,
          domain: broadcast.domain,
          audience: broadcast.audience ?? {},
          members: audienceSize,
          subject: broadcast.headline,
        },
      },
      sql`not exists (select 1 from ${auditLog} where ${and(
        eq(auditLog.action, "broadcast.send"),
        eq(auditLog.targetId, broadcast.key),
      )})`,
    ),
  ]);
}

/** Sends up to `batches` batches of a stored broadcast, counting what went out and marking it finished. */
export async function continueBroadcast(app: NotifyContext, row: StoredBroadcast, batches: number) {
  const broadcast = broadcastOfRow(row);
  let sent = 0;
  for (let i = 0; i < batches; i++) {
    const batch = await sendBroadcastBatch(app, broadcast, { limit: BATCH });
    sent += batch.sent;
    await app.db
      .update(broadcasts)
      .set({
        sent: sql`min(${broadcasts.sent} + ${batch.sent}, ${broadcasts.audienceSize})`,
        ...(batch.more ? {} : { finishedAt: sql`coalesce(${broadcasts.finishedAt}, ${app.now()})` }),
      })
      .where(eq(broadcasts.key, row.key));
    if (!batch.more) return { sent, finished: true, batches: i + 1 };
  }
  return { sent, finished: false, batches };
}

export async function loadBroadcast(app: Pick<NotifyContext, "db">, key: string) {
  const [row] = await app.db.select().from(broadcasts).where(eq(broadcasts.key, key));
  return row ?? null;
}

/** The per-minute job's share: at most `batches` batches over the unfinished broadcasts, oldest first. */
export async function continueUnfinishedBroadcasts(app: NotifyContext, options: { batches: number }) {
  const unfinished = await app.db
    .select()
    .from(broadcasts)
    .where(isNull(broadcasts.finishedAt))
    .orderBy(broadcasts.createdAt)
    .limit(options.batches);
  let left = options.batches;
  let sent = 0;
  let finished = 0;
  for (const row of unfinished) {
    if (left <= 0) break;
    const result = await continueBroadcast(app, row, left);
    sent += result.sent;
    if (result.finished) finished++;
    left -= result.batches;
  }
  return { broadcasts: unfinished.length, sent, finished };
}

/** The console's list: the latest broadcasts, how many of their audience had them, and whether they are done. */
export async function recentBroadcasts(app: OperatorContext, limit = 10) {
  authorize(app.operator, "broadcasts.send");
  return app.db
    .select({
      key: broadcasts.key,
      kind: broadcasts.kind,
      domain: broadcasts.domain,
      headline: broadcasts.headline,
      audienceSize: broadcasts.audienceSize,
      sent: broadcasts.sent,
      createdAt: broadcasts.createdAt,
      finishedAt: broadcasts.finishedAt,
    })
    .from(broadcasts)
    .orderBy(desc(broadcasts.createdAt))
    .limit(limit);
}
