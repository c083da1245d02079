// Collecting a direct debit at the payment provider, once its mandate is
// signed with the SMS code: the member as the provider's customer (made once,
// then reused), the mandate registered with that customer, then the collection
// itself, a payment under the mandate that stays pending until the bank pays.
// Each id is stored as soon as it is known, so a retry picks up where the last
// attempt stopped, and asking the provider again finds what it made before
// (provider.ts). The signed mandate with its payment pending and no provider
// reference is the record of intent: when the provider fails or does not
// answer, or the server dies half-way, the hourly job finishes it (or, 48
// hours after the direct debit began, gives up and marks it expired). A
// provider that refuses ends the payment as failed. Credits come only with the provider's "paid".
import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { crashPoint, SimulatedCrash } from "#app/server/crash-points.ts";
import { directDebitMandates, paymentCustomers, payments, profiles, users } from "#app/server/db/schema.ts";
import { errorFields } from "#app/server/log.ts";
import { loadSettings } from "#app/server/settings/resolve.ts";
import { type PaymentProvider, ProviderRefused, paymentProvider } from "./provider.ts";
import { providerKey } from "./provider-keys.ts";

type CollectionContext = Pick<RequestContext, "db" | "env" | "log" | "now"> &
  Partial<Pick<RequestContext, "origin" | "settings">> & { providerTimeoutMs?: number };

const MINUTE = 60_000;
/** The member's own request has this long before the hourly job takes over. */
const COLLECT_AFTER = 15 * MINUTE;
/**
 * A direct debit not confirmed this long after it began (its collection never
 * started: the provider never answered) expires, and stops counting toward
 * the member's limit (direct-debit.ts).
 */
export const UNCONFIRMED_EXPIRY = 48 * 60 * MINUTE;
const COLLECT_PER_RUN = 25;

/** The creditor's reference of a mandate: ours, so asking the provider again names the same one. */
const mandateReference = (mandateId: number) => `DD-${mandateId}`;

async function signedCollection(app: CollectionContext, paymentId: number) {
  const [row] = await app.db
    .select({ payment: payments, mandate: directDebitMandates, email: users.email, name: profiles.name })
    .from(payments)
    .innerJoin(
      directDebitMandates,
      and(eq(directDebitMandates.paymentId, payments.id), eq(directDebitMandates.status, "signed")),
    )
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(profiles, eq(profiles.userId, payments.userId))
    .where(eq(payments.id, paymentId));
  return row;
}
type Signed = NonNullable<Awaited<ReturnType<typeof signedCollection>>>;

/** The member's customer at the provider; one made at the same time by another request wins. */
async function customerOf(app: CollectionContext, provider: PaymentProvider, row: Signed) {
  const mine = and(eq(paymentCustomers.userId, row.payment.userId), eq(paymentCustomers.provider, provider.name));
  const [known] = await app.db.select().from(paymentCustomers).where(mine);
  if (known) return known.customerId;
  const customerId = await provider.createCustomer({
    userId: row.payment.userId,
    name: row.mandate.accountHolder || row.name || row.email,
    email: row.email,
    idempotencyKey: await providerKey(app.db, `customer:${row.payment.userId}:${provider.name}`, app.now()),
  });
  await app.db
    .insert(paymentCustomers)
    .values({ userId: row.payment.userId, provider: provider.name, customerId, createdAt: app.now() })
    .onConflictDoNothing();
  const [stored] = await app.db.select().from(paymentCustomers).where(mine);
  return stored!.customerId;
}

