// @vitest-environment happy-dom
// The chat client when the room closes its socket for good: a session that
// ended logs the member out in the browser, a closed conversation reloads, and
// neither reconnects; any other close reconnects as before.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConversationTransport } from "#app/components/chat/conversation-transport.ts";
import { SOCKET_CLOSE } from "#app/schemas/chat.ts";
import { FakeSocket } from "./fake-socket.ts";

function client() {
  const ended = vi.fn();
  const closed = vi.fn();
  const conversation = new ConversationTransport({
    conversationId: 7,
    memberId: 1,
    otherId: 2,
    initial: { messages: [], hasOlder: false, otherReadSeq: 0 },
    onSessionEnded: ended,
    onConversationClosed: closed,
  });
  conversation.start();
  const socket = FakeSocket.opened.at(-1)!;
  socket.open();
  return { conversation, socket, ended, closed };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeSocket.opened = [];
});

describe("the chat client when its socket is closed", () => {
  it("logs out, without reconnecting, when the session ended", () => {
    vi.useFakeTimers();
    vi.stubGlobal("WebSocket", FakeSocket);
    const { socket, ended, closed } = client();
    socket.closedByServer(SOCKET_CLOSE.sessionEnded);
    vi.advanceTimersByTime(120_000);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(closed).not.toHaveBeenCalled();
    expect(FakeSocket.opened).toHaveLength(1);
  });

  it("reloads, without reconnecting, when the conversation closed", () => {
    vi.useFakeTimers();
    vi.stubGlobal("WebSocket", FakeSocket);
    const { socket, ended, closed } = client();
    socket.closedByServer(SOCKET_CLOSE.conversationClosed);
    vi.advanceTimersByTime(120_000);
    expect(closed).toHaveBeenCalledTimes(1);
    expect(ended).not.toHaveBeenCalled();
    expect(FakeSocket.opened).toHaveLength(1);
  });

  it("reconnects after any other close", () => {
    vi.useFakeTimers();
    vi.stubGlobal("WebSocket", FakeSocket);
    const { conversation, socket, ended } = client();
    socket.closedByServer(1006);
    vi.advanceTimersByTime(2_000);
    expect(FakeSocket.opened).toHaveLength(2);
    expect(ended).not.toHaveBeenCalled();
    conversation.stop();
  });

  it("logs out when a send over HTTP answers authentication_required", async () => {
    vi.stubGlobal("WebSocket", undefined);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json({ error: "authentication_required", message: "Log in om verder te gaan." }, { status: 403 }),
      ),
    );
    const ended = vi.fn();
    const conversation = new ConversationTransport({
      conversationId: 7,
      memberId: 1,
      otherId: 2,
      initial: { messages: [], hasOlder: false, otherReadSeq: 0 },
      onSessionEnded: ended,
    });
    conversation.start();
    conversation.send({ kind: "text", text: "Hoi" });
    await vi.waitFor(() => expect(ended).toHaveBeenCalledTimes(1));
  });
});
