// The demo accounts `npm start` prints (README "Demo accounts").
import type { Database } from "#app/server/db/client.ts";
import { creditLedger, payments, sandboxPayments } from "#app/server/db/schema.ts";

const DEMO_PASSWORD = "hartslag-demo";

export const demoAccounts = [
  {
    role: "free member",
    email: "free@hartslag.example",
    password: DEMO_PASSWORD,
    name: "Sanne",
    gender: "female",
    country: "NL",
    credits: 0,
    paidUser: false,
  },
  {
    role: "premium member with credits",
    email: "premium@hartslag.example",
    password: DEMO_PASSWORD,
    name: "Daan",
    gender: "male",
    country: "NL",
    credits: 150,
    paidUser: true,
  },
  {
    role: "premium member with 0 credits",
    email: "premium0@hartslag.example",
    password: DEMO_PASSWORD,
    name: "Lotte",
    gender: "female",
    country: "BE",
    credits: 0,
    paidUser: true,
  },
] as const;

/**
 * Premium demo accounts became premium by paying: a completed payment and
 * ledger rows that add up to their balance (the ledger is the truth).
 */
export async function seedDemoPurchases(
  db: Database,
  accounts: readonly { id: number; credits: number; paidUser: boolean; country: string }[],
  now: number,
) {
  for (const account of accounts.filter((a) => a.paidUser)) {
    const bought = Math.max(account.credits, 25);
    const [payment] = await db
      .insert(payments)
      .values({
        userId: account.id,
        domain: "localhost",
        country: account.country,
        currency: "EUR",
        amountCents: bought * 20,
        credits: bought,
        method: "ideal",
        provider: "sandbox",
        providerRef: `seed-${account.id}`,
        status: "paid",
        createdAt: now - 86_400_000,
        updatedAt: now - 86_400_000,
      })
      .returning({ id: payments.id });
    // The sandbox provider's own record, so the console can refund the demo purchase.
    await db.insert(sandboxPayments).values({
      id: `seed-${account.id}`,
      amountCents: bought * 20,
      currency: "EUR",
      description: `${bought} credits`,
      method: "ideal",
      status: "paid",
      redirectUrl: `http://localhost/transactions/${payment!.id}`,
      webhookUrl: "http://localhost/api/payments/webhook/sandbox",
      createdAt: now - 86_400_000,
    });
    await db.insert(creditLedger).values({
      userId: account.id,
      delta: bought,
      reason: "purchase",
      idempotencyKey: `payment:${payment!.id}`,
      createdAt: now - 86_400_000,
    });
    if (bought > account.credits) {
      await db.insert(creditLedger).values({
        userId: account.id,
        delta: account.credits - bought,
        reason: "message",
        idempotencyKey: `seed:spent:${account.id}`,
        note: "demo: credits spent on messages",
        createdAt: now - 3_600_000,
      });
    }
  }
}
