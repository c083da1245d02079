import { env, evictDurableObject, runInDurableObject, SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ChatMessage, ServerFrame } from "#app/schemas/chat.ts";
import { openConversation } from "#app/server/chat/rooms.ts";
import { roomStub } from "#app/server/chat/sockets.ts";
import { conversationParticipants, users } from "#app/server/db/schema.ts";
import type { ConversationRoom } from "#workers/durable-objects/conversation-room.ts";
import { messageRows } from "../../scripts/bench/lib/d1-rows.ts";
import {
  appContext,
  db,
  givenAccount,
  givenCredits,
  sessionCookieFor,
  walletLedgerSum,
  walletOfMember,
} from "./fixtures.ts";

const BASE = "http://localhost";
const headers = (cookie: string) => ({
  Cookie: cookie,
  Origin: BASE,
  "X-Requested-With": "XMLHttpRequest",
  "Content-Type": "application/json",
});

async function pairWithConversation(options: { paid?: boolean } = {}) {
  const ann = await givenAccount({ name: "Ann" });
  const bob = await givenAccount({ name: "Bob", gender: "male" });
  if (options.paid) await db.update(users).set({ paidUser: true }).where(eq(users.id, ann));
  const { startConversation } = await import("#app/server/chat/conversations.ts");
  const { appContext } = await import("./fixtures.ts");
  const conversation = await startConversation(appContext(), { id: ann, paidUser: !!options.paid }, bob);
  return { ann, bob, conversation, annCookie: await sessionCookieFor(ann), bobCookie: await sessionCookieFor(bob) };
}

const send = (cookie: string, conversation: number, clientId: string, text = `hello ${clientId}`) =>
  SELF.fetch(`${BASE}/api/chat/messages`, {
    method: "POST",
    headers: headers(cookie),
    body: JSON.stringify({ conversation, message: { kind: "text", clientId, text } }),
  });

async function socket(cookie: string, conversation: number) {
  const response = await SELF.fetch(`${BASE}/api/chat/socket?conversation=${conversation}`, {
    headers: { Cookie: cookie, Origin: BASE, Upgrade: "websocket" },
  });
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  ws.accept();
  const frames: ServerFrame[] = [];
  ws.addEventListener("message", (event) => frames.push(JSON.parse(String(event.data)) as ServerFrame));
  return { ws, frames, send: (frame: unknown) => ws.send(JSON.stringify(frame)) };
}

