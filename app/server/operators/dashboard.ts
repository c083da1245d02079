// The console's dashboard: per day and per domain for the last 30
// days — signups, activations, first purchases, revenue (per currency) and
// messages — five queries in one D1 batch. Days are UTC days.
// Revenue goes only to the roles that may see payments (admin, support).
//
// Messages come from the daily totals their conversations' summaries keep
// (daily-totals.ts): a month of rows per domain, however many messages.
// Index use: revenue reads payments_status_idx (status, created_at); signups,
// activations and first purchases scan their table's rows of the period
// (indexes on users(signup_date) and users(confirmed_at) would make them range reads).
import { and, count, eq, gte, inArray, min, sql, sum } from "drizzle-orm";
import type { DashboardMetric } from "#app/schemas/dashboard.ts";
import { dailyTotals, payments, users } from "#app/server/db/schema.ts";
import type { OperatorContext } from "./context.ts";
import { DAY, utcDay } from "./daily-totals.ts";
import { authorize, can } from "./roles.ts";

const DASHBOARD_DAYS = 30;

type Row = { domain: string; day: number; n: number };

export async function dashboard(app: OperatorContext, options: { domain?: string | null } = {}) {
  authorize(app.operator, "dashboard.view");
  const today = Math.floor(app.now() / DAY);
  const firstDay = today - DASHBOARD_DAYS + 1;
  const since = firstDay * DAY;
  const { db } = app;

  const signupDay = utcDay(users.signupDate);
  const activationDay = utcDay(users.confirmedAt);
  // Each buyer's first paid (or since refunded) payment; SQLite takes the bare
  // domain from the row min() picked, so it is that payment's domain.
  const first = db
    .select({ userId: payments.userId, domain: payments.domain, at: min(payments.createdAt).as("first_at") })
    .from(payments)
    .where(inArray(payments.status, ["paid", "refunded"]))
    .groupBy(payments.userId)
    .as("first_payments");
  const firstDayOf = utcDay(first.at);
  const paymentDay = utcDay(payments.createdAt);

  // Revenue is money: only roles that may see payments get it (and its query).
  const seesRevenue = can(app.operator.role, "payments.view");
  const [signups, activations, firstPurchases, messages, paid] = await db.batch([
    db
      .select({ domain: users.domain, day: signupDay, n: count() })
      .from(users)
      .where(gte(users.signupDate, since))
      .groupBy(users.domain, signupDay),
    db
      .select({ domain: users.domain, day: activationDay, n: count() })
      .from(users)
      .where(gte(users.confirmedAt, since))
      .groupBy(users.domain, activationDay),
    db
      .select({ domain: first.domain, day: firstDayOf, n: count() })
      .from(first)
      .where(gte(first.at, since))
      .groupBy(first.domain, firstDayOf),
    db
      .select({ domain: dailyTotals.domain, day: dailyTotals.day, n: dailyTotals.n })
      .from(dailyTotals)
      .where(and(eq(dailyTotals.metric, "messages"), gte(dailyTotals.day, firstDay))),
    db
      .select({
        domain: payments.domain,
        currency: payments.currency,
        day: paymentDay,
        n: sum(payments.amountCents).mapWith(Number),
      })
      .from(payments)
      // Never true for the others: the query reads nothing for them.
      .where(and(seesRevenue ? undefined : sql`0`, eq(payments.status, "paid"), gte(payments.createdAt, since)))
      .groupBy(payments.domain, payments.currency, paymentDay),
  ]);
  const revenue = seesRevenue ? paid : [];

  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) =>
    new Date((firstDay + i) * DAY).toISOString().slice(0, 10),
  );
  const all: Row[][] = [signups, activations, firstPurchases, messages, revenue];
  const domains = [...new Set(all.flat().map((r) => r.domain))].sort();
  const wanted = (row: Row) => !options.domain || row.domain === options.domain;
  const perDay = (rows: Row[]) => {
    const values = new Array<number>(DASHBOARD_DAYS).fill(0);
    for (const row of rows) {
      const index = row.day - firstDay;
      if (wanted(row) && index >= 0 && index < DASHBOARD_DAYS) values[index]! += row.n;
    }
    return values;
  };
  const byDomain = (rows: Row[]) => {
    const totals: Record<string, number> = {};
    for (const row of rows) totals[row.domain] = (totals[row.domain] ?? 0) + row.n;
    return totals;
  };
  const currencies = [...new Set(revenue.map((r) => r.currency))].sort();
  return {
    days,
    domains,
    domain: options.domain ?? null,
    series: {
      signups: perDay(signups),
      activations: perDay(activations),
      firstPurchases: perDay(firstPurchases),
      messages: perDay(messages),
    } satisfies Record<DashboardMetric, number[]>,
    /** Cents per day, per currency. */
    revenue: Object.fromEntries(
      currencies.map((currency) => [currency, perDay(revenue.filter((r) => r.currency === currency))]),
    ),
    totalsByDomain: {
      signups: byDomain(signups),
      activations: byDomain(activations),
      firstPurchases: byDomain(firstPurchases),
      messages: byDomain(messages),
    },
  };
}

export type Dashboard = Awaited<ReturnType<typeof dashboard>>;
