// Settling the payments the webhook did not. A checkout writes our row, then
// the provider's payment, then the provider's reference on our row; only then
// does the member get the checkout link. A server that dies before the
// reference is stored leaves a row nobody can pay: after an hour it is expired.
// And a payment the provider completed whose webhook was lost (or whose
// booking died) would stay open with the money taken: from a quarter of an
// hour on, for a few days, the hourly job asks the provider and applies the
// answer as the webhook would (a payment already booked is not booked again; a
// late webhook changes nothing either). Each run asks about a bounded number,
// the longest untouched first, so a backlog is worked off over a few runs.
// Past those days a payment still open or pending with us is asked once more
// each run (a few at a time): one the provider still calls open is expired
// (the payer never finished it; a "paid" that comes later still books), any
// other answer is applied as usual.
// A direct debit waiting for its code is open without a reference too, and
// expires the same way; one signed but not yet started at the provider is
// pending, and its collection is started here (collection.ts).
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { payments } from "#app/server/db/schema.ts";
import { errorFields } from "#app/server/log.ts";
import { applyProviderStatus } from "./checkout.ts";
import { settleCollections } from "./collection.ts";
import { paymentProvider } from "./provider.ts";

type SettleContext = Pick<RequestContext, "db" | "env" | "log" | "now">;

const MINUTE = 60_000;
/** A row this old without the provider's reference never reached the member as a checkout. */
const UNSTARTED_EXPIRY = 60 * MINUTE;
/** The webhook's head start: younger payments are left to it. */
const ASK_AFTER = 15 * MINUTE;
/** Older payments are not asked about any more (the provider ended them long since); their webhook still counts. */
const ASK_UNTIL = 3 * 24 * 60 * MINUTE;
/** Provider calls per run (each is a subrequest, and a few D1 queries). */
const ASK_PER_RUN = 50;
/** Payments past the window asked per run. */
const OVERDUE_PER_RUN = 25;
const EXPIRE_PER_RUN = 500;

/** Providers we can ask (direct debits from before they were collected at one say "directdebit"). */
const checkoutProviders = ["sandbox", "mollie"];

export async function settleOpenPayments(app: SettleContext, now: number) {
  const unfinished = and(inArray(payments.status, ["open", "pending"]), inArray(payments.provider, checkoutProviders));

  const unstarted = app.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        unfinished,
        eq(payments.status, "open"),
        isNull(payments.providerRef),
        lte(payments.createdAt, now - UNSTARTED_EXPIRY),
      ),
    )
    .limit(EXPIRE_PER_RUN);
  const expired = await app.db
    .update(payments)
    .set({ status: "expired", updatedAt: now })
    .where(and(inArray(payments.id, unstarted), eq(payments.status, "open"), isNull(payments.providerRef)))
    .returning({ id: payments.id });

  const due = await app.db
    .select()
    .from(payments)
    .where(
      and(
        unfinished,
        isNotNull(payments.providerRef),
        lte(payments.createdAt, now - ASK_AFTER),
        gt(payments.createdAt, now - ASK_UNTIL),
      ),
    )
    // An answer of "still open" touches updated_at, so the next run asks others first.
    .orderBy(asc(payments.updatedAt), asc(payments.id))
    .limit(ASK_PER_RUN);
  let asked = 0;
  let failed = 0;
  for (const payment of due) {
    try {
      const status = await paymentProvider(app, payment.provider).status(payment.providerRef!);
      await applyProviderStatus(app, payment, status);
      asked++;
    } catch (error) {
      failed++;
      app.log.error("open payment not settled, asked again next run", { paymentId: payment.id, ...errorFields(error) });
    }
  }
  const overdue = await app.db
    .select()
    .from(payments)
    .where(and(unfinished, isNotNull(payments.providerRef), lte(payments.createdAt, now - ASK_UNTIL)))
    .orderBy(asc(payments.updatedAt), asc(payments.id))
    .limit(OVERDUE_PER_RUN);
  let expiredOverdue = 0;
  for (const payment of overdue) {
    try {
      const answer = await paymentProvider(app, payment.provider).status(payment.providerRef!);
      if (answer.status === "open" && answer.chargedBackCents === 0) {
        const ended = await app.db
          .update(payments)
          .set({ status: "expired", updatedAt: now })
          .where(and(eq(payments.id, payment.id), inArray(payments.status, ["open", "pending"])))
          .returning({ id: payments.id });
        expiredOverdue += ended.length;
      } else {
        await applyProviderStatus(app, payment, answer);
      }
      asked++;
    } catch (error) {
      failed++;
      app.log.error("overdue payment not settled, asked again next run", {
        paymentId: payment.id,
        ...errorFields(error),
      });
    }
  }
  const collections = await settleCollections(app, now);
  const expiredAll = expired.length + expiredOverdue;
  if (expiredAll || asked || failed) {
    app.log.info("open payments settled", { expired: expiredAll, asked, failed });
  }
  return { expired: expiredAll, asked, failed, collections };
}
