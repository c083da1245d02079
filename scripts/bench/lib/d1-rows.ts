import { type MessageRecord, recordMessage } from "#app/server/chat/send-message.ts";
import { writeSummary } from "#app/server/chat/summary.ts";
import { createDb } from "#app/server/db/client.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";

// Counts D1 rows read and written by the statements a piece of domain code runs:
// each statement is run once more with .all() to read D1's meta. Used by
// benchmarks only; the app itself never pays for this.
export function countingD1(d1: D1Database) {
  const totals = { rowsRead: 0, rowsWritten: 0, statements: 0 };
  const count = async (statement: D1PreparedStatement) => {
    const { meta } = await statement.all();
    totals.rowsRead += meta.rows_read ?? 0;
    totals.rowsWritten += meta.rows_written ?? 0;
    totals.statements += 1;
  };
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, prop, receiver) {
        if (prop === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        if (prop === "raw" || prop === "first") {
          return async (...args: unknown[]) => {
            await count(target);
            return (target[prop] as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        if (prop === "all" || prop === "run") {
          return async () => {
            const result = await target[prop]();
            totals.rowsRead += result.meta.rows_read ?? 0;
            totals.rowsWritten += result.meta.rows_written ?? 0;
            totals.statements += 1;
            return result;
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
  const db = new Proxy(d1, {
    get(target, prop, receiver) {
      if (prop === "prepare") return (query: string) => wrap(target.prepare(query));
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements);
          for (const r of results) {
            totals.rowsRead += r.meta.rows_read ?? 0;
            totals.rowsWritten += r.meta.rows_written ?? 0;
            totals.statements += 1;
          }
          return results;
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
  return { db, totals };
}

/**
 * D1 rows one paid message costs, counted the way the room spends them: the
 * one read before the acknowledgement (the send rules and the price; the
 * charge itself is the sender's wallet's), and the conversation's summary
 * behind it (written once per burst; counted here for this one message alone,
 * the most it can cost), with D1's copy of the sender's balance. The summary is
 * what the room would send after this message: the sender has read up to it,
 * the recipient has it unread, and the daily totals count it.
 */
export async function messageRows(env: Env, record: MessageRecord) {
  const d1 = env.DB;
  const hot = countingD1(d1);
  const now = Date.now();
  const app = { db: createDb(hot.db), env, settings: builtInSettings, now: () => now };
  const { wallet } = await recordMessage(app, record);
  // Newer than any summary the room wrote before, or D1 would rightly skip it (read outside the count).
  const { results } = await d1
    .prepare(
      "select coalesce(max(summary_version), 0) as version from conversation_participants where conversation_id = ?",
    )
    .bind(record.conversationId)
    .all<{ version: number }>();
  const last = { at: now, kind: record.kind, preview: record.preview, senderId: record.senderId };
  const behind = countingD1(d1);
  await writeSummary({ db: createDb(behind.db) }, record.conversationId, {
    version: (results[0]?.version ?? 0) + 1,
    upTo: record.seq,
    members: [
      {
        memberId: record.senderId,
        unread: 0,
        lastReadSeq: record.seq,
        last,
        lastIncomingAt: null,
        lastSentAt: now,
        unansweredSince: now,
      },
      {
        memberId: record.recipientId,
        unread: 1,
        lastReadSeq: record.seq - 1,
        last,
        lastIncomingAt: now,
        lastSentAt: null,
        unansweredSince: null,
      },
    ],
    messages: [{ seq: record.seq, senderId: record.senderId, createdAt: now }],
    balances: wallet ? [{ memberId: record.senderId, ...wallet }] : [],
  });
  return { hot: hot.totals, behind: behind.totals };
}