const until = async (check: () => boolean, ms = 3000) => {
  for (let waited = 0; waited < ms && !check(); waited += 10) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

/** A member's unread count, once the summary behind the messages has reached `expected` (or the wait ran out). */
async function unreadOnceSettled(conversation: number, memberId: number, expected: number) {
  const read = async () =>
    (
      await db
        .select({ n: conversationParticipants.unreadCount })
        .from(conversationParticipants)
        .where(
          and(eq(conversationParticipants.conversationId, conversation), eq(conversationParticipants.userId, memberId)),
        )
    )[0]!.n;
  for (let waited = 0; waited < 3000 && (await read()) !== expected; waited += 20)
    await new Promise((r) => setTimeout(r, 20));
  return read();
}

/** D1's copy of a member's balance, once the summary behind the messages has brought `expected` (or the wait ran out). */
async function copiedBalance(memberId: number, expected: number) {
  const read = async () => (await db.select().from(users).where(eq(users.id, memberId)))[0]!.credits;
  for (let waited = 0; waited < 3000 && (await read()) !== expected; waited += 20)
    await new Promise((r) => setTimeout(r, 20));
  return read();
}

const messagesIn = (frames: ServerFrame[]) =>
  frames.flatMap((f) => (f.type === "messages" ? f.messages : [])) as ChatMessage[];

describe("paid messages", () => {
  it("100 concurrent sends with 10 credits store and charge exactly 10, never below zero", async () => {
    const { ann, conversation, annCookie } = await pairWithConversation({ paid: true });
    await givenCredits(ann, 10);
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        send(annCookie, conversation, `burst-${i.toString().padStart(3, "0")}`).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    // The rest is refused: no credits left, or past the per-minute message limit (40).
    expect(statuses.filter((s) => s === 429).length).toBeLessThanOrEqual(60);
    expect(statuses.filter((s) => s === 402 || s === 429)).toHaveLength(90);
    const wallet = await walletOfMember(ann);
    expect(wallet.balance).toBe(0);
    expect(await walletLedgerSum(ann)).toBe(0);
    // The messages live in the room only: the wallet holds their charges, each naming the conversation.
    expect(wallet.ledger.filter((row) => row.note === `conversation ${conversation}`)).toHaveLength(10);
    // D1's copy of the balance follows behind the answers, with the summary.
    expect(await copiedBalance(ann, 0)).toBe(0);
    const stored = await runInDurableObject(roomStub(env, conversation), async (_room: ConversationRoom, state) =>
      state.storage.sql.exec("select count(*) as n from messages where state = 'sent'").one(),
    );
    expect(stored).toEqual({ n: 10 });
  });

  it("the same message sent five times is stored and charged once", async () => {
    const { ann, bob, conversation, annCookie } = await pairWithConversation({ paid: true });
    await givenCredits(ann, 10);
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(annCookie, conversation, "same-message-1")));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const seqs = await Promise.all(
      answers.map(async (a) => ((await a.json()) as { message: ChatMessage }).message.seq),
    );
    expect(new Set(seqs).size).toBe(1);
    const wallet = await walletOfMember(ann);
    expect(wallet.balance).toBe(9);
    expect(wallet.ledger.filter((row) => row.reason === "message")).toHaveLength(1);
    expect(await copiedBalance(ann, 9)).toBe(9);
    expect(await unreadOnceSettled(conversation, bob, 1)).toBe(1);
  });

  it("writes no D1 row for a paid message before its answer, and a burst's summary behind it", async () => {
    const { ann, bob, conversation } = await pairWithConversation({ paid: true });
    await givenCredits(ann, 10);
    const message = { conversationId: conversation, senderId: ann, recipientId: bob, seq: 1, clientId: "counted-1" };
    // The charge is the wallet's and the message the room's: D1 only reads the send rules.
    const rows = await messageRows(env, { ...message, kind: "text", preview: "hoi" });
    expect(rows.hot.rowsWritten).toBe(0);
    expect(rows.hot.statements).toBe(1);
    // Once for a whole burst: both members' sides of the conversation, its summary mark, the
    // day's message total (the day's first burst adds its row with its key; later ones one row)
    // and D1's copy of the sender's balance.
    expect(rows.behind.rowsWritten).toBeLessThanOrEqual(6);
    expect(await walletLedgerSum(ann)).toBe(9);
    expect((await db.select().from(users).where(eq(users.id, ann)))[0]!.credits).toBe(9);
  });
});

