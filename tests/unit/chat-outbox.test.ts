// @vitest-environment happy-dom
// The chat client's outbox across page loads: what the member sent is stored
// under outbox:<member>:<conversation> until the room confirms or refuses it,
// shown as "sending" when the conversation opens again and sent once more with
// the same clientId; what the room refused is said and forgotten, and whatever
// storage holds that is not a message never breaks the chat.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConversationTransport } from "#app/components/chat/conversation-transport.ts";
import type { ChatMessage } from "#app/schemas/chat.ts";
import { FakeSocket } from "./fake-socket.ts";

const KEY = "outbox:1:7";

const stored = [
  { message: { kind: "text", clientId: "stored-text-1", text: "Nog even dit" }, createdAt: 1_700_000_000_000 },
  { message: { kind: "gift", clientId: "stored-gift-2", giftId: 4 }, createdAt: 1_700_000_001_000 },
  { message: { kind: "photo", clientId: "stored-photo-3", photo: "c/7/abc_DEF-1.jpg" }, createdAt: 1_700_000_002_000 },
];

const confirmed = (clientId: string, seq: number, text = "Nog even dit"): ChatMessage => ({
  seq,
  clientId,
  senderId: 1,
  kind: "text",
  text,
  gift: null,
  photo: null,
  createdAt: 1_700_000_003_000,
  held: false,
});

const storedIds = () => {
  const raw = localStorage.getItem(KEY);
  return raw ? (JSON.parse(raw) as { message: { clientId: string } }[]).map((e) => e.message.clientId) : [];
};

function client(initial: ChatMessage[] = []) {
  const rejected = vi.fn();
  const conversation = new ConversationTransport({
    conversationId: 7,
    memberId: 1,
    otherId: 2,
    initial: { messages: initial, hasOlder: false, otherReadSeq: 0 },
    onRejected: rejected,
    onSessionEnded: vi.fn(),
    onConversationClosed: vi.fn(),
  });
  return { conversation, rejected };
}

beforeEach(() => {
  // A little after the stored messages below were written.
  vi.setSystemTime(1_700_000_100_000);
  localStorage.clear();
  vi.stubGlobal("WebSocket", FakeSocket);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeSocket.opened = [];
  localStorage.clear();
});

