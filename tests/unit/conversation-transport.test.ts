// @vitest-environment happy-dom
// The chat's transport with a fake socket, a fake /api and a fixed spread of
// the reconnect waits: messages shown once each and in seq order, reconnects
// after 1 s, 2 s, 4 s, polling after 5 connects that never opened, an unsent
// message sent again after a reconnect with its own clientId and once, and
// what the room refuses said to the member.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reconnectDelay } from "#app/components/chat/conversation-socket.ts";
import type { HttpAnswer } from "#app/components/chat/conversation-state.ts";
import { type ConversationOptions, ConversationTransport } from "#app/components/chat/conversation-transport.ts";
import { type ChatMessage, SOCKET_CLOSE } from "#app/schemas/chat.ts";
import { FakeSocket } from "./fake-socket.ts";

const message = (seq: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  seq,
  clientId: `client-${seq}`,
  senderId: 2,
  kind: "text",
  text: `bericht ${seq}`,
  gift: null,
  photo: null,
  createdAt: 1_700_000_000_000 + seq,
  held: false,
  ...extra,
});
const seqs = (transport: ConversationTransport) => transport.state.messages.map((m) => m.seq);
const noMessages = { ok: true, status: 200, body: { type: "messages", messages: [], older: false, hasOlder: false } };

function transport(options: Partial<ConversationOptions> = {}) {
  const request = vi.fn(async (_path: string, _init: RequestInit): Promise<HttpAnswer> => noMessages);
  const rejected = vi.fn();
  const conversation = new ConversationTransport({
    conversationId: 7,
    memberId: 1,
    otherId: 2,
    initial: { messages: [], hasOlder: false, otherReadSeq: 0 },
    location: { protocol: "https:", host: "hartslag.example" },
    openSocket: (url) => new FakeSocket(url),
    request,
    random: () => 0.5, // the middle of the spread: the waits are exactly 1 s, 2 s, 4 s
    onRejected: rejected,
    onSessionEnded: vi.fn(),
    onConversationClosed: vi.fn(),
    ...options,
  });
  conversation.start();
  return { conversation, request, rejected };
}

/** The newest socket, opened and its hello answered. */
function live(messages: ChatMessage[] = []) {
  const socket = FakeSocket.opened.at(-1)!;
  socket.open();
  socket.answerHello(messages);
  return socket;
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  FakeSocket.opened = [];
  localStorage.clear();
});

