// The console's dashboard: per day and per domain for the last 30
// days — signups, activations, first purchases, revenue (per currency) and
// messages — five GROUP BY queries in one D1 batch. Days are UTC days.
// Revenue goes only to the roles that may see payments (admin, support).
//
// Index use: revenue reads payments_status_idx (status, created_at); the others
// scan their table's rows of the period (indexes on users(signup_date),
// users(confirmed_at) and message_index(created_at) would make them range reads).
import { and, count, eq, gte, inArray, min, type SQL, sql, sum } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { DashboardMetric } from "#app/schemas/dashboard.ts";
import { messageIndex, payments, users } from "#app/server/db/schema.ts";
import type { OperatorContext } from "./context.ts";
import { authorize, can } from "./roles.ts";

const DAY = 86_400_000;
const DASHBOARD_DAYS = 30;

type Row = { domain: string; day: number; n: number };

// DAY is written into the SQL, not bound: D1 binds JS numbers as REAL, and a
// REAL divisor would give fractional days, one group per row instead of per day.
/** The UTC day number of a millisecond time. */
const dayOf = (time: SQLiteColumn | SQL.Aliased<number | null>) =>
  sql<number>`${time} / ${sql.raw(String(DAY))}`.mapWith(Number);

export async function dashboard(app: OperatorContext, options: { domain?: string | null } = {}) {
  authorize(app.operator, "dashboard.view");
  const today = Math.floor(app.now() / DAY);
  const firstDay = today - DASHBOARD_DAYS + 1;
  const since = firstDay * DAY;
  const { db } = app;

  const signupDay = dayOf(users.signupDate);
  const activationDay = dayOf(users.confirmedAt);
  // Each buyer's first paid (or since refunded) payment; SQLite takes the bare
  // domain from the row min() picked, so it is that payment's domain.
  const first = db
    .select({ userId: payments.userId, domain: payments.domain, at: min(payments.createdAt).as("first_at") })
    .from(payments)
    .where(inArray(payments.status, ["paid", "refunded"]))
    .groupBy(payments.userId)
    .as("first_payments");
  const firstDayOf = dayOf(first.at);
  const messageDay = dayOf(messageIndex.createdAt);
  const paymentDay = dayOf(payments.createdAt);

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
      .select({ domain: users.domain, day: messageDay, n: count() })
      .from(messageIndex)
      .innerJoin(users, eq(users.id, messageIndex.senderId))
      .where(gte(messageIndex.createdAt, since))
      .groupBy(users.domain, messageDay),
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
