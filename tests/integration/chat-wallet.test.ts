// A paid message is charged by its sender's wallet, a Durable Object apart
// from the room: once per message key however many sends of it race, settled
// by asking the wallet after a crash (a key the room gives up is refused for
// good), and only after every credit D1 recorded for the sender is applied.
import { env, runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "#app/schemas/chat.ts";
import { recordMessage } from "#app/server/chat/send-message.ts";
import { roomStub } from "#app/server/chat/sockets.ts";
import { recordCredit } from "#app/server/credits/movements.ts";
import { walletOf } from "#app/server/credits/wallet.ts";
import { creditLedger, users } from "#app/server/db/schema.ts";
import type { ConversationRoom } from "#workers/durable-objects/conversation-room.ts";
import {
  apiHeaders,
  appContext,
  db,
  givenConversation,
  givenCredits,
  NOW,
  SITE,
  walletLedgerSum,
  walletOfMember,
} from "./fixtures.ts";

const send = (cookie: string, conversation: number, clientId: string) =>
  SELF.fetch(`${SITE}/api/chat/messages`, {
    method: "POST",
    headers: apiHeaders(cookie),
    body: JSON.stringify({ conversation, message: { kind: "text", clientId, text: `hallo ${clientId}` } }),
  });

const storedRows = (conversation: number) =>
  runInDurableObject(roomStub(env, conversation), async (_room: ConversationRoom, state) =>
    state.storage.sql
      .exec<{ seq: number; client_id: string; state: string }>(
        "select seq, client_id, state from messages order by seq",
      )
      .toArray(),
  );

/** A send the room wrote as pending and died on, `age` ms ago. */
const pendingLeftBehind = (conversation: number, senderId: number, clientId: string, age: number) =>
  runInDurableObject(roomStub(env, conversation), async (_room: ConversationRoom, state) => {
    state.storage.sql.exec(
      `insert into messages (seq, client_id, sender_id, kind, body, created_at, state)
       values ((select coalesce(max(seq), 0) + 1 from messages), ?, ?, 'text', 'left behind', ?, 'pending')`,
      clientId,
      senderId,
      Date.now() - age,
    );
    await state.storage.setAlarm(Date.now());
  });

describe("a paid message and its sender's wallet", () => {
  it("100 concurrent sends of one message charge the wallet once", async () => {
    const { ann, conversation, annCookie } = await givenConversation({ paid: true });
    await givenCredits(ann, 10);
    const answers = await Promise.all(Array.from({ length: 100 }, () => send(annCookie, conversation, "one-key-1")));
    // Sent, or past the per-minute message limit before the room stored it: never refused for credits.
    expect(answers.every((a) => a.status === 201 || a.status === 429)).toBe(true);
    const sent = answers.filter((a) => a.status === 201);
    expect(sent.length).toBeGreaterThan(0);
    const seqs = await Promise.all(sent.map(async (a) => ((await a.json()) as { message: ChatMessage }).message.seq));
    expect(new Set(seqs)).toEqual(new Set([1]));
    const wallet = await walletOfMember(ann);
    expect(wallet.ledger.filter((row) => row.key === `msg:${ann}:one-key-1`)).toHaveLength(1);
    expect(wallet.balance).toBe(9);
    expect(await walletLedgerSum(ann)).toBe(9);
    expect(await storedRows(conversation)).toEqual([{ seq: 1, client_id: "one-key-1", state: "sent" }]);
  });

  it("the same key recorded 100 times at once: charged once, every other answer 'already' at that cost", async () => {
    const { ann, bob, conversation } = await givenConversation({ paid: true });
    await givenCredits(ann, 10);
    const app = { ...appContext(), now: Date.now };
    const record = { conversationId: conversation, senderId: ann, recipientId: bob, seq: 1, clientId: "raced-1" };
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => recordMessage(app, { ...record, kind: "text", preview: "hoi" })),
    );
    expect(answers.filter((a) => a.outcome === "charged")).toHaveLength(1);
    expect(answers.filter((a) => a.outcome === "already" && a.cost === 1)).toHaveLength(99);
    expect((await walletOfMember(ann)).balance).toBe(9);
  });

  it("a sender whose purchase D1 recorded but did not apply yet can send: it is applied first", async () => {
    const { ann, conversation, annCookie } = await givenConversation({ paid: true });
    // The webhook's batch recorded it; its wallet call never came (the Worker died right after).
    await recordCredit(db, { userId: ann, amount: 3, reason: "purchase", idempotencyKey: "unapplied-1", now: NOW });
    const answer = await send(annCookie, conversation, "after-purchase-1");
    expect(answer.status).toBe(201);
    expect(((await answer.json()) as { credits: number }).credits).toBe(2);
    const [record] = await db.select().from(creditLedger).where(eq(creditLedger.idempotencyKey, "unapplied-1"));
    expect(record).toMatchObject({ outcome: "booked", delta: 3 });
    expect(record!.appliedAt).not.toBeNull();
    const wallet = await walletOfMember(ann);
    expect(wallet.ledger.map((row) => row.key)).toEqual([`msg:${ann}:after-purchase-1`, "unapplied-1"]);
    expect(wallet.balance).toBe(2);
  });
});

