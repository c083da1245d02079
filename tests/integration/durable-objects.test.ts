import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TimeBonus } from "#workers/durable-objects/time-bonus.ts";

const meta = { conversationId: 77, members: [1, 2] };

async function connect(room: DurableObjectStub, memberId: number) {
  const response = await room.fetch("http://room/socket", {
    headers: {
      Upgrade: "websocket",
      "X-Room": JSON.stringify(meta),
      "X-Member-Id": String(memberId),
      "X-Session": JSON.stringify({ id: `session-${memberId}`, expiresAt: Date.now() + 60_000 }),
    },
  });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  socket.accept();
  const received: string[] = [];
  socket.addEventListener("message", (event) => received.push(String(event.data)));
  return { socket, received };
}

/** Waits up to a second for a frame to arrive, and fails the test if none does. */
const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check(), "the awaited frame never arrived").toBe(true);
};

describe("ConversationRoom", () => {
  it("relays between the two members over hibernatable WebSockets", async () => {
    const room = env.CONVERSATION_ROOM.get(env.CONVERSATION_ROOM.idFromName("conversation:77"));
    const a = await connect(room, 1);
    const b = await connect(room, 2);
    a.socket.send(JSON.stringify({ type: "typing" }));
    await until(() => b.received.length > 0);
    expect(b.received.map((f) => JSON.parse(f))).toEqual([{ type: "typing", memberId: 1 }]);
    b.socket.send(JSON.stringify({ type: "ping" }));
    await until(() => b.received.length > 1);
    expect(JSON.parse(b.received[1]!)).toEqual({ type: "pong" });
    a.socket.close(1000, "done");
    b.socket.close(1000, "done");
  });

  it("refuses plain HTTP and members of other conversations", async () => {
    const room = env.CONVERSATION_ROOM.get(env.CONVERSATION_ROOM.idFromName("conversation:78"));
    expect((await room.fetch("http://room/socket")).status).toBe(426);
    const stranger = await room.fetch("http://room/socket", {
      headers: { Upgrade: "websocket", "X-Room": JSON.stringify(meta), "X-Member-Id": "3" },
    });
    expect(stranger.status).toBe(403);
  });
});

describe("TimeBonus", () => {
  it("keeps one bonus per member until its alarm clears it", async () => {
    const stub = env.TIME_BONUS.get(env.TIME_BONUS.idFromName("member:1"));
    const expiresAt = Date.now() + 60_000;
    await stub.start({ code: "TIMEBONUS25", expiresAt });
    // Not started twice: the first window stays.
    const again = await stub.start({ code: "TIMEBONUS25", expiresAt: expiresAt + 99_000 });
    expect(again.expiresAt).toBe(expiresAt);
    expect(await stub.get(Date.now())).toEqual({ code: "TIMEBONUS25", expiresAt });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stub.get(Date.now())).toBeNull();
    await runInDurableObject(stub, async (_instance: TimeBonus, state) => {
      expect(await state.storage.get("state")).toBeUndefined();
    });
  });
});
