// The demo accounts `npm start` prints (README "Demo accounts").
import { eq } from "drizzle-orm";
import type { Database } from "#app/server/db/client.ts";
import { creditLedger, payments, sandboxPayments, users } from "#app/server/db/schema.ts";

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
 * Premium demo accounts became premium by paying: a completed payment, and
 * their credits as records of what happened before (op "import", not yet
 * applied), as a database from before the wallets holds them. Each wallet
 * takes its member's records the first time anything touches it; D1's copy
 * of the balance is their sum, as the wallets' migration left it, so the
 * first page shows it and the move into the wallet is checked against it.
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
    const history = [
      { delta: bought, reason: "purchase" as const, key: `payment:${payment!.id}`, note: null, at: now - 86_400_000 },
      ...(bought > account.credits
        ? [
            {
              delta: account.credits - bought,
              reason: "message" as const,
              key: `seed:spent:${account.id}`,
              note: "demo: credits spent on messages",
              at: now - 3_600_000,
            },
          ]
        : []),
    ];
    await db.batch([
      db.insert(creditLedger).values(
        history.map((row) => ({
          userId: account.id,
          op: "import" as const,
          amount: row.delta,
          delta: row.delta,
          reason: row.reason,
          idempotencyKey: row.key,
          note: row.note,
          createdAt: row.at,
        })),
      ),
      db
        .update(users)
        .set({ credits: history.reduce((sum, row) => sum + row.delta, 0) })
        .where(eq(users.id, account.id)),
    ]);
  }
}