describe("the conversation room", () => {
  it("is told each member's domain and whether they are fictional when it is opened, and keeps it", async () => {
    const { ann, bob, conversation, annCookie } = await pairWithConversation({ paid: true });
    await givenCredits(ann, 5);
    const { meta } = await openConversation(appContext(), ann, conversation);
    const domain = "localhost";
    expect(meta.facts).toEqual([
      { id: ann, domain, fictional: false },
      { id: bob, domain, fictional: false },
    ]);
    expect((await send(annCookie, conversation, "told-0001")).status).toBe(201);
    // Kept with the room's storage: a new instance prices and routes without asking D1 who the members are.
    const kept = await runInDurableObject(roomStub(env, conversation), async (_room: ConversationRoom, state) =>
      JSON.parse(state.storage.sql.exec<{ value: string }>("select value from meta where key = 'room'").one().value),
    );
    expect(kept.facts).toEqual(meta.facts);
  });

  it("delivers in real time to the other member, with typing and read receipts", async () => {
    const { ann, bob, conversation, annCookie, bobCookie } = await pairWithConversation({ paid: true });
    await givenCredits(ann, 5);
    const a = await socket(annCookie, conversation);
    const b = await socket(bobCookie, conversation);
    a.send({ type: "typing" });
    await until(() => b.frames.some((f) => f.type === "typing" && f.memberId === ann));
    a.send({ type: "send", message: { kind: "text", clientId: "live-0001", text: "Hoi Bob!" } });
    await until(() => messagesIn(b.frames).some((m) => m.text === "Hoi Bob!"));
    await until(() => a.frames.some((f) => f.type === "sent" && f.credits === 4));
    const seq = messagesIn(b.frames)[0]!.seq;
    b.send({ type: "read", seq });
    await until(() => a.frames.some((f) => f.type === "read" && f.memberId === bob));
    const [participant] = await db
      .select()
      .from(conversationParticipants)
      .where(and(eq(conversationParticipants.conversationId, conversation), eq(conversationParticipants.userId, bob)));
    expect(participant).toMatchObject({ unreadCount: 0, lastReadSeq: seq });
    a.ws.close(1000);
    b.ws.close(1000);
  });

  it("refuses a message longer than the domain's message_length, and free members past the credits", async () => {
    const { conversation, annCookie } = await pairWithConversation();
    const long = await send(annCookie, conversation, "too-long-1", "x".repeat(501));
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: string }).error).toBe("message_too_long");
    const broke = await send(annCookie, conversation, "broke-001");
    expect(broke.status).toBe(402);
    expect(((await broke.json()) as { error: string }).error).toBe("insufficient_credits");
  });

  it("loses and duplicates nothing when the room is evicted mid-conversation and a client reconnects", async () => {
    const { ann, conversation, annCookie, bobCookie } = await pairWithConversation({ paid: true });
    await givenCredits(ann, 10);
    for (const id of ["evict-01", "evict-02", "evict-03"])
      expect((await send(annCookie, conversation, id)).status).toBe(201);
    await evictDurableObject(roomStub(env, conversation));
    for (const id of ["evict-04", "evict-05"]) expect((await send(annCookie, conversation, id)).status).toBe(201);
    const b = await socket(bobCookie, conversation);
    b.send({ type: "hello", lastSeq: 2 });
    await until(() => messagesIn(b.frames).length === 3);
    expect(messagesIn(b.frames).map((m) => m.clientId)).toEqual(["evict-03", "evict-04", "evict-05"]);
    expect(messagesIn(b.frames).map((m) => m.seq)).toEqual([3, 4, 5]);
    b.ws.close(1000);
  });

  it("completes a message left pending by a crash when the client retries, charging once", async () => {
    const { ann, conversation, annCookie } = await pairWithConversation({ paid: true });
    await givenCredits(ann, 10);
    expect((await send(annCookie, conversation, "before-crash")).status).toBe(201);
    // The room stored the message, then died before D1 answered.
    await runInDurableObject(roomStub(env, conversation), async (_room: ConversationRoom, state) => {
      state.storage.sql.exec(
        "insert into messages (seq, client_id, sender_id, kind, body, created_at, state) values (2, 'crashed-01', ?, 'text', 'still here?', 1, 'pending')",
        ann,
      );
    });
    const retried = await send(annCookie, conversation, "crashed-01", "still here?");
    expect(retried.status).toBe(201);
    expect(((await retried.json()) as { message: ChatMessage }).message).toMatchObject({ seq: 2, text: "still here?" });
    expect((await send(annCookie, conversation, "crashed-01", "still here?")).status).toBe(201);
    expect((await walletOfMember(ann)).balance).toBe(8);
    expect(await copiedBalance(ann, 8)).toBe(8);
  });

  it("holds messages of an unconfirmed member until they confirm", async () => {
    const { ann, bob, conversation, annCookie, bobCookie } = await pairWithConversation({ paid: true });
    await givenCredits(ann, 5);
    await db.update(users).set({ status: "not_confirmed" }).where(eq(users.id, ann));
    expect((await send(annCookie, conversation, "held-0001", "wait for me")).status).toBe(201);
    const b = await socket(bobCookie, conversation);
    b.send({ type: "hello", lastSeq: 0 });
    await until(() => b.frames.some((f) => f.type === "messages"));
    expect(messagesIn(b.frames)).toEqual([]);
    await db.update(users).set({ status: "active" }).where(eq(users.id, ann));
    const { deliverOnConfirmation } = await import("#app/server/chat/on-confirmed.ts");
    const { accountsApp } = await import("./fixtures.ts");
    await deliverOnConfirmation(accountsApp(), ann);
    await until(() => messagesIn(b.frames).some((m) => m.text === "wait for me"));
    expect(await unreadOnceSettled(conversation, bob, 1)).toBe(1);
    b.ws.close(1000);
  });
});

