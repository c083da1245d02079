// A chat message spans two Durable Objects and D1: the room's own storage
// (order, content, delivery), the sender's wallet (the charge, the balance)
// and D1 (the summary: unread counts, the copy of the balance).
// These tests cut a send short between the two, the way a dying server does
// (the room is reset on the spot, nothing after the crash point runs), and
// prove that the room settles what was left half-done by itself, with no
// client retrying: a charged message is delivered once, an uncharged one goes,
// and the balance and unread counts equal what both members can see.
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OutgoingMessage, ServerFrame } from "#app/schemas/chat.ts";
import { SUMMARY_AFTER } from "#app/server/chat/room-storage.ts";
import { openConversation } from "#app/server/chat/rooms.ts";
import { roomStub } from "#app/server/chat/sockets.ts";
import { armCrash, type CrashPoint } from "#app/server/crash-points.ts";
import { conversationParticipants, users } from "#app/server/db/schema.ts";
import type { ConversationRoom } from "#workers/durable-objects/conversation-room.ts";
import {
  chatSocket,
  db,
  eventually,
  givenConversation,
  givenCredits,
  walletLedgerSum,
  walletOfMember,
} from "./fixtures.ts";

type StoredRow = { seq: number; client_id: string; state: string; created_at: number };

const storedRows = (conversation: number) =>
  runInDurableObject(roomStub(env, conversation), async (_room: ConversationRoom, state) =>
    state.storage.sql.exec<StoredRow>("select seq, client_id, state, created_at from messages order by seq").toArray(),
  );

const alarmOf = (conversation: number) =>
  runInDurableObject(roomStub(env, conversation), (_room: ConversationRoom, state) => state.storage.getAlarm());

/** Time passes in the room: its pending rows were written `ms` earlier. */
const ageRows = (conversation: number, ms: number) =>
  runInDurableObject(roomStub(env, conversation), async (_room: ConversationRoom, state) => {
    state.storage.sql.exec("update messages set created_at = created_at - ?", ms);
  });

const visibleTo = async (conversation: number, memberId: number) => {
  const frame = await runInDurableObject(roomStub(env, conversation), async (room: ConversationRoom) =>
    room.history(memberId, {}),
  );
  return frame.type === "messages" ? frame.messages : [];
};

const unreadOf = async (conversation: number, memberId: number) => {
  const [row] = await db
    .select({ n: conversationParticipants.unreadCount })
    .from(conversationParticipants)
    .where(
      and(eq(conversationParticipants.conversationId, conversation), eq(conversationParticipants.userId, memberId)),
    );
  return row?.n;
};

/** What must hold whatever moment the server died at. */
async function expectSettled(setup: { ann: number; bob: number; conversation: number }) {
  const { ann, bob, conversation } = setup;
  const rows = await storedRows(conversation);
  expect(
    rows.filter((r) => r.state !== "sent"),
    "pending rows left",
  ).toEqual([]);
  const seen = (await visibleTo(conversation, bob)).map((m) => m.clientId);
  const wallet = await walletOfMember(ann);
  const charged = wallet.ledger.filter((row) => row.reason === "message");
  // One charge per stored message, and every stored message visible to both.
  expect(charged).toHaveLength(rows.length);
  expect(charged.map((row) => row.key).sort()).toEqual(rows.map((r) => `msg:${ann}:${r.client_id}`).sort());
  expect(seen).toEqual(rows.map((r) => r.client_id));
  expect((await visibleTo(conversation, ann)).map((m) => m.clientId)).toEqual(seen);
  expect(charged.filter((row) => row.note === `conversation ${conversation}`)).toHaveLength(rows.length);
  expect(wallet.balance).toBe(await walletLedgerSum(ann));
  // D1's copy of the balance came with the summary, whether the send's answer was lost or not.
  const [copy] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, ann));
  expect(copy!.credits).toBe(wallet.balance);
  const [unread] = await db
    .select({ n: conversationParticipants.unreadCount })
    .from(conversationParticipants)
    .where(and(eq(conversationParticipants.conversationId, conversation), eq(conversationParticipants.userId, bob)));
  expect(unread!.n).toBe(seen.length);
}

