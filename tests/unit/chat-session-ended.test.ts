// @vitest-environment happy-dom
// The end of a member's session on this device: the room refusing a message
// because the session ended logs the member out without giving the message
// back as refused; and whenever the browser learns that no member is logged in
// (a page rendered for a visitor, any session-ended signal), the unsent
// messages and drafts kept on the device are forgotten, so the next person on
// it neither reads them nor has them sent and charged after a login.
import { act, cleanup, render } from "@testing-library/react";
import { createElement } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConversationTransport } from "#app/components/chat/conversation-transport.ts";
import { draftStorage, outboxStorage } from "#app/components/chat/outbox-storage.ts";
import { apiFetch, sessionEnded } from "#app/components/runtime/api.ts";
import { AppRuntime } from "#app/components/runtime/app-runtime.tsx";
import { FakeSocket } from "./fake-socket.ts";

const text = (clientId: string) => ({ kind: "text" as const, clientId, text: "Hoi" });

beforeEach(() => {
  vi.stubGlobal("WebSocket", FakeSocket);
  // Logging out here posts to /api/logout.php and opens the login page.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ ok: true })),
  );
  vi.spyOn(window.location, "assign").mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  FakeSocket.opened = [];
  localStorage.clear();
});

/** Member 1's unsent message and draft in conversation 7, member 3's in conversation 9. */
function givenStoredChats() {
  outboxStorage(1, 7).keep({ message: text("client-aaaa"), createdAt: Date.now() });
  draftStorage(1, 7).write("Zin in koffie?");
  outboxStorage(3, 9).keep({ message: text("client-bbbb"), createdAt: Date.now() });
  draftStorage(3, 9).write("Hallo");
  localStorage.setItem("theme", "dark");
}

const storedChatKeys = () =>
  Object.keys(localStorage)
    .filter((key) => key.startsWith("outbox:") || key.startsWith("draft:"))
    .sort();

const Page = () => createElement("main", null, createElement(AppRuntime));

/** A page as the root loader frames it: for a member (id) or for a visitor (null). */
async function renderPage(memberId: number | null) {
  const member = memberId === null ? null : { id: memberId, unreadMessages: 0, newLikes: 0 };
  const Stub = createRoutesStub([{ id: "root", path: "/", loader: () => ({ member }), Component: Page }]);
  const { findByRole } = render(createElement(Stub));
  // The page is there once its loader has answered; its effects are flushed before the test goes on
  // (React may run them after the commit that showed the page, later still on a busy machine).
  await findByRole("main");
  await act(async () => {});
}

it("logs out on a send refused with authentication_required, without giving the message back", () => {
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
});

describe("what is kept of the chat on the device", () => {
  it("is forgotten, every member's, when a page is rendered for a visitor", async () => {
    givenStoredChats();
    await renderPage(null);
    expect(storedChatKeys()).toEqual([]);
    expect(localStorage.getItem("theme")).toBe("dark");
  });

  it("is only the logged-in member's own on a member's page: another member's is forgotten", async () => {
    givenStoredChats();
    await renderPage(1);
    expect(storedChatKeys()).toEqual(["draft:1:7", "outbox:1:7"]);
    expect(
      outboxStorage(1, 7)
        .read()
        .map((entry) => entry.message.clientId),
    ).toEqual(["client-aaaa"]);
    expect(draftStorage(1, 7).read()).toBe("Zin in koffie?");
  });

  it("is forgotten when any /api call answers authentication_required", async () => {
    await renderPage(1);
    givenStoredChats();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: "authentication_required", message: "Log in." }, { status: 403 })),
    );
    await apiFetch("/api/likes.php");
    expect(storedChatKeys()).toEqual([]);
    expect(localStorage.getItem("theme")).toBe("dark");
  });

  it("is forgotten when the room closes the conversation's socket because the session ended", async () => {
    await renderPage(1);
    const conversation = new ConversationTransport({
      conversationId: 7,
      memberId: 1,
      otherId: 2,
      initial: { messages: [], hasOlder: false, otherReadSeq: 0 },
    });
    conversation.start();
    const socket = FakeSocket.opened.at(-1)!;
    socket.open();
    socket.answerHello();
    conversation.send({ kind: "text", text: "Nog even dit" });
    draftStorage(1, 7).write("en dan dit");
    expect(storedChatKeys()).toEqual(["draft:1:7", "outbox:1:7"]);
    socket.closedByServer(4401);
    expect(storedChatKeys()).toEqual([]);
  });

  it("is forgotten when the session ends however the browser hears it (the live signal, a send refused)", async () => {
    await renderPage(1);
    givenStoredChats();
    sessionEnded();
    expect(storedChatKeys()).toEqual([]);
  });
});
