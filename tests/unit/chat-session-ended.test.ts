// @vitest-environment happy-dom
// The room refusing a message because the session ended: the member is logged
// out, and the message is kept to go after the next login instead of being
// given back as refused.
import { afterEach, expect, it, vi } from "vitest";
import { ConversationTransport } from "#app/components/chat/conversation-transport.ts";
import { outboxStorage } from "#app/components/chat/outbox-storage.ts";
import { FakeSocket } from "./fake-socket.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  FakeSocket.opened = [];
  localStorage.clear();
});

it("logs out on a send refused with authentication_required, keeping the message for later", () => {
  vi.stubGlobal("WebSocket", FakeSocket);
  const ended = vi.fn();
  const rejected = vi.fn();
  const conversation = new ConversationTransport({
    conversationId: 7,
    memberId: 1,
    otherId: 2,
    initial: { messages: [], hasOlder: false, otherReadSeq: 0 },
    onSessionEnded: ended,
    onRejected: rejected,
  });
  conversation.start();
  const socket = FakeSocket.opened.at(-1)!;
  socket.open();
  socket.answerHello();
  const clientId = conversation.send({ kind: "text", text: "Hoi" });
  socket.receive({ type: "error", clientId, code: "authentication_required", message: "Log in om verder te gaan." });
  expect(ended).toHaveBeenCalledTimes(1);
  expect(rejected).not.toHaveBeenCalled();
  expect(conversation.state.alert).toBeNull();
  expect(
    outboxStorage(1, 7)
      .read()
      .map((entry) => entry.message.clientId),
  ).toEqual([clientId]);
});