describe("authorization", () => {
  it("keeps a third member out of a pair's conversation over HTTP and WebSocket", async () => {
    const { conversation } = await pairWithConversation({ paid: true });
    const eve = await givenAccount({ name: "Eve" });
    const eveCookie = await sessionCookieFor(eve);
    const read = await SELF.fetch(`${BASE}/api/chat/messages?conversation=${conversation}`, {
      headers: headers(eveCookie),
    });
    expect(read.status).toBe(404);
    expect((await send(eveCookie, conversation, "intruder-1")).status).toBe(404);
    const removal = await SELF.fetch(`${BASE}/api/chat.php`, {
      method: "DELETE",
      headers: headers(eveCookie),
      body: JSON.stringify({ conversation }),
    });
    expect(removal.status).toBe(404);
    const upgrade = await SELF.fetch(`${BASE}/api/chat/socket?conversation=${conversation}`, {
      headers: { Cookie: eveCookie, Origin: BASE, Upgrade: "websocket" },
    });
    expect(upgrade.status).toBe(404);
    const visitor = await SELF.fetch(`${BASE}/api/chat/socket?conversation=${conversation}`, {
      headers: { Origin: BASE, Upgrade: "websocket" },
    });
    expect(visitor.status).toBe(403);
  });

  it("lists only the member's own chats, and removing one hides it from that member only", async () => {
    const { conversation, annCookie, bobCookie, ann, bob } = await pairWithConversation({ paid: true });
    await givenCredits(ann, 5);
    await send(annCookie, conversation, "listed-01", "Hallo daar");
    await unreadOnceSettled(conversation, bob, 1);
    const list = async (cookie: string) =>
      (
        (await (await SELF.fetch(`${BASE}/api/chats.php`, { headers: headers(cookie) })).json()) as {
          chats: { conversation: { id: number }; num_unread_messages: number; last_message: { preview: string } }[];
        }
      ).chats;
    expect((await list(bobCookie))[0]).toMatchObject({
      conversation: { id: conversation },
      num_unread_messages: 1,
      last_message: { preview: "Hallo daar" },
    });
    await SELF.fetch(`${BASE}/api/chat.php`, {
      method: "DELETE",
      headers: headers(bobCookie),
      body: JSON.stringify({ conversation }),
    });
    expect(await list(bobCookie)).toEqual([]);
    expect(await list(annCookie)).toHaveLength(1);
    await send(annCookie, conversation, "listed-02", "Nog daar?");
    // Back in Bob's list once the room has counted the message for him.
    expect(await unreadOnceSettled(conversation, bob, 1)).toBe(1);
    expect(await list(bobCookie)).toHaveLength(1);
  });

  it("lets a free member start two conversations, then asks for premium", async () => {
    const ann = await givenAccount();
    const others = await Promise.all([0, 1, 2].map(() => givenAccount({ gender: "male" })));
    const { startConversation } = await import("#app/server/chat/conversations.ts");
    const { appContext } = await import("./fixtures.ts");
    await startConversation(appContext(), { id: ann, paidUser: false }, others[0]!);
    await startConversation(appContext(), { id: ann, paidUser: false }, others[1]!);
    await expect(startConversation(appContext(), { id: ann, paidUser: false }, others[2]!)).rejects.toMatchObject({
      code: "premium_only",
    });
    // An existing conversation is always reachable.
    await expect(startConversation(appContext(), { id: ann, paidUser: false }, others[0]!)).resolves.toBeGreaterThan(0);
  });
});
