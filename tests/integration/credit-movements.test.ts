// Movements from outside the rooms reach the member's wallet exactly once: a
// record in D1, applied in order, noted with the wallet's answer; a record a
// crash left behind is replayed by the minute job; a member's history from
// before the wallets moves into their wallet before anything else does, and
// D1's copy of the balance only ever moves forward.
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { armCrash, disarmCrashes } from "#app/server/crash-points.ts";
import {
  applyMovements,
  applyNow,
  isDuplicateBooking,
  REPLAY_AFTER_MS,
  recordCharge,
  recordCredit,
  recordGiveBack,
  recordTakeBack,
  replayMovements,
  walletBalance,
} from "#app/server/credits/movements.ts";
import { walletOf } from "#app/server/credits/wallet.ts";
import { creditLedger, users } from "#app/server/db/schema.ts";
import { createLogger } from "#app/server/log.ts";
import { appContext, db, givenMember, NOW, walletOfMember } from "./fixtures.ts";

const records = (memberId: number) =>
  db
    .select({
      key: creditLedger.idempotencyKey,
      delta: creditLedger.delta,
      outcome: creditLedger.outcome,
      applied: sql<number>`${creditLedger.appliedAt} is not null`,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, memberId))
    .orderBy(creditLedger.id);

const d1Copy = async (memberId: number) =>
  (
    await db.select({ credits: users.credits, version: users.creditsVersion }).from(users).where(eq(users.id, memberId))
  )[0];

const at = (memberId: number, key: string, reason: "purchase" | "refund" | "chargeback" | "gift" | "adjustment") => ({
  userId: memberId,
  idempotencyKey: key,
  reason,
  now: NOW,
});