async function collectAtProvider(app: CollectionContext, row: Signed) {
  const { payment, mandate } = row;
  const provider = paymentProvider(app, payment.provider);
  const customerId = await customerOf(app, provider, row);
  let mandateId = mandate.providerMandateId;
  if (!mandateId) {
    mandateId = await provider.createMandate(customerId, {
      consumerName: mandate.accountHolder,
      consumerAccount: mandate.iban,
      signatureDate: new Date(mandate.signedAt ?? payment.updatedAt).toISOString().slice(0, 10),
      mandateReference: mandateReference(mandate.id),
      idempotencyKey: await providerKey(app.db, `mandate:${mandate.id}`, app.now()),
    });
    await app.db
      .update(directDebitMandates)
      .set({ providerMandateId: mandateId })
      .where(eq(directDebitMandates.id, mandate.id));
  }
  // Without a request (the hourly job) the payment's own domain answers the webhook.
  const origin = app.origin ?? `https://${payment.domain}`;
  const site = app.settings ?? (await loadSettings(app.env.SETTINGS, payment.domain, app.now()));
  return provider.collect({
    paymentId: payment.id,
    amountCents: payment.amountCents,
    currency: payment.currency,
    description: `${site.name}: ${payment.credits} credits`,
    redirectUrl: new URL(`/transactions/${payment.id}`, origin).toString(),
    webhookUrl: new URL(`/api/payments/webhook/${provider.name}`, origin).toString(),
    customerId,
    mandateId,
    idempotencyKey: await providerKey(app.db, `collection:${payment.id}`, app.now()),
  });
}

/** Ends a collection that will not happen: the payment failed (refused) or expired (never started), the mandate failed. */
async function giveUp(app: CollectionContext, row: Signed, status: "failed" | "expired" = "failed") {
  const now = app.now();
  await app.db.batch([
    app.db
      .update(payments)
      .set({ status, updatedAt: now })
      .where(and(eq(payments.id, row.payment.id), eq(payments.status, "pending"), isNull(payments.providerRef))),
    app.db.update(directDebitMandates).set({ status: "failed" }).where(eq(directDebitMandates.id, row.mandate.id)),
  ]);
}

/**
 * Starts the collection of a signed direct debit; safe to repeat. "retry":
 * the provider failed or did not answer, and the payment stays pending for the
 * hourly job; "refused": the provider said no, and the payment failed.
 */
export async function startCollection(app: CollectionContext, paymentId: number) {
  const row = await signedCollection(app, paymentId);
  if (row?.payment.status !== "pending" || row.payment.providerRef) return "done" as const;
  let ref: string;
  try {
    ref = await collectAtProvider(app, row);
  } catch (error) {
    if (error instanceof SimulatedCrash) throw error;
    const context = { paymentId, ...errorFields(error) };
    if (error instanceof ProviderRefused) {
      app.log.error("direct debit refused by the provider", context);
      await giveUp(app, row);
      return "refused" as const;
    }
    app.log.error("direct debit not started at the provider, the hourly job tries again", context);
    return "retry" as const;
  }
  crashPoint("collection:provider-created");
  await app.db
    .update(payments)
    .set({ providerRef: ref, updatedAt: app.now() })
    .where(and(eq(payments.id, paymentId), isNull(payments.providerRef)));
  return "started" as const;
}

/** Hourly: starts the collections the member's request did not, longest waiting first. */
export async function settleCollections(app: CollectionContext, now: number) {
  const due = await app.db
    .select({ id: payments.id, createdAt: payments.createdAt })
    .from(payments)
    .where(
      and(
        eq(payments.method, "directdebit"),
        eq(payments.status, "pending"),
        isNull(payments.providerRef),
        lte(payments.updatedAt, now - COLLECT_AFTER),
      ),
    )
    .orderBy(asc(payments.updatedAt), asc(payments.id))
    .limit(COLLECT_PER_RUN);
  const result = { started: 0, retrying: 0, failed: 0 };
  for (const { id, createdAt } of due) {
    const outcome = await startCollection(app, id);
    if (outcome === "started") result.started++;
    else if (outcome === "refused") result.failed++;
    else if (outcome === "retry") {
      const row = createdAt <= now - UNCONFIRMED_EXPIRY ? await signedCollection(app, id) : null;
      if (row) {
        app.log.error("direct debit never started at the provider, expired", { paymentId: id });
        await giveUp(app, row, "expired");
        result.failed++;
      } else {
        // Asked later than the others next run.
        await app.db.update(payments).set({ updatedAt: now }).where(eq(payments.id, id));
        result.retrying++;
      }
    }
  }
  return result;
}
