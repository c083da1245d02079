// Writing to a fictional profile: only where the profile's domain staffs a
// desk, and the first paid message of a conversation only after the member
// confirmed that a staff member answers. Both refusals cost nothing and store
// nothing, over HTTP and over the socket alike.
import { env, SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ServerFrame } from "#app/schemas/chat.ts";
import { roomStub } from "#app/server/chat/sockets.ts";
import { operatorNoticeConfirmations, users } from "#app/server/db/schema.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import {
  apiHeaders,
  appContext,
  chatSocket,
  db,
  eventually,
  givenAccount,
  givenCredits,
  givenDomainSettings,
  SITE,
  sessionCookieFor,
  walletOfMember,
} from "./fixtures.ts";

/** Ann, a paying member with 10 credits, in a conversation with Lisa, a fictional profile of `domain`. */
async function withFictional(domain = "localhost") {
  const ann = await givenAccount({ name: "Ann", gender: "male" });
  const lisa = await givenAccount({ name: "Lisa", fictional: true });
  await db.update(users).set({ domain }).where(eq(users.id, lisa));
  await db.update(users).set({ paidUser: true }).where(eq(users.id, ann));
  await givenCredits(ann, 10);
  const { startConversation } = await import("#app/server/chat/conversations.ts");
  const conversation = await startConversation(appContext(), { id: ann, paidUser: true }, lisa);
  return { ann, lisa, conversation, cookie: await sessionCookieFor(ann) };
}

const send = (cookie: string, conversation: number, clientId: string) =>
  SELF.fetch(`${SITE}/api/chat/messages`, {
    method: "POST",
    headers: apiHeaders(cookie),
    body: JSON.stringify({ conversation, message: { kind: "text", clientId, text: `hello ${clientId}` } }),
  });

const confirm = (cookie: string, conversation: number) =>
  SELF.fetch(`${SITE}/api/chat/operator-notice`, {
    method: "POST",
    headers: apiHeaders(cookie),
    body: JSON.stringify({ conversation }),
  });

/** The member's wallet: how many movements it holds and its balance. */
async function spent(memberId: number) {
  const wallet = await walletOfMember(memberId);
  return { movements: wallet.ledger.length, credits: wallet.balance };
}

async function storedMessages(conversation: number, memberId: number) {
  const frame = await roomStub(env, conversation).history(memberId, {});
  return frame.type === "messages" ? frame.messages.length : -1;
}

describe("a domain without a staffed desk", () => {
  it("refuses a message to its fictional profile before any charge, in the member's language", async () => {
    await givenDomainSettings("vlinder.example", {
      ...builtInSettings,
      domain: "vlinder.example",
      desk_staffed: false,
    });
    const { ann, conversation, cookie } = await withFictional("vlinder.example");
    expect((await confirm(cookie, conversation)).status).toBe(204);
    const before = await spent(ann);

    const response = await send(cookie, conversation, "unstaffed-1");
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe("fictional_unstaffed");
    expect(body.message).toContain("medewerker");

    expect(await spent(ann)).toEqual(before);
    expect(await storedMessages(conversation, ann)).toBe(0);
  });

  it("refuses the free signup message too", async () => {
    await givenDomainSettings("vlinder.example", {
      ...builtInSettings,
      domain: "vlinder.example",
      desk_staffed: false,
    });
    const { ann, conversation } = await withFictional("vlinder.example");
    const { openConversation } = await import("#app/server/chat/rooms.ts");
    const { room, meta } = await openConversation(appContext(), ann, conversation);
    const frame = await room.send(
      meta,
      ann,
      { kind: "text", clientId: `signup-${ann}`, text: "Hoi" },
      {
        locale: "nl",
        free: true,
      },
    );
    expect(frame).toMatchObject({ type: "error", code: "fictional_unstaffed" });
    expect(await storedMessages(conversation, ann)).toBe(0);
  });
});