describe("the chat transport", () => {
  it("opens the conversation's socket on the page's host", () => {
    const { conversation } = transport();
    expect(FakeSocket.opened.map((s) => s.url)).toEqual(["wss://hartslag.example/api/chat/socket?conversation=7"]);
    expect(FakeSocket.opened[0]!.readyState).toBe(0);
    live();
    expect(conversation.state.connection).toBe("live");
    expect(FakeSocket.opened[0]!.frames("hello")).toEqual([{ type: "hello", lastSeq: 0 }]);
    conversation.stop();
  });

  it("shows a message it hears twice once, in seq order", () => {
    const { conversation } = transport({
      initial: { messages: [message(5), message(6)], hasOlder: true, otherReadSeq: 0 },
    });
    const socket = live([message(7), message(6)]);
    socket.receive({ type: "messages", messages: [message(7)], older: false, hasOlder: false });
    socket.receive({ type: "sent", clientId: "client-8", message: message(8, { senderId: 1 }), credits: 40 });
    socket.receive({ type: "sent", clientId: "client-8", message: message(8, { senderId: 1 }), credits: 40 });
    socket.receive({ type: "messages", messages: [message(4), message(3), message(5)], older: true, hasOlder: false });
    expect(seqs(conversation)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(conversation.state.hasOlder).toBe(false);
    expect(conversation.state.credits).toBe(40);
    conversation.stop();
  });

  it("reconnects after 1 s, then 2 s, then 4 s, and after 1 s again once a socket opened", () => {
    const { conversation } = transport();
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      FakeSocket.opened.at(-1)!.closedByServer(1006);
      expect(conversation.state.connection).toBe("connecting");
      const before = FakeSocket.opened.length;
      let waited = 0;
      while (FakeSocket.opened.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    live().closedByServer(1006);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.opened).toHaveLength(4);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.opened).toHaveLength(5);
    conversation.stop();
  });

  it("spreads the reconnect waits by ±20 % and never waits more than 30 s", () => {
    expect(reconnectDelay(0, 0)).toBe(800);
    expect(reconnectDelay(0, 0.5)).toBe(1_000);
    expect(reconnectDelay(2, 0.5)).toBe(4_000);
    expect(reconnectDelay(10, 0.5)).toBe(30_000);
    expect(reconnectDelay(10, 0.999_999)).toBeCloseTo(36_000, 0);
  });

  it("polls over HTTP after 5 connects that never opened, and sends what is pending that way", async () => {
    const { conversation, request } = transport();
    request.mockImplementation(async (_path, init) => {
      if (init.method !== "POST") return noMessages;
      const { message: sent } = JSON.parse(String(init.body));
      const confirmed = message(1, { clientId: sent.clientId, senderId: 1 });
      return { ok: true, status: 201, body: { type: "sent", clientId: sent.clientId, message: confirmed, credits: 9 } };
    });
    const clientId = conversation.send({ kind: "text", text: "Hoi" });
    for (let i = 0; i < 5; i++) {
      FakeSocket.opened.at(-1)!.closedByServer(1006);
      await vi.advanceTimersByTimeAsync(20_000);
    }
    expect(FakeSocket.opened).toHaveLength(5);
    expect(conversation.state.connection).toBe("polling");
    const post = request.mock.calls.find(([path]) => path === "/api/chat/messages");
    expect(JSON.parse(String(post?.[1].body))).toEqual({
      conversation: 7,
      message: { kind: "text", clientId, text: "Hoi" },
    });

    expect(conversation.state.pending).toEqual([]);
    expect(seqs(conversation)).toEqual([1]);

    request.mockClear();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(request.mock.calls.map(([path]) => path)).toEqual(["/api/chat/messages?conversation=7&after=1"]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(request).toHaveBeenCalledTimes(2);
    conversation.stop();
  });

  it("polls, without reconnecting, once a newer page of the member took its socket's place in the room", async () => {
    const { conversation, request } = transport();
    live([message(1)]);
    FakeSocket.opened[0]!.closedByServer(SOCKET_CLOSE.replaced);
    expect(conversation.state.connection).toBe("polling");
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeSocket.opened).toHaveLength(1);
    expect(request.mock.calls[0]?.[0]).toBe("/api/chat/messages?conversation=7&after=1");
    conversation.stop();
  });

  it("polls at once where the browser has no WebSocket", async () => {
    const { conversation, request } = transport({ openSocket: () => null });
    expect(conversation.state.connection).toBe("polling");
    await vi.advanceTimersByTimeAsync(5_000);
    expect(request.mock.calls.map(([path]) => path)).toEqual(["/api/chat/messages?conversation=7&after=0"]);
    conversation.stop();
  });

  it("sends an unconfirmed message again after a reconnect, with its clientId, once the room answered the hello", () => {
    const { conversation } = transport();
    const first = live();
    const clientId = conversation.send({ kind: "text", text: "Ben je er nog?" });
    expect(first.sends()).toEqual([{ kind: "text", clientId, text: "Ben je er nog?" }]);

    first.closedByServer(1006);
    vi.advanceTimersByTime(1_000);
    const second = FakeSocket.opened.at(-1)!;
    second.open();
    expect(second.sends()).toEqual([]);
    second.answerHello();
    second.receive({ type: "messages", messages: [message(1)], older: false, hasOlder: false });
    second.receive({ type: "error", code: "rate_limited", message: "Even rustig aan." });
    expect(second.sends()).toEqual([{ kind: "text", clientId, text: "Ben je er nog?" }]);
    expect(conversation.state.pending.map((p) => [p.clientId, p.status])).toEqual([[clientId, "sending"]]);

    second.receive({ type: "sent", clientId, message: message(2, { clientId, senderId: 1 }), credits: null });
    expect(conversation.state.pending).toEqual([]);
    expect(seqs(conversation)).toEqual([1, 2]);
    conversation.stop();
  });

  it("says an error of the room that concerns no message", () => {
    const { conversation } = transport();
    const socket = live();
    socket.receive({ type: "error", code: "rate_limited", message: "Even rustig aan." });
    expect(conversation.state.alert).toEqual({ code: "rate_limited", message: "Even rustig aan." });
    conversation.dismissAlert();
    expect(conversation.state.alert).toBeNull();
    conversation.stop();
  });

  it("gives a refused message back with the room's reason", () => {
    const { conversation, rejected } = transport();
    const socket = live();
    const clientId = conversation.send({ kind: "gift", giftId: 3 });
    socket.receive({ type: "error", clientId, code: "insufficient_credits", message: "Je hebt niet genoeg credits." });
    expect(conversation.state.alert).toEqual({ code: "insufficient_credits", message: "Je hebt niet genoeg credits." });
    expect(conversation.state.pending).toEqual([]);
    expect(rejected).toHaveBeenCalledWith({ kind: "gift", giftId: 3 }, "insufficient_credits");
    conversation.stop();
  });

  it("tries a message the room asks to retry 5 times, 1 s, 2 s, 4 s and 8 s apart, then shows it failed", () => {
    const { conversation, rejected } = transport();
    const socket = live();
    const clientId = conversation.send({ kind: "text", text: "Hoi" });
    for (const wait of [1_000, 2_000, 4_000, 8_000]) {
      const sent = socket.sends().length;
      socket.receive({ type: "error", clientId, code: "retry", message: "" });
      vi.advanceTimersByTime(wait - 1);
      expect(socket.sends()).toHaveLength(sent);
      vi.advanceTimersByTime(1);
      expect(socket.sends()).toHaveLength(sent + 1);
    }
    socket.receive({ type: "error", clientId, code: "retry", message: "" });
    vi.advanceTimersByTime(60_000);
    expect(socket.sends().map((m) => m.clientId)).toEqual(Array(5).fill(clientId));
    expect(conversation.state.pending.map((p) => p.status)).toEqual(["failed"]);
    expect(conversation.state.alert).toBeNull();
    expect(rejected).not.toHaveBeenCalled();

    conversation.retry(clientId);
    expect(socket.sends()).toHaveLength(6);
    expect(conversation.state.pending.map((p) => p.status)).toEqual(["sending"]);
    conversation.stop();
  });

  it("over HTTP, takes a 5xx as a reason to retry and a refusal as final", async () => {
    const { conversation, request, rejected } = transport({ openSocket: () => null });
    request.mockImplementation(async (_path, init) =>
      init.method === "POST"
        ? { ok: false, status: 503, body: null }
        : { ok: true, status: 200, body: noMessages.body },
    );
    const clientId = conversation.send({ kind: "text", text: "Hoi" });
    await vi.advanceTimersByTimeAsync(0);
    request.mockImplementation(async () => ({
      ok: false,
      status: 402,
      body: { error: "insufficient_credits", message: "Je hebt niet genoeg credits." },
    }));
    await vi.advanceTimersByTimeAsync(1_000);
    const posts = request.mock.calls.filter(([, init]) => init.method === "POST");
    expect(posts.map(([, init]) => JSON.parse(String(init.body)).message.clientId)).toEqual([clientId, clientId]);
    expect(rejected).toHaveBeenCalledWith({ kind: "text", text: "Hoi" }, "insufficient_credits");
    expect(conversation.state.alert?.code).toBe("insufficient_credits");
    conversation.stop();
  });

  it("shows the other member typing for 3 s, and stops at their message", () => {
    const { conversation } = transport();
    const socket = live();
    socket.receive({ type: "typing", memberId: 2 });
    expect(conversation.state.otherTyping).toBe(true);
    vi.advanceTimersByTime(3_000);
    expect(conversation.state.otherTyping).toBe(false);
    socket.receive({ type: "typing", memberId: 2 });
    socket.receive({ type: "messages", messages: [message(1)], older: false, hasOlder: false });
    expect(conversation.state.otherTyping).toBe(false);
    expect(socket.frames("read")).toEqual([{ type: "read", seq: 1 }]);
    conversation.stop();
  });
});