describe("a pending row a crash left, settled by asking the sender's wallet", () => {
  it("charged by the wallet: delivered, and D1's copy of the balance follows", async () => {
    const { ann, bob, conversation, annCookie } = await givenConversation({ paid: true });
    await givenCredits(ann, 6);
    expect((await send(annCookie, conversation, "before-1")).status).toBe(201);
    await pendingLeftBehind(conversation, ann, "charged-then-died", 0);
    // The charge reached the wallet; the room died before it heard the answer.
    const charged = await walletOf(env, ann).charge({
      key: `msg:${ann}:charged-then-died`,
      amount: 1,
      reason: "message",
      note: `conversation ${conversation}`,
      now: Date.now(),
    });
    expect(charged.outcome).toBe("charged");
    expect(await runDurableObjectAlarm(roomStub(env, conversation))).toBe(true);
    expect((await storedRows(conversation)).map((row) => row.state)).toEqual(["sent", "sent"]);
    const seen = await runInDurableObject(roomStub(env, conversation), async (room: ConversationRoom) =>
      room.history(bob, {}),
    );
    expect(seen.type === "messages" && seen.messages.map((m) => m.clientId)).toEqual(["before-1", "charged-then-died"]);
    expect((await db.select().from(users).where(eq(users.id, ann)))[0]!.credits).toBe(4);
  });

  it("unknown to the wallet and too old to be on its way: given up, and a late charge of its key is refused", async () => {
    const { ann, conversation, annCookie } = await givenConversation({ paid: true });
    await givenCredits(ann, 6);
    expect((await send(annCookie, conversation, "before-1")).status).toBe(201);
    // Young, it may be a send still on its way: kept.
    await pendingLeftBehind(conversation, ann, "never-charged", 0);
    await runDurableObjectAlarm(roomStub(env, conversation));
    expect((await storedRows(conversation)).map((row) => row.state)).toEqual(["sent", "pending"]);
    await runInDurableObject(roomStub(env, conversation), async (_room: ConversationRoom, state) => {
      state.storage.sql.exec("update messages set created_at = created_at - 60000 where state = 'pending'");
    });
    await runDurableObjectAlarm(roomStub(env, conversation));
    expect((await storedRows(conversation)).map((row) => row.client_id)).toEqual(["before-1"]);
    const key = `msg:${ann}:never-charged`;
    expect(await walletOf(env, ann).lookup([key])).toEqual([{ key, state: "void" }]);
    // The charge that was on its way arrives after all: refused, nothing taken.
    const late = await walletOf(env, ann).charge({ key, amount: 1, reason: "message", now: Date.now() });
    expect(late.outcome).toBe("void");
    // And so is the client's own retry: not stored, not charged, the text back with its sender.
    const retried = await send(annCookie, conversation, "never-charged");
    expect(retried.status).toBe(409);
    expect(await retried.json()).toMatchObject({ error: "message_given_up" });
    expect((await storedRows(conversation)).map((row) => row.client_id)).toEqual(["before-1"]);
    expect((await walletOfMember(ann)).balance).toBe(5);
    expect(await walletLedgerSum(ann)).toBe(5);
  });
});