async function sendDirectly(conversation: number, ann: number, message: OutgoingMessage) {
  const { meta } = await openConversation({ db, env }, ann, conversation);
  return runInDurableObject(roomStub(env, conversation), (room: ConversationRoom) =>
    room.send(meta, ann, message, { locale: "nl" }),
  );
}

const text = (clientId: string): OutgoingMessage => ({ kind: "text", clientId, text: `bericht ${clientId}` });

describe("a message whose send dies in the room", () => {
  it("charged but not yet marked sent: the room's alarm delivers it to both, once, with no retry", async () => {
    const setup = await givenConversation({ paid: true });
    await givenCredits(setup.ann, 5);
    armCrash("message:charged");
    await expect(sendDirectly(setup.conversation, setup.ann, text("crash-charged"))).rejects.toThrow();

    // Half-done: paid for in the wallet, invisible in the room.
    expect((await storedRows(setup.conversation)).map((r) => r.state)).toEqual(["pending"]);
    expect(await alarmOf(setup.conversation)).not.toBeNull();
    expect(await runDurableObjectAlarm(roomStub(env, setup.conversation))).toBe(true);

    await expectSettled(setup);
    expect((await visibleTo(setup.conversation, setup.bob)).map((m) => m.clientId)).toEqual(["crash-charged"]);
  });

  it("when D1 cannot be reached at the alarm, the room keeps asking until it can", async () => {
    const setup = await givenConversation({ paid: true });
    await givenCredits(setup.ann, 5);
    armCrash("message:charged");
    await expect(sendDirectly(setup.conversation, setup.ann, text("crash-d1-down"))).rejects.toThrow();

    const stub = roomStub(env, setup.conversation);
    await runInDurableObject(stub, async (room: ConversationRoom, state) => {
      const holder = room as unknown as { env: Env };
      const healthy = holder.env;
      const down = {
        prepare: () => {
          throw new Error("D1 unreachable");
        },
      } as unknown as D1Database;
      holder.env = { ...healthy, DB: down };
      await state.storage.deleteAlarm();
      try {
        await room.alarm();
      } finally {
        holder.env = healthy;
      }
    });
    expect((await storedRows(setup.conversation)).map((r) => r.state)).toEqual(["pending"]);
    expect(await alarmOf(setup.conversation)).not.toBeNull();

    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await expectSettled(setup);
  });

  it("stored but not charged: the alarm drops it once it cannot be in flight any more, and charges nothing", async () => {
    const setup = await givenConversation({ paid: true });
    await givenCredits(setup.ann, 5);
    armCrash("message:stored-pending");
    await expect(sendDirectly(setup.conversation, setup.ann, text("crash-pending"))).rejects.toThrow();
    expect((await storedRows(setup.conversation)).map((r) => r.state)).toEqual(["pending"]);

    // Too young to tell from a send still on its way to the wallet: kept, and the alarm comes back.
    expect(await runDurableObjectAlarm(roomStub(env, setup.conversation))).toBe(true);
    expect((await storedRows(setup.conversation)).map((r) => r.state)).toEqual(["pending"]);
    expect(await alarmOf(setup.conversation)).not.toBeNull();

    await ageRows(setup.conversation, 60_000);
    expect(await runDurableObjectAlarm(roomStub(env, setup.conversation))).toBe(true);
    expect(await storedRows(setup.conversation)).toEqual([]);
    await expectSettled(setup);
    expect(await walletLedgerSum(setup.ann)).toBe(5);
  });

  it("a room that starts again with pending rows settles them without waiting for its alarm", async () => {
    const setup = await givenConversation({ paid: true });
    await givenCredits(setup.ann, 5);
    armCrash("message:charged");
    await expect(sendDirectly(setup.conversation, setup.ann, text("crash-restart"))).rejects.toThrow();

    // The next visitor (the other member opening the chat) wakes the room; the message is there.
    const bob = await chatSocket(setup.bobCookie, setup.conversation);
    bob.send({ type: "hello", lastSeq: 0 });
    const delivered = () =>
      bob.frames.some(
        (f: ServerFrame) => f.type === "messages" && f.messages.some((m) => m.clientId === "crash-restart"),
      );
    expect(await eventually(delivered, 5000)).toBe(true);
    bob.ws.close(1000);
    await expectSettled(setup);
  });
});

