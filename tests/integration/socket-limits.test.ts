// Sockets a member can open: each opening counts in the write bucket, and a
// conversation's room and the member's live signal keep a member's 5 newest
// sockets, closing the oldest with a code that tells its page not to come back.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SOCKET_CLOSE } from "#app/schemas/socket-close.ts";
import { RATE_LIMITS } from "#app/server/limits/rate-limits.ts";
import {
  apiHeaders,
  chatSocket,
  eventually,
  givenAccount,
  givenConversation,
  SITE,
  sessionCookieFor,
} from "./fixtures.ts";

async function signalSocket(cookie: string) {
  const response = await SELF.fetch(`${SITE}/api/signal/socket`, {
    headers: { Cookie: cookie, Origin: SITE, Upgrade: "websocket" },
  });
  if (response.status !== 101) throw new Error(`the socket was refused: ${response.status} ${await response.text()}`);
  const ws = response.webSocket!;
  ws.accept();
  const state: { closed: number | null; reason: string } = { closed: null, reason: "" };
  ws.addEventListener("close", (event) => {
    state.closed = event.code;
    state.reason = event.reason;
  });
  return {
    ws,
    get closed() {
      return state.closed;
    },
    get reason() {
      return state.reason;
    },
  };
}

const closeAll = (sockets: { ws: WebSocket; closed: number | null }[]) => {
  for (const socket of sockets) if (socket.closed === null) socket.ws.close(1000);
};

/** The emulated limiter counts in one-minute windows aligned to the clock: start a flood with time enough left. */
async function inFreshWindow() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 25_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

describe("a member's sockets in a conversation's room", () => {
  it("are at most 5: a sixth closes the oldest, and the other member's stay", async () => {
    const { conversation, annCookie, bobCookie } = await givenConversation();
    const bob = await chatSocket(bobCookie, conversation);
    const ann: Awaited<ReturnType<typeof chatSocket>>[] = [];
    for (let i = 0; i < 6; i++) ann.push(await chatSocket(annCookie, conversation));
    expect(await eventually(() => ann[0]!.closed !== null)).toBe(true);
    expect(ann[0]!.closed).toBe(SOCKET_CLOSE.replaced);
    // The newest five still answer.
    for (const socket of ann.slice(1)) socket.send({ type: "ping" });
    expect(await eventually(() => ann.slice(1).every((s) => s.frames.some((f) => f.type === "pong")))).toBe(true);
    expect(ann.slice(1).map((s) => s.closed)).toEqual([null, null, null, null, null]);
    expect(bob.closed).toBeNull();
    closeAll([...ann, bob]);
  });
});

describe("a member's live-signal sockets", () => {
  it("are at most 5: a sixth closes the oldest, a seventh the next", async () => {
    const cookie = await sessionCookieFor(await givenAccount());
    const pages: Awaited<ReturnType<typeof signalSocket>>[] = [];
    for (let i = 0; i < 7; i++) pages.push(await signalSocket(cookie));
    expect(await eventually(() => pages[0]!.closed !== null && pages[1]!.closed !== null)).toBe(true);
    for (const page of pages.slice(0, 2))
      expect([page.closed, page.reason]).toEqual([SOCKET_CLOSE.replaced, "replaced"]);
    expect(pages.slice(2).map((p) => p.closed)).toEqual([null, null, null, null, null]);
    closeAll(pages);
  });
});

describe("opening a socket", () => {
  it("counts in the member's write bucket", async () => {
    const { conversation, annCookie } = await givenConversation();
    const put = () =>
      SELF.fetch(`${SITE}/api/user.php`, {
        method: "PUT",
        headers: apiHeaders(annCookie),
        body: JSON.stringify({ language: "nl" }),
      });
    await inFreshWindow();
    for (let i = 0; i < RATE_LIMITS.write - 2; i++) expect((await put()).status).toBe(200);
    const room = await chatSocket(annCookie, conversation);
    const signal = await signalSocket(annCookie);
    for (const path of [`/api/chat/socket?conversation=${conversation}`, "/api/signal/socket"]) {
      const refused = await SELF.fetch(`${SITE}${path}`, {
        headers: { Cookie: annCookie, Origin: SITE, Upgrade: "websocket" },
      });
      expect(refused.status, path).toBe(429);
      expect(await refused.json()).toMatchObject({ error: "rate_limited" });
    }
    closeAll([room, signal]);
  });
});
