// Two seeded members in a conversation for a benchmark, the first logged in
// (the second too when asked) and holding credits, written straight to the
// bench state's D1 the way the app would have: the credits are recorded as an
// adjustment and applied to the first member's wallet where the wallets run
// (`env`, the bench server's bindings); else the first send applies them, as it
// applies any movement recorded before it. Both are real members: the seed
// makes some profiles fictional, and a message to one waits for the sender to
// confirm that staff answer (fictional/operator-notice.ts), which no benchmark does.
import { and, eq, inArray } from "drizzle-orm";
import { startSession } from "#app/server/accounts/session.ts";
import { applyMovements, recordCredit } from "#app/server/credits/movements.ts";
import type { Database } from "#app/server/db/client.ts";
import { conversationParticipants, conversations, profiles } from "#app/server/db/schema.ts";

export interface BenchPair {
  conversation: number;
  /** Session cookies: the first member's, and the second's when `bothLoggedIn`. */
  cookies: string[];
}

export async function givenPair(
  db: Database,
  [a, b]: [number, number],
  options: { credits: number; bothLoggedIn?: boolean; now: number; env?: Env },
): Promise<BenchPair> {
  const { now } = options;
  const [row] = await db
    .insert(conversations)
    .values({ memberLow: a, memberHigh: b, createdBy: a, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  const conversation =
    row?.id ??
    (
      await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.memberLow, a), eq(conversations.memberHigh, b)))
    )[0]!.id;
  const sessions = await Promise.all(
    (options.bothLoggedIn ? [a, b] : [a]).map((userId) => startSession(db, { userId, now })),
  );
  await db.batch([
    db
      .update(profiles)
      .set({ fictional: false })
      .where(inArray(profiles.userId, [a, b])),
    db
      .insert(conversationParticipants)
      .values([
        { conversationId: conversation, userId: a },
        { conversationId: conversation, userId: b },
      ])
      .onConflictDoNothing(),
    ...sessions.map((s) => s.statement),
    recordCredit(db, {
      userId: a,
      amount: options.credits,
      reason: "adjustment",
      idempotencyKey: `bench:${a}:${now}`,
      now,
    }),
  ]);
  if (options.env) await applyMovements({ db, env: options.env, now: () => now }, a);
  return { conversation, cookies: sessions.map((s) => `session=${s.token}`) };
}
