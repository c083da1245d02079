// What a member paid us, for the rules that protect them: the spending that
// makes them possibly vulnerable (paid in the last 30 days above the domain's
// vulnerable_spending_cents) and the monthly spending limit everyone has
// (monthly_spending_limit_cents, per calendar month in UTC). Paid means a
// payment whose status is paid, less what the payer's bank took back; a
// refunded or charged-back payment counts nothing. Towards the monthly limit
// a checkout still under way counts too, so two checkouts opened together
// cannot pass it.
import { and, eq, gt, gte, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Database } from "#app/server/db/client.ts";
import { payments } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import type { SiteSettings } from "#app/server/settings/schema.ts";

const DAY = 86_400_000;
/** The period the spending signal looks back over. */
export const SPENDING_WINDOW = 30 * DAY;
/** A checkout started less than this ago may still be paid: it counts towards the monthly limit. */
const CHECKOUT_UNDER_WAY = 3_600_000;
/** From this share of the monthly limit on, the credits page warns. */
const LIMIT_WARNING_SHARE = 0.8;

const paidCents = sql<number>`coalesce(sum(${payments.amountCents} - ${payments.chargedBackCents}), 0)`;

/** Cents a member paid since `since` (payments started from then on), in the currency they paid in. */
export async function paidSince(db: Database, memberId: number, since: number) {
  const [row] = await db
    .select({ cents: paidCents, currency: sql<string | null>`max(${payments.currency})` })
    .from(payments)
    .where(and(eq(payments.userId, memberId), eq(payments.status, "paid"), gte(payments.createdAt, since)));
  return { cents: Number(row?.cents ?? 0), currency: row?.currency ?? "EUR" };
}

/** The first moment of the calendar month (UTC) that holds `now`. */
const startOfMonth = (now: number) => {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
};

/** Cents counted towards this month's limit: paid, and checkouts that may still be paid. */
async function spentThisMonth(db: Database, memberId: number, now: number) {
  const [row] = await db
    .select({ cents: paidCents, currency: sql<string | null>`max(${payments.currency})` })
    .from(payments)
    .where(
      and(
        eq(payments.userId, memberId),
        gte(payments.createdAt, startOfMonth(now)),
        or(
          eq(payments.status, "paid"),
          and(eq(payments.status, "pending"), isNotNull(payments.providerRef)),
          and(inArray(payments.status, ["open", "pending"]), gt(payments.createdAt, now - CHECKOUT_UNDER_WAY)),
        ),
      ),
    );
  return { cents: Number(row?.cents ?? 0), currency: row?.currency ?? "EUR" };
}

/** Refuses a checkout of `amountCents` that would take the member past this month's limit. */
export async function assertWithinMonthlyLimit(
  app: { db: Database; settings: Pick<SiteSettings, "monthly_spending_limit_cents">; now: () => number },
  memberId: number,
  order: { amountCents: number; currency: string },
) {
  const limit = app.settings.monthly_spending_limit_cents;
  if (limit <= 0) return;
  const spent = (await spentThisMonth(app.db, memberId, app.now())).cents;
  if (spent + order.amountCents <= limit) return;
  const left = Math.max(0, limit - spent);
  throw new DomainError("spending_limit_reached", { value: left / 100, currency: order.currency });
}

/** This month's spending against the limit, for the credits page: null below LIMIT_WARNING_SHARE (or without a limit). */
export async function monthlyLimitWarning(
  app: { db: Database; settings: Pick<SiteSettings, "monthly_spending_limit_cents">; now: () => number },
  memberId: number,
) {
  const limit = app.settings.monthly_spending_limit_cents;
  if (limit <= 0) return null;
  const spent = await spentThisMonth(app.db, memberId, app.now());
  if (spent.cents < limit * LIMIT_WARNING_SHARE) return null;
  // In whole units, as i18next's currency format takes them.
  return { spent: spent.cents / 100, limit: limit / 100, currency: spent.currency };
}
