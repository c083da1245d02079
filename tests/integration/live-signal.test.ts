// The member's live signal: a member's open pages hear, over their own socket,
// that a message or a like reached them, through the real paths (the chat
// endpoint and its conversation room, the like). Only the member's own pages on
// this site may listen.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SIGNAL_PING, type SignalFrame } from "#app/schemas/live-signal.ts";
import { users } from "#app/server/db/schema.ts";
import { createLogger } from "#app/server/log.ts";
import { appContext, db, givenAccount, givenCredits, sessionCookieFor } from "./fixtures.ts";

const BASE = "http://localhost";

async function signalSocket(cookie: string) {
  const response = await SELF.fetch(`${BASE}/api/signal/socket`, {
    headers: { Cookie: cookie, Origin: BASE, Upgrade: "websocket" },
  });
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  ws.accept();
  const frames: unknown[] = [];
  ws.addEventListener("message", (event) => {
    frames.push(String(event.data));
  });
  return { ws, frames };
}

const until = async (check: () => boolean, ms = 3000) => {
  for (let waited = 0; waited < ms && !check(); waited += 10) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};
const changes = (frames: unknown[]) =>
  frames.filter((f) => f !== "pong").map((f) => JSON.parse(String(f)) as SignalFrame);

async function pair() {
  const ann = await givenAccount({ name: "Ann" });
  const bob = await givenAccount({ name: "Bob", gender: "male" });
  await db.update(users).set({ paidUser: true }).where(eq(users.id, ann));
  await givenCredits(ann, 5);
  const { startConversation } = await import("#app/server/chat/conversations.ts");
  const conversation = await startConversation(appContext(), { id: ann, paidUser: true }, bob);
  return { ann, bob, conversation, annCookie: await sessionCookieFor(ann), bobCookie: await sessionCookieFor(bob) };
}

describe("the member's live signal", () => {
  it("tells the recipient's open pages when a first message arrives, and not the sender's", async () => {
    const { conversation, annCookie, bobCookie } = await pair();
    const bobPages = [await signalSocket(bobCookie), await signalSocket(bobCookie)];
    const annPage = await signalSocket(annCookie);
    const sent = await SELF.fetch(`${BASE}/api/chat/messages`, {
      method: "POST",
      headers: {
        Cookie: annCookie,
        Origin: BASE,
        "X-Requested-With": "XMLHttpRequest",
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ conversation, message: { kind: "text", clientId: "signal-01", text: "Hoi Bob" } }),
    });
    expect(sent.status).toBe(201);
    for (const page of bobPages) {
      await until(() => changes(page.frames).length > 0);
      expect(changes(page.frames)).toEqual([{ type: "changed", what: "message" }]);
    }
    expect(changes(annPage.frames)).toEqual([]);
    for (const page of [...bobPages, annPage]) page.ws.close();
  });

  it("tells a liked member's open pages, and no one else's", async () => {
    const ann = await givenAccount({ name: "Ann" });
    const bob = await givenAccount({ name: "Bob", gender: "male" });
    const bobPage = await signalSocket(await sessionCookieFor(bob));
    const annPage = await signalSocket(await sessionCookieFor(ann));
    const { likeMember } = await import("#app/server/likes/likes.ts");
    const { profiles } = await import("#app/server/db/schema.ts");
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, ann));
    await likeMember({ ...appContext(), log: createLogger("test") }, { id: ann, profile: profile! } as never, bob);
    await until(() => changes(bobPage.frames).length > 0);
    expect(changes(bobPage.frames)).toEqual([{ type: "changed", what: "like" }]);
    expect(changes(annPage.frames)).toEqual([]);
    bobPage.ws.close();
    annPage.ws.close();
  });

  it("answers the keep-alive", async () => {
    const bob = await givenAccount({ name: "Bob", gender: "male" });
    const page = await signalSocket(await sessionCookieFor(bob));
    page.ws.send(SIGNAL_PING);
    await until(() => page.frames.includes("pong"));
    page.ws.close();
  });

  it("refuses a visitor, another site's page and a plain request", async () => {
    const bob = await givenAccount({ name: "Bob", gender: "male" });
    const cookie = await sessionCookieFor(bob);
    const visitor = await SELF.fetch(`${BASE}/api/signal/socket`, { headers: { Origin: BASE, Upgrade: "websocket" } });
    expect(visitor.status).toBe(403);
    expect(await visitor.json()).toMatchObject({ error: "authentication_required" });
    const foreign = await SELF.fetch(`${BASE}/api/signal/socket`, {
      headers: { Cookie: cookie, Origin: "https://elsewhere.example", Upgrade: "websocket" },
    });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: "forbidden" });
    const plain = await SELF.fetch(`${BASE}/api/signal/socket`, { headers: { Cookie: cookie, Origin: BASE } });
    expect(plain.status).toBe(426);
  });
});
