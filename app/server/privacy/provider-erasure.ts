// An erased member's customer at a payment provider: Mollie keeps the
// customer (name, e-mail address) and its SEPA mandates (account holder,
// IBAN) until we delete them. Erasure first puts each of the member's
// customers on record (provider_erasures, which does not point at the member
// and so outlives them), then asks the provider to revoke the mandates and
// delete the customer, and drops the record once it has; a provider that fails
// or does not answer, or a server that dies in between, leaves the record,
// and the hourly job asks again until the provider confirms. Asking again is
// harmless: a customer or mandate already gone counts as done.
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { Database } from "#app/server/db/client.ts";
import { paymentCustomers, providerErasures } from "#app/server/db/schema.ts";
import { errorFields } from "#app/server/log.ts";
import { paymentProvider } from "#app/server/payments/provider.ts";

type ProviderErasureContext = Pick<RequestContext, "db" | "env"> & Partial<Pick<RequestContext, "log" | "now">>;
type Customer = { provider: string; customerId: string };

const MINUTE = 60_000;
/** A record younger than this may belong to an erasure still running. */
const GRACE = 15 * MINUTE;
const PER_RUN = 25;

/** Puts the member's customers on record, before anything is erased; returns them. */
export async function recordProviderErasures(db: Database, memberId: number, now: number): Promise<Customer[]> {
  const customers = await db
    .select({ provider: paymentCustomers.provider, customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(eq(paymentCustomers.userId, memberId));
  if (customers.length) {
    await db
      .insert(providerErasures)
      .values(customers.map((c) => ({ ...c, createdAt: now, updatedAt: now })))
      .onConflictDoNothing();
  }
  return customers;
}

/** Asks the provider to forget one customer; drops the record when it has, else counts the attempt. */
export async function eraseAtProvider(app: ProviderErasureContext, customer: Customer) {
  const now = app.now?.() ?? Date.now();
  const record = and(
    eq(providerErasures.provider, customer.provider),
    eq(providerErasures.customerId, customer.customerId),
  );
  try {
    await paymentProvider(app, customer.provider).forgetCustomer(customer.customerId);
  } catch (error) {
    app.log?.error("customer not erased at the payment provider yet, asked again next hour", {
      provider: customer.provider,
      ...errorFields(error),
    });
    await app.db
      .update(providerErasures)
      .set({ attempts: sql`${providerErasures.attempts} + 1`, updatedAt: now })
      .where(record);
    return false;
  }
  await app.db.delete(providerErasures).where(record);
  return true;
}

/** Hourly: customers still on record, the longest untried first. */
export async function settleProviderErasures(app: ProviderErasureContext, now: number) {
  const due = await app.db
    .select()
    .from(providerErasures)
    .where(lte(providerErasures.updatedAt, now - GRACE))
    .orderBy(asc(providerErasures.updatedAt))
    .limit(PER_RUN);
  let erased = 0;
  for (const customer of due) if (await eraseAtProvider(app, customer)) erased++;
  return { erased, left: due.length - erased };
}
