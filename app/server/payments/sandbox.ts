// The local sandbox provider: a hosted checkout page of its own
// (/payments/sandbox/<id>) where the payer chooses paid, failed, cancelled or
// pending (and, once paid, a charge-back by the payer's bank or its reversal);
// then the provider calls the webhook and sends the payer back, as a real
// provider does. Its state lives in its own table. A direct debit's
// collection is a sandbox payment too, pending until someone chooses what the
// bank answered on the same page; customers and mandates are only ids here.
import { and, eq, sql } from "drizzle-orm";
import { randomToken } from "#app/server/accounts/tokens.ts";
import type { Database } from "#app/server/db/client.ts";
import { sandboxPayments } from "#app/server/db/schema.ts";
import { type PaymentProvider, ProviderRefused, type ProviderStatus } from "./provider.ts";

const toStatus: Record<(typeof sandboxPayments.$inferSelect)["status"], ProviderStatus> = {
  open: "open",
  pending: "pending",
  paid: "paid",
  failed: "failed",
  canceled: "cancelled",
  expired: "expired",
};

export function sandboxProvider(db: Database): PaymentProvider {
  return {
    name: "sandbox",
    async create(payment) {
      const id = `sbx_${randomToken(12).replace(/[-_]/g, "x")}`;
      await db.insert(sandboxPayments).values({
        id,
        amountCents: payment.amountCents,
        currency: payment.currency,
        description: payment.description,
        method: payment.method,
        redirectUrl: payment.redirectUrl,
        webhookUrl: payment.webhookUrl,
        createdAt: Date.now(),
      });
      return { ref: id, checkoutUrl: `/payments/sandbox/${id}` };
    },
    async createCustomer(customer) {
      return `sbx_cst_${customer.userId}`;
    },
    async createMandate(_customerId, mandate) {
      return `sbx_mdt_${mandate.mandateReference.replace(/\W/g, "")}`;
    },
    async collect(collection) {
      // One collection per payment: asked again, the same row is found.
      const id = `sbx_dd_${collection.paymentId}`;
      await db
        .insert(sandboxPayments)
        .values({
          id,
          amountCents: collection.amountCents,
          currency: collection.currency,
          description: collection.description,
          method: "directdebit",
          status: "pending",
          redirectUrl: collection.redirectUrl,
          webhookUrl: collection.webhookUrl,
          createdAt: Date.now(),
        })
        .onConflictDoNothing();
      return id;
    },
    async status(ref) {
      const [row] = await db
        .select({ status: sandboxPayments.status, chargedBackCents: sandboxPayments.chargedBackCents })
        .from(sandboxPayments)
        .where(eq(sandboxPayments.id, ref));
      if (!row) throw new Error(`sandbox payment ${ref} not found`);
      return { status: toStatus[row.status], chargedBackCents: row.chargedBackCents };
    },
    async forgetCustomer() {
      // Customers and mandates are only ids here: nothing is kept about them.
    },
    async refund(ref, amountCents, _currency, idempotencyKey) {
      // Refunded as long as what is left covers it (in one statement, so two at once cannot both fit).
      const [refunded] = await db
        .update(sandboxPayments)
        .set({ refundedCents: sql`${sandboxPayments.refundedCents} + ${amountCents}` })
        .where(
          and(
            eq(sandboxPayments.id, ref),
            eq(sandboxPayments.status, "paid"),
            sql`${sandboxPayments.refundedCents} + ${amountCents} <= ${sandboxPayments.amountCents}`,
          ),
        )
        .returning({ id: sandboxPayments.id });
      const refund = { id: `${ref}_refund`, amountCents, status: "refunded" as const, idempotencyKey };
      if (refunded) return refund;
      // The sandbox keeps how much was refunded, not each refund: one refund of the whole payment,
      // settled at once. A keyed refund that finds that much refunded already is the same refund
      // asked again (after a crash): done, as a real provider answers a repeated key.
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, ref));
      if (row && row.refundedCents >= amountCents) return refund;
      throw new ProviderRefused(`sandbox payment ${ref} cannot be refunded`);
    },
    async refunds(ref) {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, ref));
      if (!row?.refundedCents) return [];
      return [{ id: `${ref}_refund`, amountCents: row.refundedCents, status: "refunded", idempotencyKey: null }];
    },
  };
}

/** The sandbox checkout's own page data. */
export async function sandboxPayment(db: Database, id: string) {
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
  return row ?? null;
}

/** What the payer chose on the sandbox checkout. */
export async function settleSandboxPayment(
  db: Database,
  id: string,
  outcome: "paid" | "failed" | "canceled" | "pending",
) {
  const [row] = await db.update(sandboxPayments).set({ status: outcome }).where(eq(sandboxPayments.id, id)).returning();
  return row ?? null;
}

/**
 * A developer's charge-back of a paid sandbox payment (the whole amount), or
 * its reversal by the bank (nothing charged back any more); as at Mollie, the
 * payment stays paid and says how much was charged back.
 */
export async function chargeBackSandboxPayment(db: Database, id: string, reversed: boolean) {
  await db
    .update(sandboxPayments)
    .set({ chargedBackCents: reversed ? 0 : sandboxPayments.amountCents })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, "paid")));
}

/** Where a developer chooses the bank's answer to a sandbox collection still pending. */
export function sandboxCollectionUrl(payment: {
  provider: string;
  method: string;
  status: string;
  providerRef: string | null;
}) {
  const pending = payment.provider === "sandbox" && payment.method === "directdebit" && payment.status === "pending";
  return pending && payment.providerRef ? `/payments/sandbox/${payment.providerRef}` : null;
}
