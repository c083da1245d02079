// The chat desk: the queue of members waiting for a fictional profile's
// answer, one operator at a time per conversation (the claim), answers that go
// through the room like any message (free, once per post), the honest answer
// to a member who asks for a real person, and who may open the desk at all.
import { env, SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { roomStub } from "#app/server/chat/sockets.ts";
import { conversationParticipants, deskClaims, deskReplies, profiles, users } from "#app/server/db/schema.ts";
import { answerAsFictional } from "#app/server/desk/answer.ts";
import { CLAIM_MS, claimConversation, releaseConversation } from "#app/server/desk/claims.ts";
import { openDeskConversation } from "#app/server/desk/conversation.ts";
import { deskQueue } from "#app/server/desk/queue.ts";
import {
  apiHeaders,
  appContext,
  clock,
  db,
  givenAccount,
  givenCredits,
  givenRegion,
  outcome,
  SITE,
  sessionCookieFor,
  summaryReached,
  walletOfMember,
} from "./fixtures.ts";
import { auditRowsFor, givenOperator } from "./operator-fixtures.ts";

/** Ann, a paying member who confirmed the operator notice, writing to Lisa, a fictional profile. */
async function memberWritesToFictional(text = "Hoi Lisa, hoe gaat het?") {
  const ann = await givenAccount({ name: "Ann", gender: "male" });
  const lisa = await givenAccount({ name: "Lisa", fictional: true });
  await db.update(users).set({ paidUser: true, language: "nl" }).where(eq(users.id, ann));
  await givenCredits(ann, 20);
  const { startConversation } = await import("#app/server/chat/conversations.ts");
  const conversation = await startConversation(appContext(), { id: ann, paidUser: true }, lisa);
  const cookie = await sessionCookieFor(ann);
  const confirmed = await SELF.fetch(`${SITE}/api/chat/operator-notice`, {
    method: "POST",
    headers: apiHeaders(cookie),
    body: JSON.stringify({ conversation }),
  });
  expect(confirmed.status).toBe(204);
  const write = async (message: string, clientId: string) => {
    const response = await SELF.fetch(`${SITE}/api/chat/messages`, {
      method: "POST",
      headers: apiHeaders(cookie),
      body: JSON.stringify({ conversation, message: { kind: "text", clientId, text: message } }),
    });
    expect(response.status).toBe(201);
  };
  await write(text, "ann-first-1");
  // The desk reads the room's summary, written behind the message.
  expect(await summaryReached(conversation, 1)).toBe(true);
  return { ann, lisa, conversation, cookie, write };
}

async function history(conversation: number, memberId: number) {
  const frame = await roomStub(env, conversation).history(memberId, {});
  return frame.type === "messages" ? frame.messages : [];
}

const unread = async (conversation: number, memberId: number) =>
  (
    await db
      .select({ n: conversationParticipants.unreadCount })
      .from(conversationParticipants)
      .where(
        and(eq(conversationParticipants.conversationId, conversation), eq(conversationParticipants.userId, memberId)),
      )
  )[0]?.n;

describe("the queue", () => {
  it("shows a conversation whose member waits for an answer, and not one that was answered", async () => {
    const waiting = await memberWritesToFictional();
    const answered = await memberWritesToFictional();
    const { app } = await givenOperator("chat");
    await answerAsFictional(app, { conversation: answered.conversation, clientId: "desk-answer-1", text: "Goed!" });
    expect(await summaryReached(answered.conversation, 2)).toBe(true);

    const queue = await deskQueue(app);

    const ids = queue.conversations.map((c) => c.conversationId);
    expect(ids).toContain(waiting.conversation);
    expect(ids).not.toContain(answered.conversation);
    const row = queue.conversations.find((c) => c.conversationId === waiting.conversation)!;
    expect(row).toMatchObject({
      member: { id: waiting.ann, name: "Ann", language: "nl" },
      fictional: { id: waiting.lisa, name: "Lisa" },
      heldBy: null,
    });
    expect(row.waitingSince).toBeGreaterThan(0);
  });

  it("says who holds a conversation", async () => {
    const { conversation } = await memberWritesToFictional();
    const first = await givenOperator("chat");
    const second = await givenOperator("chat");
    await claimConversation(first.app, conversation);
    const queue = await deskQueue(second.app);
    expect(queue.conversations.find((c) => c.conversationId === conversation)?.heldBy).toBe("Test chat");
  });
});

describe("claims", () => {
  it("lets one operator hold a conversation; the other sees who and cannot answer", async () => {
    const { conversation } = await memberWritesToFictional();
    const time = clock(Date.now());
    const first = await givenOperator("chat", { now: time.now });
    const second = await givenOperator("moderator", { now: time.now });

    const [a, b] = await Promise.all([
      claimConversation(first.app, conversation),
      claimConversation(second.app, conversation),
    ]);
    expect([a.mine, b.mine].filter(Boolean)).toHaveLength(1);
    const [holder, other] = a.mine ? [first, second] : [second, first];

    const view = await openDeskConversation(other.app, conversation);
    expect(view.claim).toMatchObject({ mine: false, operatorId: holder.id });
    expect(
      await outcome(answerAsFictional(other.app, { conversation, clientId: "desk-blocked-1", text: "Hallo" })),
    ).toBe("desk_claimed");

    // The claim lapses on its own; then the other may take it.
    time.advance(CLAIM_MS + 1);
    expect((await claimConversation(other.app, conversation)).mine).toBe(true);
  });

  it("is given back with release", async () => {
    const { conversation } = await memberWritesToFictional();
    const first = await givenOperator("chat");
    const second = await givenOperator("chat");
    await claimConversation(first.app, conversation);
    await releaseConversation(second.app, conversation);
    expect(await db.select().from(deskClaims).where(eq(deskClaims.conversationId, conversation))).toHaveLength(1);
    await releaseConversation(first.app, conversation);
    expect((await claimConversation(second.app, conversation)).mine).toBe(true);
  });
});

describe("answering", () => {
  it("delivers through the room, free, counted unread, with its reply row and audit row", async () => {
    const { ann, lisa, conversation } = await memberWritesToFictional();
    const { app, id } = await givenOperator("chat");
    const before = await walletOfMember(lisa);

    const { seq } = await answerAsFictional(app, { conversation, clientId: "desk-answer-2", text: "Hoi Ann!" });

    expect((await history(conversation, ann)).at(-1)).toMatchObject({ seq, senderId: lisa, text: "Hoi Ann!" });
    expect(await summaryReached(conversation, seq)).toBe(true);
    expect(await unread(conversation, ann)).toBe(1);
    expect(await walletOfMember(lisa)).toEqual(before);
    expect(await db.select().from(deskReplies).where(eq(deskReplies.conversationId, conversation))).toEqual([
      expect.objectContaining({ seq, fictionalId: lisa, operatorId: id, honest: false }),
    ]);
    expect(await auditRowsFor("conversation", conversation)).toEqual([
      expect.objectContaining({ action: "desk.answer", operatorId: id }),
    ]);
  });

  it("sends a double post once", async () => {
    const { ann, conversation } = await memberWritesToFictional();
    const { app } = await givenOperator("chat");
    const input = { conversation, clientId: "desk-twice-1", text: "Een keer" };
    const [one, two] = await Promise.all([answerAsFictional(app, input), answerAsFictional(app, input)]);
    await answerAsFictional(app, input);
    expect(two.seq).toBe(one.seq);
    expect((await history(conversation, ann)).filter((m) => m.text === "Een keer")).toHaveLength(1);
    expect(await db.select().from(deskReplies).where(eq(deskReplies.conversationId, conversation))).toHaveLength(1);
    expect(await auditRowsFor("conversation", conversation)).toHaveLength(1);
  });

  it("refuses an empty or too long answer, and a conversation without a fictional profile", async () => {
    const { conversation } = await memberWritesToFictional();
    const { app } = await givenOperator("chat");
    expect(await outcome(answerAsFictional(app, { conversation, clientId: "desk-empty-1", text: "  " }))).toBe(
      "invalid_input",
    );
    expect(
      await outcome(answerAsFictional(app, { conversation, clientId: "desk-long-1", text: "x".repeat(5001) })),
    ).toBe("message_too_long");
    const bob = await givenAccount({ name: "Bob" });
    const carl = await givenAccount({ name: "Carl" });
    const { startConversation } = await import("#app/server/chat/conversations.ts");
    const real = await startConversation(appContext(), { id: bob, paidUser: true }, carl);
    expect(await outcome(answerAsFictional(app, { conversation: real, clientId: "desk-real-1", text: "Hoi" }))).toBe(
      "desk_not_fictional",
    );
  });
});

describe("the honest answer", () => {
  it("after 'Ben jij echt?' refuses an ordinary answer and accepts the honest one", async () => {
    const { conversation, lisa, write } = await memberWritesToFictional();
    const utrecht = await givenRegion("NL", "UT", "Utrecht");
    await db.update(profiles).set({ regionId: utrecht.id }).where(eq(profiles.userId, lisa));
    await write("Ben jij echt?", "ann-real-1");
    const { app } = await givenOperator("chat");

    const view = await openDeskConversation(app, conversation);
    expect(view.member).toMatchObject({ name: "Ann", age: 36, about: "" });
    expect(view.fictional).toMatchObject({ name: "Lisa", place: "Utrecht" });
    expect(view.questionPending).toBe(true);
    expect(view.honestAnswer).toContain("Eerlijk antwoord");
    expect(view.honestAnswer).toContain("Hartslag");

    expect(
      await outcome(answerAsFictional(app, { conversation, clientId: "desk-dodge-1", text: "Natuurlijk schat!" })),
    ).toBe("desk_honest_answer_required");
    const { honest } = await answerAsFictional(app, {
      conversation,
      clientId: "desk-honest-1",
      text: `${view.honestAnswer} Waar wil je het over hebben?`,
    });
    expect(honest).toBe(true);
    expect((await openDeskConversation(app, conversation)).questionPending).toBe(false);
    expect(await outcome(answerAsFictional(app, { conversation, clientId: "desk-after-1", text: "Vertel!" }))).toBe(
      "ok",
    );
  });
});

describe("who may open the desk", () => {
  it("lets a chat operator in and keeps support out", async () => {
    const { conversation } = await memberWritesToFictional();
    const chat = await givenOperator("chat");
    const support = await givenOperator("support");
    for (const path of ["/admin/desk", `/admin/desk/${conversation}`]) {
      expect((await SELF.fetch(`${SITE}${path}`, { headers: { Cookie: chat.cookie } })).status).toBe(200);
      expect((await SELF.fetch(`${SITE}${path}`, { headers: { Cookie: support.cookie } })).status).toBe(403);
    }
    expect(await outcome(deskQueue(support.app))).toBe("operator_forbidden");
  });

  it("answers from the page: the form's answer reaches the member", async () => {
    const { ann, conversation } = await memberWritesToFictional();
    const chat = await givenOperator("chat");
    const page = await SELF.fetch(`${SITE}/admin/desk/${conversation}`, { headers: { Cookie: chat.cookie } });
    const html = await page.text();
    expect(html).toContain("Hoi Lisa, hoe gaat het?");
    const response = await SELF.fetch(`${SITE}/admin/desk/${conversation}`, {
      method: "POST",
      headers: { Cookie: chat.cookie, Origin: SITE },
      body: new URLSearchParams({ intent: "answer", clientId: "desk-form-1", text: "Via het formulier" }),
    });
    expect(response.status).toBeLessThan(400);
    expect((await history(conversation, ann)).at(-1)?.text).toBe("Via het formulier");
  });

  it("refuses, on the page, an ordinary answer to 'Ben jij echt?' with the reason in the console's words", async () => {
    const { ann, conversation, write } = await memberWritesToFictional();
    await write("Ben jij echt?", "ann-real-page-1");
    const chat = await givenOperator("chat");
    const queue = await (await SELF.fetch(`${SITE}/admin/desk`, { headers: { Cookie: chat.cookie } })).text();
    expect(queue).toContain("Ann");
    expect(queue).toContain("wacht ");
    const page = await (
      await SELF.fetch(`${SITE}/admin/desk/${conversation}`, { headers: { Cookie: chat.cookie } })
    ).text();
    expect(page).toContain("Eerlijk antwoord: ik ben een medewerker van Hartslag");
    const refused = await SELF.fetch(`${SITE}/admin/desk/${conversation}`, {
      method: "POST",
      headers: { Cookie: chat.cookie, Origin: SITE },
      body: new URLSearchParams({ intent: "answer", clientId: "desk-form-dodge-1", text: "Tuurlijk!" }),
    });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("Zet het eerlijke antwoord in je bericht");
    expect((await history(conversation, ann)).map((m) => m.text)).not.toContain("Tuurlijk!");
  });
});
