// The member's wallet decides every movement of credits alone and at once:
// concurrent charges never overdraw it, a key books once, a voided key stays
// refused, a take-back stops at zero, an erasure empties it, an import from D1
// is exactly-once, and whatever it answered survives a restart. After every
// answer its balance is the sum of its ledger.
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { walletOf } from "#app/server/credits/wallet.ts";
import type { MemberWallet } from "#workers/durable-objects/member-wallet.ts";

const NOW = 1_780_000_000_000;
let members = 0;
/** A fresh member's wallet, with `credits` bought first. */
async function givenWallet(credits = 0) {
  const wallet = walletOf(env, ++members);
  if (credits > 0) await wallet.credit({ key: "payment:1", amount: credits, reason: "purchase", now: NOW });
  return wallet;
}

/** Balance and ledger as stored, read inside the object. */
const stored = (wallet: DurableObjectStub<MemberWallet>) =>
  runInDurableObject(wallet, (_wallet: MemberWallet, state) => {
    const sql = state.storage.sql;
    const balance = sql.exec<{ credits: number }>("select credits from wallet").one().credits;
    const sum = sql.exec<{ total: number }>("select coalesce(sum(delta), 0) as total from ledger").one().total;
    const rows = sql.exec<{ n: number }>("select count(*) as n from ledger").one().n;
    return { balance, sum, rows };
  });

async function expectBalanced(wallet: DurableObjectStub<MemberWallet>, balance: number) {
  const now = await stored(wallet);
  expect(now.balance).toBe(balance);
  expect(now.sum).toBe(balance);
  expect(await wallet.balance()).toBe(balance);
}

