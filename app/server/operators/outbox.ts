// What the outboxes hold that is stuck, for the console: per channel the mail
// or texts overdue (due for minutes and no run took them: the cron or the
// provider's configuration is broken), being retried after a refusal, and
// given up (in the 30 days the outbox keeps it), with the latest error; and a retry of one stuck row, recorded in
// the audit trail. A text's body is never shown: it holds a code.
import { and, desc, eq, inArray, isNotNull, lte, or, type SQL, sql } from "drizzle-orm";
import { mailOutbox, smsOutbox } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { errorFields } from "#app/server/log.ts";
import { deliverQueuedMail } from "#app/server/mail/outbox.ts";
import { KEPT_FOR_MS, stillKept } from "#app/server/outbox/kept.ts";
import { deliverQueuedSms } from "#app/server/sms/outbox.ts";
import { auditStatementIf } from "./audit.ts";
import type { OperatorContext } from "./context.ts";
import { authorize } from "./roles.ts";

/** The per-minute cron takes a due row within a minute or two; later than this, it is stuck. */
const OVERDUE_MS = 5 * 60_000;
const LIST_LIMIT = 50;

export type Channel = "mail" | "sms";
type StuckState = "failed" | "overdue" | "retrying";
const tables = { mail: mailOutbox, sms: smsOutbox } as const;
const stateOrder: StuckState[] = ["failed", "overdue", "retrying"];

function conditions(channel: Channel, now: number) {
  const t = tables[channel];
  const queued = eq(t.status, "queued");
  const overdue = and(queued, lte(t.nextAttemptAt, now - OVERDUE_MS)) as SQL;
  const retrying = and(queued, sql`${t.nextAttemptAt} > ${now - OVERDUE_MS}`, isNotNull(t.lastError)) as SQL;
  // Given up within the 30 days the hourly job keeps it: what the page lists is what is there.
  const failed = and(eq(t.status, "failed"), stillKept(t, now)) as SQL;
  return { t, overdue, retrying, failed, stuck: or(failed, overdue, retrying) as SQL };
}

async function summary(app: OperatorContext, channel: Channel, now: number) {
  const { t, overdue, retrying, failed } = conditions(channel, now);
  const count = (condition: SQL) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
  const [counts] = await app.db
    .select({ overdue: count(overdue), retrying: count(retrying), failed: count(failed) })
    .from(t)
    .where(inArray(t.status, ["queued", "failed"]));
  const [latest] = await app.db
    .select({ error: t.lastError })
    .from(t)
    .where(and(inArray(t.status, ["queued", "failed"]), isNotNull(t.lastError)))
    .orderBy(desc(t.id))
    .limit(1);
  return {
    overdue: Number(counts?.overdue ?? 0),
    retrying: Number(counts?.retrying ?? 0),
    failed: Number(counts?.failed ?? 0),
    latestError: latest?.error ?? null,
  };
}

async function stuckRows(app: OperatorContext, channel: Channel, now: number) {
  const { t, overdue, failed, stuck } = conditions(channel, now);
  const rows = await app.db
    .select({
      id: t.id,
      to: t.to,
      // What it is: a mail's subject; texts are all direct-debit codes.
      subject: channel === "mail" ? mailOutbox.subject : sql<string>`''`,
      attempts: t.attempts,
      nextAttemptAt: t.nextAttemptAt,
      lastError: t.lastError,
      createdAt: t.createdAt,
      state: sql<StuckState>`case when ${failed} then 'failed' when ${overdue} then 'overdue' else 'retrying' end`,
    })
    .from(t)
    .where(stuck)
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(LIST_LIMIT);
  return rows.map((row) => ({ channel, ...row }));
}

export async function outboxOverview(app: OperatorContext) {
  authorize(app.operator, "outbox.handle");
  const now = app.now();
  const [mail, sms, stuckMail, stuckSms] = await Promise.all([
    summary(app, "mail", now),
    summary(app, "sms", now),
    stuckRows(app, "mail", now),
    stuckRows(app, "sms", now),
  ]);
  const stuck = [...stuckMail, ...stuckSms].sort(
    (a, b) => stateOrder.indexOf(a.state) - stateOrder.indexOf(b.state) || b.createdAt - a.createdAt,
  );
  return { mail, sms, stuck, overdueAfterMs: OVERDUE_MS, keptForDays: KEPT_FOR_MS / 86_400_000 };
}

/** Sends a failed or overdue mail or text again, with a fresh set of attempts, starting now. */
export async function retryDelivery(app: OperatorContext, input: { channel: Channel; id: number }) {
  authorize(app.operator, "outbox.handle");
  const now = app.now();
  const { t, overdue, failed } = conditions(input.channel, now);
  const [row] = await app.db
    .select({ status: t.status, attempts: t.attempts, lastError: t.lastError })
    .from(t)
    .where(eq(t.id, input.id));
  if (!row) throw new DomainError("outbox_not_found");
  const [changed] = await app.db.batch([
    app.db
      .update(t as typeof mailOutbox)
      .set({ status: "queued", attempts: 0, nextAttemptAt: now })
      .where(and(eq(t.id, input.id), or(failed, overdue))),
    auditStatementIf(
      app,
      app.operator,
      {
        action: `${input.channel}.retry`,
        targetType: input.channel,
        targetId: input.id,
        before: row,
        after: { status: "queued", attempts: 0 },
      },
      sql`changes() > 0`,
    ),
  ]);
  if ((changed as D1Result).meta.changes === 0) throw new DomainError("outbox_not_stuck");
  const deliver = input.channel === "mail" ? deliverQueuedMail : deliverQueuedSms;
  app.ctx.waitUntil(
    deliver(app, { limit: 10 }).catch((error: unknown) =>
      app.log.error(`${input.channel} delivery failed`, errorFields(error)),
    ),
  );
}
