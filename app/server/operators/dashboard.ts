// The console's dashboard: per day and per domain for the last 30
// days — signups, activations, first purchases, revenue (per currency) and
// messages — each one GROUP BY query over D1. Days are UTC days.
//
// Index use: revenue reads payments_status_idx (status, created_at); the others
// scan their table's rows of the period (indexes on users(signup_date),
// users(confirmed_at) and message_index(created_at) would make them range reads).
import { sql } from "drizzle-orm";
import type { OperatorContext } from "./context.ts";
import { authorize } from "./roles.ts";

const DAY = 86_400_000;
export const DASHBOARD_DAYS = 30;

export const dashboardMetrics = ["signups", "activations", "firstPurchases", "messages"] as const;
export type DashboardMetric = (typeof dashboardMetrics)[number];

type Row = { domain: string; day: number; n: number };
type RevenueRow = Row & { currency: string };

export async function dashboard(app: OperatorContext, options: { domain?: string | null } = {}) {
  authorize(app.operator, "dashboard.view");
  const today = Math.floor(app.now() / DAY);
  const firstDay = today - DASHBOARD_DAYS + 1;
  const since = firstDay * DAY;
  // Raw SQL reads are not batch items in Drizzle's D1 driver: five reads side by side.
  const [signups, activations, firstPurchases, messages, revenue] = await Promise.all([
    app.db.all<Row>(sql`select domain, signup_date / ${DAY} as day, count(*) as n from users
      where signup_date >= ${since} group by domain, day`),
    app.db.all<Row>(sql`select domain, confirmed_at / ${DAY} as day, count(*) as n from users
      where confirmed_at >= ${since} group by domain, day`),
    app.db.all<Row>(sql`select domain, first / ${DAY} as day, count(*) as n from (
        select user_id, domain, min(created_at) as first from payments
        where status in ('paid', 'refunded') group by user_id
      ) where first >= ${since} group by domain, day`),
    app.db.all<Row>(sql`select u.domain as domain, m.created_at / ${DAY} as day, count(*) as n
      from message_index m join users u on u.id = m.sender_id
      where m.created_at >= ${since} group by u.domain, day`),
    app.db.all<RevenueRow>(sql`select domain, currency, created_at / ${DAY} as day, sum(amount_cents) as n
      from payments where status = 'paid' and created_at >= ${since} group by domain, currency, day`),
  ]);

  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) =>
    new Date((firstDay + i) * DAY).toISOString().slice(0, 10),
  );
  const all = [signups, activations, firstPurchases, messages, revenue] as Row[][];
  const domains = [...new Set(all.flat().map((r) => r.domain))].sort();
  const wanted = (row: Row) => !options.domain || row.domain === options.domain;
  const perDay = (rows: Row[]) => {
    const values = new Array<number>(DASHBOARD_DAYS).fill(0);
    for (const row of rows) {
      const index = Number(row.day) - firstDay;
      if (wanted(row) && index >= 0 && index < DASHBOARD_DAYS) values[index]! += Number(row.n);
    }
    return values;
  };
  const byDomain = (rows: Row[]) => {
    const totals: Record<string, number> = {};
    for (const row of rows) totals[row.domain] = (totals[row.domain] ?? 0) + Number(row.n);
    return totals;
  };
  const currencies = [...new Set((revenue as RevenueRow[]).map((r) => r.currency))].sort();
  return {
    days,
    domains,
    domain: options.domain ?? null,
    series: {
      signups: perDay(signups as Row[]),
      activations: perDay(activations as Row[]),
      firstPurchases: perDay(firstPurchases as Row[]),
      messages: perDay(messages as Row[]),
    } satisfies Record<DashboardMetric, number[]>,
    /** Cents per day, per currency. */
    revenue: Object.fromEntries(
      currencies.map((currency) => [
        currency,
        perDay((revenue as RevenueRow[]).filter((r) => r.currency === currency)),
      ]),
    ),
    totalsByDomain: {
      signups: byDomain(signups as Row[]),
      activations: byDomain(activations as Row[]),
      firstPurchases: byDomain(firstPurchases as Row[]),
      messages: byDomain(messages as Row[]),
    },
  };
}

export type Dashboard = Awaited<ReturnType<typeof dashboard>>;
