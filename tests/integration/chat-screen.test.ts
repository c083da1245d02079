// The conversation screen's one domain call: what /chats/{id} shows, and that
// opening it reads the conversation; to anyone outside it, it does not exist.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { findSessionMember } from "#app/server/accounts/session.ts";
import { conversationScreen } from "#app/server/chat/screen.ts";
import { blockMember } from "#app/server/members/blocks.ts";
import {
  apiHeaders,
  appContext,
  db,
  givenAccount,
  givenConversation,
  givenCredits,
  SITE,
  sessionCookieFor,
  summaryReached,
} from "./fixtures.ts";

const screenContext = () => ({ ...appContext(), domain: "localhost" });

async function memberOf(cookie: string) {
  return (await findSessionMember(db, cookie.slice("session=".length), Date.now()))!;
}

const send = (cookie: string, conversation: number, clientId: string, text: string) =>
  SELF.fetch(`${SITE}/api/chat/messages`, {
    method: "POST",
    headers: apiHeaders(cookie),
    body: JSON.stringify({ conversation, message: { kind: "text", clientId, text } }),
  });

describe("the conversation screen", () => {
  it("shows the messages, the other member and how far they read, and reads the conversation", async () => {
    const { ann, bob, conversation, annCookie, bobCookie } = await givenConversation({ paid: true });
    await givenCredits(ann, 10);
    expect((await send(annCookie, conversation, "screen-0001", "Hoi Bob")).status).toBe(201);
    const sent = await send(annCookie, conversation, "screen-0002", "Alles goed?");
    expect(sent.status).toBe(201);
    const { message } = (await sent.json()) as { message: { seq: number } };
    expect(await summaryReached(conversation, message.seq)).toBe(true);

    const bobsScreen = await conversationScreen(screenContext(), await memberOf(bobCookie), conversation);
    expect(bobsScreen).toMatchObject({
      conversationId: conversation,
      memberId: bob,
      other: { id: ann, name: "Ann" },
      history: { messages: [{ text: "Hoi Bob" }, { text: "Alles goed?" }], hasOlder: false },
      otherReadSeq: 0,
      note: { text: "" },
    });
    // Opening it read both messages: the chat list beside it counts none unread.
    expect(bobsScreen.chats).toMatchObject([{ conversation: { id: conversation }, num_unread_messages: 0 }]);

    const annsScreen = await conversationScreen(screenContext(), await memberOf(annCookie), conversation);
    expect(annsScreen).toMatchObject({
      other: { id: bob, name: "Bob" },
      otherReadSeq: message.seq,
      paid: true,
      credits: 10 - 2 * annsScreen.costs.text,
    });
  });

  it("is conversation_not_found to a member outside it, and to both once one blocked the other", async () => {
    const { ann, bob, conversation, annCookie } = await givenConversation();
    const stranger = await memberOf(await sessionCookieFor(await givenAccount({ name: "Cas" })));
    await expect(conversationScreen(screenContext(), stranger, conversation)).rejects.toMatchObject({
      code: "conversation_not_found",
    });
    await blockMember(appContext(), ann, bob);
    await expect(conversationScreen(screenContext(), await memberOf(annCookie), conversation)).rejects.toMatchObject({
      code: "conversation_not_found",
    });
  });

  it("is the not-found page at /chats/{id} for an id that names no conversation of the member", async () => {
    const { annCookie } = await givenConversation();
    for (const id of ["abc", "0", "999999", "1234567890123456"]) {
      const response = await SELF.fetch(`${SITE}/chats/${id}`, { headers: { Cookie: annCookie } });
      expect(response.status, id).toBe(404);
    }
  });
});