describe("credit movements", () => {
  it("applies recorded movements in their order, once, and notes the wallet's answers", async () => {
    const member = await givenMember();
    await db.batch([
      recordCredit(db, { ...at(member, "payment:1", "purchase"), amount: 60 }),
      recordCharge(db, { ...at(member, "gift:1", "gift"), amount: 50 }),
      recordCharge(db, { ...at(member, "gift:2", "gift"), amount: 50 }),
      recordTakeBack(db, { ...at(member, "refund:1", "refund"), amount: 60 }),
      recordGiveBack(db, { ...at(member, "refund-failed:1", "refund"), of: ["refund:1"] }),
    ]);
    const applied = await applyMovements(appContext(), member);
    expect(applied?.balance).toBe(10);
    expect(await records(member)).toEqual([
      { key: "payment:1", delta: 60, outcome: "booked", applied: 1 },
      { key: "gift:1", delta: -50, outcome: "booked", applied: 1 },
      { key: "gift:2", delta: 0, outcome: "insufficient", applied: 1 },
      // Only what was left is taken back, and only that is given back.
      { key: "refund:1", delta: -10, outcome: "booked", applied: 1 },
      { key: "refund-failed:1", delta: 10, outcome: "booked", applied: 1 },
    ]);
    expect(await d1Copy(member)).toEqual({ credits: 10, version: 4 });
    // Applied again (two requests at once): nothing moves twice.
    await db.update(creditLedger).set({ appliedAt: null }).where(eq(creditLedger.userId, member));
    expect((await applyMovements(appContext(), member))?.balance).toBe(10);
    const wallet = await walletOfMember(member);
    expect(wallet.balance).toBe(10);
    expect(wallet.ledger).toHaveLength(4);
  });

  it("refuses a recorded charge again when it is applied again, after a purchase", async () => {
    const member = await givenMember();
    await recordCharge(db, { ...at(member, "gift:poor", "gift"), amount: 10 });
    expect((await applyMovements(appContext(), member))?.outcomes.get("gift:poor")?.outcome).toBe("insufficient");
    await walletOf(env, member).credit({ key: "payment:rich", amount: 50, reason: "purchase", now: NOW });
    // A second request that read the record before the first noted its answer applies it again.
    const again = await walletOf(env, member).apply([
      { key: "gift:poor", op: "charge", amount: 10, reason: "gift", note: null, of: null, createdAt: NOW },
    ]);
    expect(again.applied).toEqual([{ key: "gift:poor", outcome: "void", delta: 0 }]);
    expect(again.balance).toBe(50);
  });

  it("records a key once: the same purchase recorded twice fails its batch", async () => {
    const member = await givenMember();
    await recordCredit(db, { ...at(member, "payment:twice", "purchase"), amount: 60 });
    const again = await recordCredit(db, { ...at(member, "payment:twice", "purchase"), amount: 60 }).catch((e) => e);
    expect(isDuplicateBooking(again)).toBe(true);
    expect((await applyMovements(appContext(), member))?.balance).toBe(60);
  });

  it("leaves a record a crash cut off to the minute job, which applies it once it has waited", async () => {
    const member = await givenMember();
    await recordCredit(db, { ...at(member, "payment:crash", "purchase"), amount: 25 });
    armCrash("movement:recorded");
    try {
      await expect(applyNow(appContext(), member)).rejects.toThrow();
    } finally {
      disarmCrashes();
    }
    expect((await records(member))[0]?.applied).toBe(0);
    const log = createLogger("test");
    const early = { ...appContext(), log, now: () => NOW + 1_000 };
    expect(await replayMovements(early)).toEqual({ movementsReplayedFor: 0 });
    const late = { ...appContext(), log, now: () => NOW + REPLAY_AFTER_MS + 1 };
    expect((await replayMovements(late)).movementsReplayedFor).toBeGreaterThanOrEqual(1);
    expect(await records(member)).toEqual([{ key: "payment:crash", delta: 25, outcome: "booked", applied: 1 }]);
    expect(await d1Copy(member)).toEqual({ credits: 25, version: 1 });
  });

  it("moves a member's history from before the wallets into their wallet first, as it stands", async () => {
    const member = await givenMember();
    // As the migration leaves them: D1's rows with their deltas, D1's balance, no wallet version yet.
    await db.insert(creditLedger).values([
      {
        userId: member,
        delta: 100,
        amount: 100,
        reason: "purchase",
        idempotencyKey: `old:${member}:1`,
        createdAt: NOW - 9,
      },
      {
        userId: member,
        delta: -3,
        amount: -3,
        reason: "message",
        idempotencyKey: `old:${member}:2`,
        createdAt: NOW - 8,
      },
      { userId: member, delta: -8, amount: -8, reason: "gift", idempotencyKey: `old:${member}:3`, createdAt: NOW - 7 },
    ]);
    await db.update(users).set({ credits: 89 }).where(eq(users.id, member));
    // A charge recorded after the move began waits behind the history.
    await recordCharge(db, { ...at(member, "gift:new", "gift"), amount: 89 });
    expect((await walletBalance(appContext(), member)).balance).toBe(0);
    const wallet = await walletOfMember(member);
    expect(wallet.ledger.map((row) => [row.key, row.delta])).toEqual([
      ["gift:new", -89],
      [`old:${member}:3`, -8],
      [`old:${member}:2`, -3],
      [`old:${member}:1`, 100],
    ]);
    expect(wallet.ledger.at(-1)?.createdAt).toBe(NOW - 9);
  });

  it("says so loudly when a member's history does not sum to the balance D1 held", async () => {
    const member = await givenMember();
    await db
      .insert(creditLedger)
      .values([
        { userId: member, delta: 40, amount: 40, reason: "purchase", idempotencyKey: `odd:${member}`, createdAt: NOW },
      ]);
    await db.update(users).set({ credits: 50 }).where(eq(users.id, member));
    const errors: Record<string, unknown>[] = [];
    const log = {
      ...createLogger("test"),
      error: (_msg: string, fields?: Record<string, unknown>) => errors.push(fields ?? {}),
    };
    await applyMovements(appContext(), member, log);
    expect(errors).toEqual([{ memberId: member, d1: 50, sinceMove: 0, wallet: 40 }]);
  });

  it("keeps D1's copy of the balance from going back to an older version", async () => {
    const member = await givenMember();
    await recordCredit(db, { ...at(member, "payment:a", "purchase"), amount: 5 });
    await applyMovements(appContext(), member);
    await walletOf(env, member).credit({ key: "payment:b", amount: 5, reason: "purchase", now: NOW });
    await recordCredit(db, { ...at(member, "payment:c", "purchase"), amount: 5 });
    await applyMovements(appContext(), member);
    expect(await d1Copy(member)).toEqual({ credits: 15, version: 3 });
    const { copyBalance } = await import("#app/server/credits/movements.ts");
    await copyBalance(db, member, { balance: 5, version: 1 });
    expect(await d1Copy(member)).toEqual({ credits: 15, version: 3 });
  });
});
