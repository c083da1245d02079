// Buying credits: a payment row, then the provider's checkout, then its
// reference on the row; the provider's webhook says how it ended, and the
// hourly job (settle.ts) asks about what the webhook left open and expires rows
// a crash left without a checkout. A completed payment is booked in one batch: its
// discount code redeemed if the discount rule still allows it, the credits
// recorded (key payment:<id>, credits/movements.ts), the member made premium
// (paid_user); then the record is applied to the member's wallet (or, when the
// wallet cannot answer, by the replay a minute later).
// A webhook replayed any number of times books once; only the provider's word
// books (a webhook carries only the reference). A provider that fails or does
// not answer while the checkout starts leaves nothing behind: the row goes and
// the member is told to try again. A member starts at most 10 payments an
// hour (withinCheckoutLimit); a payment's webhook asks the provider at most 20
// times a UTC day. A payment whose code is no longer allowed (another payment
// used it first, or made the member paid) is booked at the price actually
// paid: what its amount buys at the package's full price, rounded down, with a
// note on the record saying why. A paid payment the payer's bank takes back is a
// charge-back (chargeback.ts).
import { and, desc, eq, inArray, isNull, notInArray, type SQL, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { crashPoint } from "#app/server/crash-points.ts";
import { applyNow, isDuplicateBooking, recordComputedCredit } from "#app/server/credits/movements.ts";
import type { Database } from "#app/server/db/client.ts";
import { refusedByLimit, whileBelow } from "#app/server/db/limited-insert.ts";
import { creditLedger, creditPackages, discountCodes, payments, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { assertWithinMonthlyLimit } from "#app/server/fictional/spending.ts";
import { checkSpendingAfterPayment } from "#app/server/fictional/spending-signal.ts";
import { takeDailyUse } from "#app/server/limits/daily-counts.ts";
import { errorFields } from "#app/server/log.ts";
import { discounted, packageFor, requireMethodActive, requireMethodOffered } from "./catalogue.ts";
import { applyChargeback, chargebackChange } from "./chargeback.ts";
import { activeCode, checkCode, endTimeBonus, notHonouredReason, redeemedBy, redeemStatement } from "./discounts.ts";
import { type ProviderAnswer, paymentProvider } from "./provider.ts";
import { followRefunds } from "./refund-follow.ts";

type PaymentsContext = Pick<RequestContext, "db" | "env" | "settings" | "now" | "origin" | "log">;

/**
 * Provider lookups a payment's webhook may make a UTC day. Anyone who knows a
 * payment's reference can post its webhook; a provider sends a handful a
 * payment (its status changes, a refund, a charge-back, retries of one we did
 * not accept), far fewer than this. The hourly job asks on its own account (settle.ts).
 */
const WEBHOOK_LOOKUPS_PER_DAY = 20;
export type Payment = typeof payments.$inferSelect;

/** What a member would pay for a package, with the discount that applies. */
export async function quote(
  app: PaymentsContext,
  member: SessionMember,
  input: { packageId: number; country: string; method?: string; code?: string | null },
) {
  const pkg = await packageFor(app, input.country, input.packageId);
  if (!pkg) throw new DomainError("package_not_found");
  const order = { country: input.country, method: input.method, orderCents: pkg.priceCents, currency: pkg.currency };
  const discount = input.code
    ? await checkCode(app, member, { code: input.code, ...order })
    : await activeCode(app, member, order);
  return {
    pkg,
    discount,
    amountCents: discount ? discounted(pkg.priceCents, discount.valuePercentage) : pkg.priceCents,
  };
}

/** A discount code the member typed, checked against the package before paying: what it takes off, or why not. */
export async function checkTypedCode(
  app: PaymentsContext,
  member: SessionMember,
  input: { packageId: number; country: string; method?: string; code?: string | null },
) {
  if (!input.code) throw new DomainError("discount_not_found");
  const { discount, amountCents } = await quote(app, member, input);
  if (!discount) throw new DomainError("discount_not_found");
  return { code: discount.code, percentage: discount.valuePercentage, cents: amountCents };
}

/** The payment row a quoted package opens, at checkout and for a direct debit alike. */
export function paymentRow(
  app: Pick<PaymentsContext, "settings">,
  member: Pick<SessionMember, "id">,
  { pkg, discount, amountCents }: Awaited<ReturnType<typeof quote>>,
  order: { country: string; method: string; provider: string; now: number },
) {
  return {
    userId: member.id,
    packageId: pkg.id,
    domain: app.settings.domain,
    country: order.country,
    currency: pkg.currency,
    amountCents,
    credits: pkg.credits,
    method: order.method,
    provider: order.provider,
    discountCodeId: discount?.id ?? null,
    createdAt: order.now,
    updatedAt: order.now,
  };
}

function resultUrl(origin: string, paymentId: number, returnTo?: string | null) {
  const url = new URL(`/transactions/${paymentId}`, origin);
  if (returnTo) url.searchParams.set("return", returnTo);
  return url.toString();
}

/** Payments a member may start in an hour: each one asks the provider for a payment. */
const CHECKOUTS_PER_HOUR = 10;
const HOUR = 3_600_000;

/**
 * The payment's owner while the member started fewer than CHECKOUTS_PER_HOUR
 * payments in the last hour: judged inside the insert (db/limited-insert.ts),
 * so checkouts sent at the same moment get no more, and one over the limit
 * writes nothing and never reaches the provider.
 */
const withinCheckoutLimit = (memberId: number, now: number) =>
  whileBelow(
    memberId,
    sql`select count(*) from ${payments} where ${payments.userId} = ${memberId} and ${payments.createdAt} > ${now - HOUR}`,
    CHECKOUTS_PER_HOUR,
  );

export async function startCheckout(
  app: PaymentsContext,
  member: SessionMember,
  input: {
    packageId: number;
    method: string;
    country: string;
    code?: string | null;
    /** A checked return path (see return-path.ts), carried back to the payment's result page. */
    returnTo?: string | null;
  },
) {
  requireMethodOffered(app, input.country, input.method);
  const quoted = await quote(app, member, input);
  const { pkg, amountCents } = quoted;
  await assertWithinMonthlyLimit(app, member.id, { amountCents, currency: pkg.currency });
  // The provider's account may not take this method for this amount (Mollie's Methods API, kept an hour).
  await requireMethodActive(app, input.country, input.method, { amountCents, currency: pkg.currency });
  const provider = paymentProvider(app);
  const now = app.now();
  const row = paymentRow(app, member, quoted, {
    country: input.country,
    method: input.method,
    provider: provider.name,
    now,
  });
  let payment: Payment | undefined;
  try {
    [payment] = await app.db
      .insert(payments)
      .values({ ...row, userId: withinCheckoutLimit(member.id, now) })
      .returning();
  } catch (error) {
    if (refusedByLimit(error, "payments.user_id")) throw new DomainError("checkout_limit");
    throw error;
  }
  crashPoint("payment:row-created");
  let started: { ref: string; checkoutUrl: string };
  try {
    started = await provider.create({
      paymentId: payment!.id,
      amountCents,
      currency: pkg.currency,
      description: `${app.settings.name}: ${pkg.credits} credits`,
      method: input.method,
      redirectUrl: resultUrl(app.origin, payment!.id, input.returnTo),
      webhookUrl: new URL(`/api/payments/webhook/${provider.name}`, app.origin).toString(),
    });
  } catch (error) {
    // Nobody got a checkout link, so nobody can pay whatever the provider may have made:
    // the row goes (if this delete fails too, the hourly job expires it).
    app.log.error("checkout not started at the provider", { paymentId: payment!.id, ...errorFields(error) });
    await app.db.delete(payments).where(and(eq(payments.id, payment!.id), isNull(payments.providerRef)));
    throw new DomainError("payment_provider_unavailable");
  }
  const { ref, checkoutUrl } = started;
  crashPoint("payment:provider-created");
  await app.db.update(payments).set({ providerRef: ref }).where(eq(payments.id, payment!.id));
  return { paymentId: payment!.id, checkoutUrl };
}

const final = ["paid", "failed", "cancelled", "expired", "refunded", "charged_back"] as const;

/**
 * The credits a paid payment books, as SQL over its own row: the package's
 * credits, unless its discount was not honoured; then what the amount paid
 * buys at the package's full price, rounded down (from the code's percentage
 * if the package is gone).
 */
function creditsBooked(payment: Payment): { credits: SQL<number>; note: SQL<string | null> } {
  if (payment.discountCodeId === null) return { credits: sql<number>`${payments.credits}`, note: sql`null` };
  const fullPrice = sql`(select ${creditPackages.priceCents} from ${creditPackages} where ${creditPackages.id} = ${payments.packageId})`;
  const percentage = sql`(select ${discountCodes.valuePercentage} from ${discountCodes} where ${discountCodes.id} = ${payments.discountCodeId})`;
  // Integer division rounds down; a price of 0 divides to null.
  const byPrice = sql`${payments.amountCents} * ${payments.credits} / nullif(${fullPrice}, 0)`;
  const byPercentage = sql`${payments.credits} * (100 - ${percentage}) / 100`;
  const paidFor = sql`cast(min(${payments.credits}, coalesce(${byPrice}, ${byPercentage}, 0)) as integer)`;
  const honoured = redeemedBy(payment.id);
  const why = notHonouredReason({ ...payment, discountCodeId: payment.discountCodeId });
  return {
    credits: sql<number>`case when ${honoured} then ${payments.credits} else ${paidFor} end`,
    note: sql<string | null>`case when ${honoured} then null else ${why} || '; ' || ${payments.amountCents}
      || ' cents paid, at the full price of ' || coalesce(${fullPrice}, '?') || ' cents: '
      || ${paidFor} || ' of ' || ${payments.credits} || ' credits' end`,
  };
}

/** SQL: the amount a movement was recorded with (what it asked for; the wallet may still refuse it). */
const recordedAmount = (key: string) =>
  sql<number>`(select ${creditLedger.amount} from ${creditLedger} where ${creditLedger.idempotencyKey} = ${key})`;

/**
 * The purchase's record, the amount chosen by SQL inside the batch, and the
 * payment's note of what it bought (for the member's overview and a refund).
 * A purchase worth no credits (a code not honoured on a payment of a few
 * cents) records nothing: a wallet takes no empty movement.
 */
function purchaseStatements(db: Database, payment: Payment, now: number) {
  const key = `payment:${payment.id}`;
  const { credits, note } = creditsBooked(payment);
  // Paid by the batch's first statement; a payment charged back or refunded stays unbooked.
  const paid = and(eq(payments.id, payment.id), eq(payments.status, "paid"))!;
  return [
    recordComputedCredit(
      db,
      { reason: "purchase", idempotencyKey: key, now, note },
      { table: payments, userId: payments.userId, where: and(paid, sql`${credits} > 0`)!, amount: credits },
    ),
    // What the record asks, or nothing (paid before, the record's key fails the batch before this).
    db
      .update(payments)
      .set({ credits: sql`coalesce(${recordedAmount(key)}, 0)` })
      .where(paid),
  ] as const;
}

/** Applies what the provider says about a payment; safe to repeat. */
export async function applyProviderStatus(
  app: Pick<RequestContext, "db" | "env" | "now" | "log">,
  payment: Payment,
  answer: ProviderAnswer,
) {
  const { status } = answer;
  const now = app.now();
  // The payer's bank took money back, or gave it back (a SEPA direct debit can be reversed after Mollie said paid).
  const chargedBack = chargebackChange(payment, answer);
  if (chargedBack !== null) {
    await applyChargeback(app, payment, chargedBack);
    // Reversed in full: paid again, and booked below if its "paid" never reached us.
    if (chargedBack > 0 || status !== "paid") return;
  } else if (payment.status === "charged_back") return;
  if (status === "paid") {
    if (payment.status === "refunded") return;
    try {
      await app.db.batch([
        app.db
          .update(payments)
          .set({ status: "paid", updatedAt: now })
          .where(and(eq(payments.id, payment.id), notInArray(payments.status, ["paid", "refunded", "charged_back"]))),
        // Before the member is made paid below: a first-purchase code asks whether they had paid before.
        ...(payment.discountCodeId
          ? [redeemStatement(app.db, { ...payment, discountCodeId: payment.discountCodeId }, now)]
          : []),
        ...purchaseStatements(app.db, payment, now),
        // The first completed purchase makes the member premium.
        app.db.update(users).set({ paidUser: true }).where(eq(users.id, payment.userId)),
      ]);
      app.log.info("payment completed", { paymentId: payment.id });
    } catch (error) {
      if (!isDuplicateBooking(error)) throw error;
    }
    // Also after a replay: the first answer may have been lost after the booking committed.
    await applyNow(app, payment.userId);
    await endTimeBonus(app, payment.userId);
    await checkSpendingAfterPayment(app, payment);
    return;
  }
  const mapped = status === "open" ? "open" : status;
  await app.db
    .update(payments)
    .set({ status: mapped, updatedAt: now })
    .where(and(eq(payments.id, payment.id), notInArray(payments.status, [...final])));
}

/**
 * A provider's webhook: only the reference counts; the status is asked from the provider,
 * at most WEBHOOK_LOOKUPS_PER_DAY times a payment a UTC day. Past that the webhook is
 * accepted (a provider would otherwise send it again and again) and answered from D1.
 */
export async function handleWebhook(app: PaymentsContext, providerName: string, ref: string) {
  const [payment] = await app.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, providerName), eq(payments.providerRef, ref)));
  if (!payment) throw new DomainError("payment_not_found");
  const lookup = { scope: "webhook_payment", key: String(payment.id), limit: WEBHOOK_LOOKUPS_PER_DAY } as const;
  if (!(await takeDailyUse(app, lookup))) {
    app.log.warn("webhook lookups used up", { paymentId: payment.id, provider: providerName });
    return payment.status;
  }
  const answer = await paymentProvider(app, providerName).status(ref);
  await applyProviderStatus(app, payment, answer);
  const status = answer.chargedBackCents > 0 ? "charged_back" : answer.status;
  // A paid payment's webhook again: a refund of it moved on, or was made at the provider's dashboard.
  if (status === "paid") await followRefunds(app, payment);
  return status;
}

/** A member's own payment (for /transactions/<id>); another's is not found. */
export async function ownPayment(app: Pick<RequestContext, "db">, memberId: number, paymentId: number) {
  const [payment] = await app.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, memberId)));
  if (!payment) throw new DomainError("payment_not_found");
  return payment;
}

/** Earlier completed orders, to buy again in one click (/credits/repeat-order). */
export async function earlierOrders(app: Pick<RequestContext, "db">, memberId: number) {
  return app.db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, memberId), inArray(payments.status, ["paid"])))
    .orderBy(desc(payments.createdAt))
    .limit(10);
}
