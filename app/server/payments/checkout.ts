// Buying credits (issue 6): a payment row, then the provider's checkout; the
// provider's webhook says how it ended. A completed payment credits the member
// through the ledger (key payment:<id>), makes them premium (paid_user) and
// records the discount's use, all in one batch: a webhook replayed any number
// of times credits once.
import { and, desc, eq, inArray, notInArray } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { creditStatements, isDuplicateBooking } from "#app/server/credits/ledger.ts";
import { discountRedemptions, payments, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { currencyOf, discounted, packageFor, paymentMethodsFor } from "./catalogue.ts";
import { activeCode, checkCode, endTimeBonus } from "./discounts.ts";
import { type ProviderStatus, paymentProvider } from "./provider.ts";

type PaymentsContext = Pick<RequestContext, "db" | "env" | "settings" | "now" | "origin" | "log">;
export type Payment = typeof payments.$inferSelect;

/** What a member would pay for a package, with the discount that applies. */
export async function quote(
  app: PaymentsContext,
  member: SessionMember,
  input: { packageId: number; country: string; method?: string; code?: string | null },
) {
  const pkg = await packageFor(app, input.country, input.packageId);
  if (!pkg) throw new DomainError("package_not_found");
  const discount = input.code
    ? await checkCode(app, member, {
        code: input.code,
        country: input.country,
        method: input.method,
        orderCents: pkg.priceCents,
        currency: pkg.currency,
      })
    : await activeCode(app, member);
  return {
    pkg,
    discount,
    amountCents: discount ? discounted(pkg.priceCents, discount.valuePercentage) : pkg.priceCents,
  };
}

export async function startCheckout(
  app: PaymentsContext,
  member: SessionMember,
  input: { packageId: number; method: string; country: string; code?: string | null },
) {
  if (!paymentMethodsFor(app, input.country).includes(input.method as never))
    throw new DomainError("method_not_offered");
  const { pkg, discount, amountCents } = await quote(app, member, input);
  const provider = paymentProvider(app);
  const now = app.now();
  const [payment] = await app.db
    .insert(payments)
    .values({
      userId: member.id,
      packageId: pkg.id,
      domain: app.settings.domain,
      country: input.country,
      currency: pkg.currency,
      amountCents,
      credits: pkg.credits,
      method: input.method,
      provider: provider.name,
      discountCodeId: discount?.id ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const { ref, checkoutUrl } = await provider.create({
    paymentId: payment!.id,
    amountCents,
    currency: pkg.currency,
    description: `${app.settings.name}: ${pkg.credits} credits`,
    method: input.method,
    redirectUrl: new URL(`/transactions/${payment!.id}`, app.origin).toString(),
    webhookUrl: new URL(`/api/payments/webhook/${provider.name}`, app.origin).toString(),
  });
  await app.db.update(payments).set({ providerRef: ref }).where(eq(payments.id, payment!.id));
  return { paymentId: payment!.id, checkoutUrl };
}

const final = ["paid", "failed", "cancelled", "expired", "refunded"] as const;

/** Applies what the provider says about a payment; safe to repeat. */
export async function applyProviderStatus(app: PaymentsContext, payment: Payment, status: ProviderStatus) {
  const now = app.now();
  if (status === "paid") {
    try {
      await app.db.batch([
        app.db
          .update(payments)
          .set({ status: "paid", updatedAt: now })
          .where(and(eq(payments.id, payment.id), notInArray(payments.status, ["paid", "refunded"]))),
        ...creditStatements(app.db, {
          userId: payment.userId,
          amount: payment.credits,
          reason: "purchase",
          idempotencyKey: `payment:${payment.id}`,
          now,
        }),
        // The first completed purchase makes the member premium (spec §4).
        app.db.update(users).set({ paidUser: true }).where(eq(users.id, payment.userId)),
        ...(payment.discountCodeId
          ? [
              app.db
                .insert(discountRedemptions)
                .values({
                  discountCodeId: payment.discountCodeId,
                  userId: payment.userId,
                  paymentId: payment.id,
                  createdAt: now,
                })
                .onConflictDoNothing(),
            ]
          : []),
      ]);
      await endTimeBonus(app, payment.userId);
      app.log.info("payment completed", { paymentId: payment.id, credits: payment.credits });
    } catch (error) {
      if (!isDuplicateBooking(error)) throw error;
    }
    return;
  }
  const mapped = status === "open" ? "open" : status;
  await app.db
    .update(payments)
    .set({ status: mapped, updatedAt: now })
    .where(and(eq(payments.id, payment.id), notInArray(payments.status, [...final])));
}

/** A provider's webhook: only the reference counts; the status is asked from the provider. */
export async function handleWebhook(app: PaymentsContext, providerName: string, ref: string) {
  const [payment] = await app.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, providerName), eq(payments.providerRef, ref)));
  if (!payment) throw new DomainError("payment_not_found");
  const status = await paymentProvider(app, providerName).status(ref);
  await applyProviderStatus(app, payment, status);
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

export { currencyOf };
