// Idempotency keys for requests to a payment provider that may be asked again
// (after a crash, a lost answer, a retry): a random key per operation, written
// to D1 before the first request and read back on every retry. Keys built from
// our own ids (refund:<payment>) would be guessable and the same in every
// installation that shares a provider account.
import { eq } from "drizzle-orm";
import type { Database } from "#app/server/db/client.ts";
import { providerKeys } from "#app/server/db/schema.ts";

/** The key of an operation (e.g. `customer:<member>`), made the first time it is asked for. */
export async function providerKey(db: Database, operation: string, now: number): Promise<string> {
  await db.insert(providerKeys).values({ operation, key: crypto.randomUUID(), createdAt: now }).onConflictDoNothing();
  const [row] = await db
    .select({ key: providerKeys.key })
    .from(providerKeys)
    .where(eq(providerKeys.operation, operation));
  return row!.key;
}

/** Forgets an operation's key, so that asking for it again is a new operation with a new key. */
export const forgetProviderKey = (db: Database, operation: string) =>
  db.delete(providerKeys).where(eq(providerKeys.operation, operation));
