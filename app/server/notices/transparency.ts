// The transparency figures for a period: notices by category, decisions by
// kind and ground (and how many were automated), appeals by outcome, and the
// median time from a notice (or an appeal) to its decision. One function
// computes them; the console page, its CSV and its JSON show the same numbers.
// A period is whole UTC days, `from` to `to` inclusive; by default the last
// full calendar month.
import { and, count, gte, lt, sql } from "drizzle-orm";
import { appealStatuses, decisionGrounds, decisionKinds, noticeCategories } from "#app/schemas/enums.ts";
import { DAY } from "#app/server/accounts/tokens.ts";
import { appeals, decisions, notices } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { authorize } from "#app/server/operators/roles.ts";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The period asked for, or the last full calendar month before `now`. */
export function transparencyPeriod(now: number, asked: { from?: string | null; to?: string | null }) {
  if (asked.from || asked.to) {
    const { from, to } = asked;
    if (!from || !to || !ISO_DAY.test(from) || !ISO_DAY.test(to)) throw new DomainError("invalid_input");
    if (Number.isNaN(dayStart(from)) || Number.isNaN(dayStart(to)) || dayStart(to) < dayStart(from)) {
      throw new DomainError("invalid_input");
    }
    return { from, to };
  }
  const today = new Date(now);
  const firstOfMonth = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
  const lastMonth = new Date(firstOfMonth - DAY);
  return {
    from: isoDay(Date.UTC(lastMonth.getUTCFullYear(), lastMonth.getUTCMonth(), 1)),
    to: isoDay(firstOfMonth - DAY),
  };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const hours = (ms: number | null) => (ms === null ? null : Math.round((ms / 3_600_000) * 10) / 10);

function tally<K extends string>(keys: readonly K[], rows: { key: string; n: number }[]): Record<K, number> {
  const out = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const row of rows) if (row.key in out) out[row.key as K] += row.n;
  return out;
}

export type TransparencyFigures = Awaited<ReturnType<typeof transparencyFigures>>;

export async function transparencyFigures(app: OperatorContext, period: { from: string; to: string }) {
  authorize(app.operator, "transparency.export");
  const start = dayStart(period.from);
  const end = dayStart(period.to) + DAY;
  const within = (column: typeof notices.createdAt | typeof decisions.createdAt | typeof appeals.createdAt) =>
    and(gte(column, start), lt(column, end));

  const [noticeRows, decisionRows, appealRows, noticesDecided, appealsDecided] = await Promise.all([
    app.db
      .select({ key: notices.category, n: count() })
      .from(notices)
      .where(within(notices.createdAt))
      .groupBy(notices.category),
    app.db
      .select({ kind: decisions.kind, ground: decisions.ground, automated: decisions.automated, n: count() })
      .from(decisions)
      .where(within(decisions.createdAt))
      .groupBy(decisions.kind, decisions.ground, decisions.automated),
    app.db
      .select({ key: appeals.status, n: count() })
      .from(appeals)
      .where(within(appeals.createdAt))
      .groupBy(appeals.status),
    app.db
      .select({ took: sql<number>`${notices.decidedAt} - ${notices.createdAt}`, decisionId: notices.decisionId })
      .from(notices)
      .where(and(gte(notices.decidedAt, start), lt(notices.decidedAt, end))),
    app.db
      .select({ took: sql<number>`${appeals.decidedAt} - ${appeals.createdAt}` })
      .from(appeals)
      .where(and(gte(appeals.decidedAt, start), lt(appeals.decidedAt, end))),
  ]);

  const kinds = decisionRows.map((r) => ({ key: r.kind, n: r.n }));
  const grounds = decisionRows.map((r) => ({ key: r.ground, n: r.n }));
  const byCategory = tally(noticeCategories, noticeRows);
  return {
    period,
    notices: {
      total: noticeRows.reduce((sum, r) => sum + r.n, 0),
      byCategory,
      decided: noticesDecided.length,
      // Closed without a decision row: the content was already gone, the notice closed automatically.
      closedAutomatically: noticesDecided.filter((n) => n.decisionId === null).length,
      medianHoursToDecision: hours(median(noticesDecided.map((n) => n.took))),
    },
    decisions: {
      total: decisionRows.reduce((sum, r) => sum + r.n, 0),
      automated: decisionRows.filter((r) => r.automated).reduce((sum, r) => sum + r.n, 0),
      byKind: tally(decisionKinds, kinds),
      byGround: tally(decisionGrounds, grounds),
    },
    appeals: {
      total: appealRows.reduce((sum, r) => sum + r.n, 0),
      byOutcome: tally(appealStatuses, appealRows),
      medianHoursToDecision: hours(median(appealsDecided.map((a) => a.took))),
    },
  };
}

/** The same figures as rows of CSV: section, item, value (an empty value where there is none). */
export function transparencyCsv(figures: TransparencyFigures) {
  const rows: (string | number | null)[][] = [
    ["section", "item", "value"],
    ["period", "from", figures.period.from],
    ["period", "to", figures.period.to],
    ["notices", "total", figures.notices.total],
    ...Object.entries(figures.notices.byCategory).map(([k, n]) => ["notices_by_category", k, n]),
    ["notices", "decided", figures.notices.decided],
    ["notices", "closed_automatically", figures.notices.closedAutomatically],
    ["notices", "median_hours_to_decision", figures.notices.medianHoursToDecision],
    ["decisions", "total", figures.decisions.total],
    ["decisions", "automated", figures.decisions.automated],
    ...Object.entries(figures.decisions.byKind).map(([k, n]) => ["decisions_by_kind", k, n]),
    ...Object.entries(figures.decisions.byGround).map(([k, n]) => ["decisions_by_ground", k, n]),
    ["appeals", "total", figures.appeals.total],
    ...Object.entries(figures.appeals.byOutcome).map(([k, n]) => ["appeals_by_outcome", k, n]),
    ["appeals", "median_hours_to_decision", figures.appeals.medianHoursToDecision],
  ];
  return `${rows.map((row) => row.map((cell) => (cell === null ? "" : String(cell))).join(",")).join("\r\n")}\r\n`;
}