describe("the chat outbox in the browser's storage", () => {
  it("stores a message as soon as it is sent, and forgets it when the room confirms it", () => {
    const { conversation } = client();
    conversation.start();
    const socket = FakeSocket.opened.at(-1)!;
    socket.open();
    socket.answerHello();
    const clientId = conversation.send({ kind: "text", text: "Hoi" });
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual([
      { message: { kind: "text", clientId, text: "Hoi" }, createdAt: expect.any(Number) },
    ]);
    socket.receive({ type: "sent", clientId, message: confirmed(clientId, 1, "Hoi"), credits: 90 });
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(conversation.state.pending).toEqual([]);
    conversation.stop();
  });

  it("shows stored messages as sending when the conversation opens, and sends each once with its clientId", () => {
    localStorage.setItem(KEY, JSON.stringify(stored));
    const { conversation } = client();
    // React's StrictMode starts, stops and starts again: still one copy of each.
    conversation.start();
    conversation.stop();
    conversation.start();
    expect(conversation.state.pending).toEqual([
      {
        clientId: "stored-text-1",
        message: { kind: "text", text: "Nog even dit" },
        preview: null,
        status: "sending",
        createdAt: 1_700_000_000_000,
      },
      {
        clientId: "stored-gift-2",
        message: { kind: "gift", giftId: 4 },
        preview: null,
        status: "sending",
        createdAt: 1_700_000_001_000,
      },
      {
        clientId: "stored-photo-3",
        message: { kind: "photo", photo: "c/7/abc_DEF-1.jpg" },
        preview: null,
        status: "sending",
        createdAt: 1_700_000_002_000,
      },
    ]);
    const socket = FakeSocket.opened.at(-1)!;
    socket.open();
    socket.answerHello();
    expect(socket.sends()).toEqual(stored.map((e) => e.message));
    expect(storedIds()).toEqual(["stored-text-1", "stored-gift-2", "stored-photo-3"]);
    conversation.stop();
  });

  it("does not send a stored message again when the socket reconnects while it is in flight", () => {
    vi.useFakeTimers();
    localStorage.setItem(KEY, JSON.stringify(stored.slice(0, 1)));
    const { conversation } = client();
    conversation.start();
    const first = FakeSocket.opened.at(-1)!;
    first.open();
    first.answerHello();
    expect(first.sends()).toHaveLength(1);

    // The socket drops before the room answered; the room had stored it meanwhile.
    first.closedByServer(1006);
    vi.advanceTimersByTime(2_000);
    const second = FakeSocket.opened.at(-1)!;
    expect(second).not.toBe(first);
    second.open();
    expect(second.frames("hello")).toHaveLength(1);
    expect(second.sends()).toEqual([]);
    second.answerHello([confirmed("stored-text-1", 1)]);
    expect(second.sends()).toEqual([]);
    expect(conversation.state.pending).toEqual([]);
    expect(conversation.state.messages.map((m) => m.clientId)).toEqual(["stored-text-1"]);
    expect(localStorage.getItem(KEY)).toBeNull();
    conversation.stop();
  });

  it("sends a stored message once more on a new socket when the room does not have it", () => {
    vi.useFakeTimers();
    localStorage.setItem(KEY, JSON.stringify(stored.slice(0, 1)));
    const { conversation } = client();
    conversation.start();
    const first = FakeSocket.opened.at(-1)!;
    first.open();
    first.answerHello();
    first.closedByServer(1006);
    vi.advanceTimersByTime(2_000);
    const second = FakeSocket.opened.at(-1)!;
    second.open();
    // A message typed while the room has not answered the hello yet goes at once, and once.
    const typed = conversation.send({ kind: "text", text: "En dit" });
    second.answerHello();
    expect(second.sends()).toEqual([{ kind: "text", clientId: typed, text: "En dit" }, stored[0]!.message]);
    conversation.stop();
  });

  it("says why the room refused a stored message, forgets it and never sends it again", () => {
    vi.useFakeTimers();
    localStorage.setItem(KEY, JSON.stringify(stored.slice(0, 2)));
    const { conversation, rejected } = client();
    conversation.start();
    const first = FakeSocket.opened.at(-1)!;
    first.open();
    first.answerHello();
    first.receive({
      type: "error",
      clientId: "stored-text-1",
      code: "insufficient_credits",
      message: "Je hebt niet genoeg credits.",
    });
    expect(conversation.state.alert).toEqual({ code: "insufficient_credits", message: "Je hebt niet genoeg credits." });
    expect(rejected).toHaveBeenCalledWith({ kind: "text", text: "Nog even dit" }, "insufficient_credits");
    expect(conversation.state.pending.map((p) => p.clientId)).toEqual(["stored-gift-2"]);
    expect(storedIds()).toEqual(["stored-gift-2"]);

    // "retry" is no refusal: that one stays stored and goes again.
    first.receive({ type: "error", clientId: "stored-gift-2", code: "retry", message: "" });
    expect(storedIds()).toEqual(["stored-gift-2"]);

    first.closedByServer(1006);
    vi.advanceTimersByTime(2_000);
    const second = FakeSocket.opened.at(-1)!;
    second.open();
    second.answerHello();
    expect(second.sends().map((m) => m.clientId)).toEqual(["stored-gift-2"]);
    conversation.stop();

    // Nor on the next page load.
    const again = client().conversation;
    again.start();
    expect(again.state.pending.map((p) => p.clientId)).toEqual(["stored-gift-2"]);
    again.stop();
  });

  it("forgets a stored message the page already shows, without sending it", () => {
    localStorage.setItem(KEY, JSON.stringify(stored.slice(0, 1)));
    const { conversation } = client([confirmed("stored-text-1", 1)]);
    conversation.start();
    expect(conversation.state.pending).toEqual([]);
    expect(localStorage.getItem(KEY)).toBeNull();
    const socket = FakeSocket.opened.at(-1)!;
    socket.open();
    socket.answerHello();
    expect(socket.sends()).toEqual([]);
    conversation.stop();
  });

  it("starts as usual whatever else storage holds", () => {
    localStorage.setItem(KEY, "{not json");
    const { conversation } = client();
    conversation.start();
    expect(conversation.state.pending).toEqual([]);
    const socket = FakeSocket.opened.at(-1)!;
    socket.open();
    socket.answerHello();
    const clientId = conversation.send({ kind: "text", text: "Hoi" });
    expect(socket.sends()).toEqual([{ kind: "text", clientId, text: "Hoi" }]);
    expect(storedIds()).toEqual([clientId]);
    conversation.stop();
  });

  it("keeps chatting when storage refuses to store", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
      removeItem: () => undefined,
    });
    const { conversation } = client();
    conversation.start();
    const socket = FakeSocket.opened.at(-1)!;
    socket.open();
    socket.answerHello();
    const clientId = conversation.send({ kind: "text", text: "Hoi" });
    expect(socket.sends()).toEqual([{ kind: "text", clientId, text: "Hoi" }]);
    expect(conversation.state.pending.map((p) => p.status)).toEqual(["sending"]);
    conversation.stop();
  });

  it("over HTTP, sends a stored message once and forgets it when the answer is 201", async () => {
    vi.stubGlobal("WebSocket", undefined);
    localStorage.setItem(KEY, JSON.stringify(stored.slice(0, 1)));
    const posts: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_path: string, init: RequestInit = {}) => {
        if (init.method !== "POST")
          return Response.json({ type: "messages", messages: [], older: false, hasOlder: false });
        posts.push(JSON.parse(String(init.body)));
        return Response.json(
          { type: "sent", clientId: "stored-text-1", message: confirmed("stored-text-1", 1), credits: 80 },
          { status: 201 },
        );
      }),
    );
    const { conversation } = client();
    conversation.start();
    await vi.waitFor(() => expect(conversation.state.pending).toEqual([]));
    expect(posts).toEqual([{ conversation: 7, message: stored[0]!.message }]);
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(conversation.state.credits).toBe(80);
    conversation.stop();
  });
});