describe("the operator notice", () => {
  it("is needed before the first paid message over HTTP, once per conversation, and charges only sent messages", async () => {
    const { ann, conversation, cookie } = await withFictional();
    const refused = await send(cookie, conversation, "first-message");
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe("operator_notice_unconfirmed");
    expect((await spent(ann)).credits).toBe(10);
    expect(await storedMessages(conversation, ann)).toBe(0);

    expect((await confirm(cookie, conversation)).status).toBe(204);
    expect((await confirm(cookie, conversation)).status).toBe(204);
    const rows = await db
      .select()
      .from(operatorNoticeConfirmations)
      .where(and(eq(operatorNoticeConfirmations.conversationId, conversation)));
    expect(rows).toHaveLength(1);

    expect((await send(cookie, conversation, "first-message")).status).toBe(201);
    expect((await send(cookie, conversation, "second-message")).status).toBe(201);
    expect((await spent(ann)).credits).toBeLessThan(10);
    expect(await storedMessages(conversation, ann)).toBe(2);
  });

  it("is needed over the socket too; the refused message is not stored and the confirmed one goes", async () => {
    const { ann, conversation, cookie } = await withFictional();
    const socket = await chatSocket(cookie, conversation);
    socket.send({ type: "send", message: { kind: "text", clientId: "socket-message-1", text: "Hallo" } });
    const isError = (f: ServerFrame) => f.type === "error" && f.clientId === "socket-message-1";
    expect(await eventually(() => socket.frames.some(isError))).toBe(true);
    expect(socket.frames.find(isError)).toMatchObject({ code: "operator_notice_unconfirmed" });
    expect((await spent(ann)).credits).toBe(10);

    await confirm(cookie, conversation);
    socket.send({ type: "send", message: { kind: "text", clientId: "socket-message-1", text: "Hallo" } });
    expect(
      await eventually(() => socket.frames.some((f) => f.type === "sent" && f.clientId === "socket-message-1")),
    ).toBe(true);
    expect(await storedMessages(conversation, ann)).toBe(1);
    socket.ws.close();
  });

  it("is not needed for the free message typed at signup", async () => {
    const { ann, conversation } = await withFictional();
    const { openConversation } = await import("#app/server/chat/rooms.ts");
    const { room, meta } = await openConversation(appContext(), ann, conversation);
    const frame = await room.send(
      meta,
      ann,
      { kind: "text", clientId: `signup-${ann}`, text: "Hoi" },
      {
        locale: "nl",
        free: true,
      },
    );
    expect(frame.type).toBe("sent");
  });

  it("is confirmed for one conversation only, and only by a member in it", async () => {
    const first = await withFictional();
    const second = await withFictional();
    await confirm(first.cookie, first.conversation);
    expect((await send(first.cookie, first.conversation, "first-conversation")).status).toBe(201);
    expect((await send(second.cookie, second.conversation, "second-conversation")).status).toBe(409);
    expect((await confirm(second.cookie, first.conversation)).status).toBe(404);
  });

  it("is not asked between real members", async () => {
    const ann = await givenAccount({ name: "Ann", gender: "male" });
    const bob = await givenAccount({ name: "Bea" });
    await db.update(users).set({ paidUser: true }).where(eq(users.id, ann));
    await givenCredits(ann, 10);
    const { startConversation } = await import("#app/server/chat/conversations.ts");
    const conversation = await startConversation(appContext(), { id: ann, paidUser: true }, bob);
    expect((await send(await sessionCookieFor(ann), conversation, "real-member-message")).status).toBe(201);
  });
});

describe("the pages where nobody answers a fictional profile", () => {
  const html = async (path: string, cookie: string, init: RequestInit = {}) => {
    const response = await SELF.fetch(`${SITE}${path}`, { ...init, headers: { Cookie: cookie, Origin: SITE } });
    return { status: response.status, text: (await response.text()).replaceAll("<!-- -->", "") };
  };

  it("turn the profile's chat button off, refuse to start a chat, and replace the send box with the reason", async () => {
    // The profile's own domain, not the site's: the Worker keeps a domain's settings for 30 s, and
    // the next test needs the site's desk staffed.
    await givenDomainSettings("vlinder.example", {
      ...builtInSettings,
      domain: "vlinder.example",
      desk_staffed: false,
    });
    const { lisa, conversation, cookie } = await withFictional("vlinder.example");

    const profile = await html(`/members/${lisa}`, `${cookie}; lng=nl`);
    expect(profile.text).toContain('data-testid="chat-unavailable"');
    expect(profile.text).toContain("Je kunt Lisa nu niet schrijven");

    const other = await givenAccount({ name: "Mila", fictional: true });
    await db.update(users).set({ domain: "vlinder.example" }).where(eq(users.id, other));
    const start = await html(`/members/${other}/chat`, `${cookie}; lng=nl`, { method: "POST" });
    expect(start.text).toContain('data-testid="chat-refused-fictional_unstaffed"');

    const chat = await html(`/chats/${conversation}`, `${cookie}; lng=nl`);
    expect(chat.text).toContain('data-testid="chat-unstaffed"');
    expect(chat.text).not.toContain('data-testid="message-input"');
    expect(chat.text).toContain('data-testid="fictional-notice"');
  });

  it("leave the chat open where a staff member answers, with the notice pinned", async () => {
    const { lisa, conversation, cookie } = await withFictional();
    expect((await html(`/members/${lisa}`, cookie)).text).not.toContain('data-testid="chat-unavailable"');
    const chat = await html(`/chats/${conversation}`, cookie);
    expect(chat.text).toContain('data-testid="message-input"');
    expect(chat.text).toContain('data-testid="fictional-notice"');
  });
});