describe("a message acknowledged before the room dies", () => {
  it("the summary that follows the acknowledgement is written by the room's alarm: unread counts match", async () => {
    const setup = await givenConversation({ paid: true });
    await givenCredits(setup.ann, 5);
    armCrash("message:acknowledged");
    // The sender has the answer: paid, stored, delivered.
    expect(await sendDirectly(setup.conversation, setup.ann, text("acked-1"))).toMatchObject({ type: "sent" });
    // The room dies when it sets out to write the summary, a moment later, before D1 counted the message unread.
    await new Promise((r) => setTimeout(r, SUMMARY_AFTER + 500));
    const unread = () =>
      db
        .select({ n: conversationParticipants.unreadCount })
        .from(conversationParticipants)
        .where(
          and(
            eq(conversationParticipants.conversationId, setup.conversation),
            eq(conversationParticipants.userId, setup.bob),
          ),
        );
    expect(await unread()).toEqual([{ n: 0 }]);

    expect(await runDurableObjectAlarm(roomStub(env, setup.conversation))).toBe(true);
    await expectSettled(setup);
    // Once more changes nothing: the summary counts each message once.
    await runInDurableObject(roomStub(env, setup.conversation), (room: ConversationRoom) => room.alarm());
    expect(await unread()).toEqual([{ n: 1 }]);
  });
});

describe("held messages of a member who confirms, when the room dies after releasing them", () => {
  it("are counted by the room's alarm: the unread count in D1 matches what the recipient sees", async () => {
    const setup = await givenConversation({ paid: true });
    await givenCredits(setup.ann, 5);
    await db.update(users).set({ status: "not_confirmed" }).where(eq(users.id, setup.ann));
    expect(await sendDirectly(setup.conversation, setup.ann, text("held-1"))).toMatchObject({ type: "sent" });
    expect(await visibleTo(setup.conversation, setup.bob)).toEqual([]);

    await db.update(users).set({ status: "active" }).where(eq(users.id, setup.ann));
    armCrash("message:released");
    const { deliverOnConfirmation } = await import("#app/server/chat/on-confirmed.ts");
    const { accountsApp } = await import("./fixtures.ts");
    await expect(deliverOnConfirmation(accountsApp(), setup.ann)).rejects.toThrow();
    // Released in the room, which died before D1's summary counted it.
    expect(await unreadOf(setup.conversation, setup.bob)).toBe(0);

    expect(await runDurableObjectAlarm(roomStub(env, setup.conversation))).toBe(true);
    await expectSettled(setup);
    expect((await visibleTo(setup.conversation, setup.bob)).map((m) => m.clientId)).toEqual(["held-1"]);
  });
});

describe("a burst of paid messages over the socket when the room dies mid-way", () => {
  it.each<CrashPoint>(["message:charged", "message:stored-pending"])(
    "crash at %s: every charged message ends up visible once, every uncharged one gone",
    async (point) => {
      const setup = await givenConversation({ paid: true });
      await givenCredits(setup.ann, 25);
      const ann = await chatSocket(setup.annCookie, setup.conversation);
      // The tenth message to reach the point is the one the server dies on.
      armCrash(point, 9);
      for (let i = 0; i < 20; i++) ann.send({ type: "send", message: text(`burst-${String(i).padStart(2, "0")}`) });
      // The room dies: the socket goes with it.
      expect(await eventually(() => ann.closed !== null, 5000)).toBe(true);

      // No client comes back; time passes and the room's alarm runs.
      await ageRows(setup.conversation, 60_000);
      await runDurableObjectAlarm(roomStub(env, setup.conversation));
      await expectSettled(setup);
      // Ten reached the wallet's charge at least, so ten at least are there to see.
      if (point === "message:charged") expect((await storedRows(setup.conversation)).length).toBeGreaterThanOrEqual(10);
    },
  );
});