/** The error code a call was refused with (it crosses the RPC boundary as the error's message), or null. */
async function refusal(call: () => Promise<unknown>) {
  try {
    await call();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const message = (key: string, amount = 1) => ({ key, amount, reason: "message" as const, now: NOW });

describe("the member's wallet", () => {
  it("charges exactly as many of 100 simultaneous one-credit messages as 60 credits pay for", async () => {
    const wallet = await givenWallet(60);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => wallet.charge(message(`message:${i}`))));
    const outcomes = answers.map((answer) => answer.outcome);
    expect(outcomes.filter((o) => o === "charged")).toHaveLength(60);
    expect(outcomes.filter((o) => o === "insufficient")).toHaveLength(40);
    // Every answer carried the balance right after its own decision, never below zero.
    expect(answers.every((answer) => answer.balance >= 0)).toBe(true);
    expect(Math.min(...answers.map((answer) => answer.balance))).toBe(0);
    await expectBalanced(wallet, 0);
    expect((await stored(wallet)).rows).toBe(61);
  });

  it("charges a key sent 100 times at once only once", async () => {
    const wallet = await givenWallet(10);
    const answers = await Promise.all(Array.from({ length: 100 }, () => wallet.charge(message("message:same", 3))));
    expect(answers.filter((answer) => answer.outcome === "charged")).toHaveLength(1);
    expect(answers.filter((answer) => answer.outcome === "already")).toHaveLength(99);
    expect(answers.find((answer) => answer.outcome === "already")).toMatchObject({
      outcome: "already",
      delta: -3,
      balance: 7,
    });
    await expectBalanced(wallet, 7);
  });

  it("refuses a charge it cannot cover and moves nothing", async () => {
    const wallet = await givenWallet(2);
    expect(await wallet.charge(message("message:1", 3))).toMatchObject({ outcome: "insufficient", balance: 2 });
    // Refused is not booked: the same key may be charged once the member has bought more.
    expect(await wallet.lookup(["message:1"])).toEqual([{ key: "message:1", state: "unknown" }]);
    await wallet.credit({ key: "payment:2", amount: 5, reason: "purchase", now: NOW });
    expect(await wallet.charge(message("message:1", 3))).toMatchObject({ outcome: "charged", delta: -3, balance: 4 });
    await expectBalanced(wallet, 4);
  });

  it("refuses forever a charge under a voided key, and does not void a booked one", async () => {
    const wallet = await givenWallet(5);
    expect(await wallet.voidKey({ key: "message:lost", now: NOW })).toMatchObject({ outcome: "voided" });
    expect(await wallet.voidKey({ key: "message:lost", now: NOW })).toMatchObject({ outcome: "voided" });
    expect(await wallet.charge(message("message:lost"))).toMatchObject({ outcome: "void", balance: 5 });
    expect(await wallet.credit({ key: "message:lost", amount: 1, reason: "refund", now: NOW })).toMatchObject({
      outcome: "void",
      balance: 5,
    });

    await wallet.charge(message("message:sent", 2));
    expect(await wallet.voidKey({ key: "message:sent", now: NOW })).toMatchObject({ outcome: "booked", delta: -2 });
    expect(await wallet.lookup(["message:sent", "message:lost", "message:never"])).toEqual([
      { key: "message:sent", state: "booked", delta: -2 },
      { key: "message:lost", state: "void" },
      { key: "message:never", state: "unknown" },
    ]);
    await expectBalanced(wallet, 3);
  });

  it("decides a void and a charge of the same key that arrive together one way only", async () => {
    const wallet = await givenWallet(50);
    const keys = Array.from({ length: 20 }, (_, i) => `message:race-${i}`);
    const answers = await Promise.all(
      keys.flatMap((key) => [wallet.charge(message(key)), wallet.voidKey({ key, now: NOW })]),
    );
    const states = await wallet.lookup(keys);
    for (const [i, state] of states.entries()) {
      const charged = answers[2 * i]!.outcome === "charged";
      const voided = (answers[2 * i + 1] as { outcome: string }).outcome === "voided";
      expect(charged !== voided).toBe(true);
      expect(state.state).toBe(charged ? "booked" : "void");
    }
    const booked = states.filter((state) => state.state === "booked").length;
    await expectBalanced(wallet, 50 - booked);
  });

  it("takes back only what is there, never below zero, and once per key", async () => {
    const wallet = await givenWallet(10);
    await wallet.charge(message("message:1", 7));
    expect(await wallet.takeBack({ key: "refund:1", amount: 10, reason: "refund", now: NOW })).toMatchObject({
      outcome: "taken",
      delta: -3,
      balance: 0,
    });
    // Nothing left: the take-back still books (0), so its key records that it happened.
    expect(await wallet.takeBack({ key: "chargeback:1", amount: 4, reason: "chargeback", now: NOW })).toMatchObject({
      outcome: "taken",
      delta: 0,
      balance: 0,
    });
    expect(await wallet.takeBack({ key: "refund:1", amount: 10, reason: "refund", now: NOW })).toMatchObject({
      outcome: "already",
      delta: -3,
    });
    await expectBalanced(wallet, 0);
  });

  it("gives back at most what the keys it names took, however the balance moved since", async () => {
    const wallet = await givenWallet(20);
    await wallet.takeBack({ key: "chargeback:9", amount: 8, reason: "chargeback", now: NOW });
    await wallet.charge(message("message:1", 12));
    // The bank reversed part of it: 5 of the 8 come back.
    const part = { reason: "chargeback" as const, now: NOW, of: ["chargeback:9"] };
    expect(await wallet.giveBack({ ...part, key: "chargeback:9:1", amount: 5 })).toMatchObject({ delta: 5 });
    // Asked for more than is left of the chain (3): only that.
    const chain = ["chargeback:9", "chargeback:9:1"];
    expect(await wallet.giveBack({ ...part, key: "chargeback:9:2", amount: 9, of: chain })).toMatchObject({
      outcome: "given",
      delta: 3,
      balance: 8,
    });
    // A failed refund gives back exactly what its booking took, and a key that took nothing gives nothing.
    await wallet.takeBack({ key: "refund:2", amount: 6, reason: "refund", now: NOW });
    const refund = { reason: "refund" as const, now: NOW };
    expect(await wallet.giveBack({ ...refund, key: "refund-failed:2", of: ["refund:2"] })).toMatchObject({ delta: 6 });
    expect(await wallet.giveBack({ ...refund, key: "refund-failed:3", of: ["refund:3"] })).toMatchObject({ delta: 0 });
    await expectBalanced(wallet, 8);
    const chainRows = await wallet.ledger({ limit: 10, keyPrefix: "chargeback:9" });
    expect(chainRows.map((row) => row.key)).toEqual(["chargeback:9:2", "chargeback:9:1", "chargeback:9"]);
  });

  it("lists the ledger newest first, a page at a time", async () => {
    const wallet = await givenWallet(10);
    for (let i = 1; i <= 4; i++) await wallet.charge({ ...message(`message:${i}`), note: `to ${i}`, now: NOW + i });
    const first = await wallet.ledger({ limit: 3 });
    expect(first.map((row) => row.key)).toEqual(["message:4", "message:3", "message:2"]);
    expect(first[0]).toMatchObject({ delta: -1, reason: "message", note: "to 4", createdAt: NOW + 4 });
    const next = await wallet.ledger({ limit: 3, before: first.at(-1)!.id });
    expect(next.map((row) => row.key)).toEqual(["message:1", "payment:1"]);
  });

  it("refuses malformed input without moving anything", async () => {
    const wallet = await givenWallet(5);
    const bad = [
      () => wallet.charge({ ...message("message:1"), amount: 0 }),
      () => wallet.charge({ ...message("message:1"), amount: 1.5 }),
      () => wallet.charge({ ...message(""), amount: 1 }),
      () => wallet.charge({ ...message("message:1"), reason: "purchase" as never }),
      () => wallet.credit({ key: "payment:2", amount: -5, reason: "purchase", now: NOW }),
      () => wallet.lookup([]),
      () => wallet.ledger({ limit: 0 }),
    ];
    for (const call of bad) expect(await refusal(call)).toBe("invalid_input");
    await expectBalanced(wallet, 5);
  });

  it("empties on erasure and refuses every key after it", async () => {
    const wallet = await givenWallet(10);
    await wallet.charge(message("message:1", 4));
    await wallet.voidKey({ key: "message:2", now: NOW });
    expect(await wallet.erase({ now: NOW })).toEqual({ erased: true, movements: 2 });
    expect(await wallet.erase({ now: NOW })).toEqual({ erased: true, movements: 0 });
    expect(await stored(wallet)).toEqual({ balance: 0, sum: 0, rows: 0 });
    expect(await wallet.ledger({ limit: 10 })).toEqual([]);
    // A payment webhook replayed after the erasure starts no new ledger.
    expect(await wallet.credit({ key: "payment:1", amount: 10, reason: "purchase", now: NOW })).toMatchObject({
      outcome: "void",
      balance: 0,
    });
    expect(await wallet.lookup(["message:1"])).toEqual([{ key: "message:1", state: "void" }]);
  });

  it("imports a ledger from D1 once however often it is sent, and checks it against D1's balance", async () => {
    const wallet = await givenWallet();
    const rows = [
      { key: "signup:7", delta: 20, reason: "signup_bonus" as const, note: null, createdAt: NOW },
      { key: "message:a", delta: -2, reason: "message" as const, note: null, createdAt: NOW + 1 },
      { key: "payment:3", delta: 50, reason: "purchase" as const, note: "package 2", createdAt: NOW + 2 },
      { key: "refund:3", delta: -50, reason: "refund" as const, note: null, createdAt: NOW + 3 },
    ];
    // The first page, then everything (a move cut short and begun again).
    expect(await wallet.import({ rows: rows.slice(0, 2), expectedBalance: 18 })).toMatchObject({
      imported: 2,
      matches: true,
    });
    expect(await wallet.import({ rows, expectedBalance: 18 })).toMatchObject({
      imported: 2,
      skipped: 2,
      refused: [],
      balance: 18,
      matches: true,
    });
    expect(await wallet.import({ rows, expectedBalance: 18 })).toMatchObject({
      imported: 0,
      skipped: 4,
      matches: true,
    });
    // D1 says another balance: the check fails.
    expect(await wallet.import({ rows, expectedBalance: 25 })).toMatchObject({ balance: 18, matches: false });
    await expectBalanced(wallet, 18);
    expect((await wallet.ledger({ limit: 1 }))[0]).toMatchObject({ key: "refund:3", createdAt: NOW + 3 });
  });

  it("refuses an import page that would overdraw the wallet, whole", async () => {
    const wallet = await givenWallet();
    const rows = [
      { key: "message:a", delta: -2, reason: "message" as const, note: null, createdAt: NOW },
      { key: "signup:7", delta: 20, reason: "signup_bonus" as const, note: null, createdAt: NOW + 1 },
    ];
    // Out of order: the charge before the bonus that paid for it.
    expect(await refusal(() => wallet.import({ rows, expectedBalance: 18 }))).toBe("invalid_input");
    // A good row first changes nothing: the page is refused whole.
    const first = [{ ...rows[1]!, key: "signup:8" }, ...rows, { ...rows[0]!, key: "message:b", delta: -40 }];
    expect(await refusal(() => wallet.import({ rows: first, expectedBalance: 0 }))).toBe("invalid_input");
    await expectBalanced(wallet, 0);
    expect((await stored(wallet)).rows).toBe(0);
  });

  it("answers with a balance that is the sum of its ledger and never negative, whatever comes in", async () => {
    const wallet = await givenWallet(20);
    // A seeded generator: the same 150 movements each run, over few keys, so repeats and voids happen.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return Math.floor((seed / 2 ** 31) * n);
    };
    const outcomes = new Set<string>();
    for (let i = 0; i < 150; i++) {
      const key = `key:${next(40)}`;
      const amount = 1 + next(15);
      const pick = next(5);
      const answer =
        pick === 0
          ? await wallet.charge({ key, amount, reason: "message", now: NOW })
          : pick === 1
            ? await wallet.credit({ key, amount, reason: "purchase", now: NOW })
            : pick === 2
              ? await wallet.takeBack({ key, amount, reason: "refund", now: NOW })
              : pick === 3
                ? await wallet.giveBack({ key, amount, reason: "refund", now: NOW, of: [`key:${next(40)}`] })
                : await wallet.voidKey({ key, now: NOW });
      outcomes.add(answer.outcome);
      const now = await stored(wallet);
      expect(now.sum).toBe(now.balance);
      expect(now.balance).toBeGreaterThanOrEqual(0);
      if ("balance" in answer) expect(answer.balance).toBe(now.balance);
    }
    // The run went through every kind of answer, refusals included.
    expect([...outcomes].sort()).toEqual(
      ["already", "booked", "charged", "credited", "given", "insufficient", "taken", "void", "voided"].sort(),
    );
  });

  it("keeps every movement it answered for across a restart of the object", async () => {
    const wallet = await givenWallet(30);
    await Promise.all(Array.from({ length: 10 }, (_, i) => wallet.charge(message(`message:${i}`, 2))));
    await wallet.voidKey({ key: "message:lost", now: NOW });
    const marked = Symbol.for("wallet.instance");
    await runInDurableObject(wallet, (instance: MemberWallet) => {
      (instance as unknown as Record<symbol, boolean>)[marked] = true;
    });
    // The instance dies: its memory is gone, only what it committed remains.
    await expect(
      runInDurableObject(wallet, (_wallet: MemberWallet, state) =>
        state.blockConcurrencyWhile(async () => {
          throw new Error("the instance dies");
        }),
      ),
    ).rejects.toThrow("the instance dies");
    const again = walletOf(env, members);
    const sameInstance = await runInDurableObject(
      again,
      (instance: MemberWallet) => (instance as unknown as Record<symbol, boolean>)[marked] === true,
    );
    expect(sameInstance).toBe(false);
    await expectBalanced(again, 10);
    expect((await stored(again)).rows).toBe(11);
    expect(await again.charge(message("message:3", 2))).toMatchObject({ outcome: "already", balance: 10 });
    expect(await again.charge(message("message:lost"))).toMatchObject({ outcome: "void" });
  });
});
