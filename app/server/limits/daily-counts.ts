// Limits of so many a day (refused discount codes per member, complaints per
// address and per client, notices per client and per member, texts per member,
// per number and in all, signups per client, chat photos per member, a
// payment's webhook lookups): a counter
// per scope, key and UTC day in D1. A use is taken in one guarded statement,
// so requests at the same moment cannot all read "one left" and all go
// through; a use taken for something that turned out not to count can be
// given back. The hourly job forgets the days before today.
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "#app/server/db/client.ts";
import { dailyCounts } from "#app/server/db/schema.ts";

const DAY = 86_400_000;

type DailyScope =
  | "discount_refused"
  | "complaint_address"
  | "complaint_client"
  | "sms_member"
  | "sms_number"
  | "sms_all"
  | "signup_client"
  | "chat_photo_member"
  | "webhook_payment"
  | "notice_client"
  | "notice_member";

interface DailyUse {
  scope: DailyScope;
  key: string;
  /** Uses allowed a day. */
  limit: number;
}

/** The UTC day a moment falls on, as days since 1970-01-01. */
const dayOf = (now: number) => Math.floor(now / DAY);

/** Takes one of today's uses; false (and nothing counted) when all `limit` are taken. */
export async function takeDailyUse(app: { db: Database; now: () => number }, use: DailyUse) {
  const [taken] = await app.db
    .insert(dailyCounts)
    .values({ scope: use.scope, key: use.key, day: dayOf(app.now()), count: 1 })
    .onConflictDoUpdate({
      target: [dailyCounts.scope, dailyCounts.key, dailyCounts.day],
      set: { count: sql`${dailyCounts.count} + 1` },
      setWhere: lt(dailyCounts.count, use.limit),
    })
    .returning({ count: dailyCounts.count });
  return taken !== undefined;
}

/** Gives back a use taken today (by takeDailyUse) for something that did not count. */
export async function giveBackDailyUse(app: { db: Database; now: () => number }, use: Omit<DailyUse, "limit">) {
  await app.db
    .update(dailyCounts)
    .set({ count: sql`${dailyCounts.count} - 1` })
    .where(
      and(
        eq(dailyCounts.scope, use.scope),
        eq(dailyCounts.key, use.key),
        eq(dailyCounts.day, dayOf(app.now())),
        gt(dailyCounts.count, 0),
      ),
    );
}

/** The hourly job: counts of days before today no longer limit anything. */
export async function forgetOldDailyCounts(app: { db: Database }, now: number) {
  await app.db.delete(dailyCounts).where(lt(dailyCounts.day, dayOf(now)));
}
