// Trust in a conversation: who may still reach it, what a read marker may say,
// what a send answers about the balance, how a too long text is refused, where
// a chat socket may come from, and that a socket dies with its session.
import { env, runInDurableObject, SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { translator } from "#app/i18n/i18next.server.ts";
import type { ChatMessage } from "#app/schemas/chat.ts";
import { changePassword } from "#app/server/accounts/account-settings.ts";
import { closeAccount } from "#app/server/accounts/deletion.ts";
import { logIn } from "#app/server/accounts/login.ts";
import { findSessionMember, startSession } from "#app/server/accounts/session.ts";
import { sha256Hex } from "#app/server/accounts/tokens.ts";
import { roomStub } from "#app/server/chat/sockets.ts";
import { writeSummary } from "#app/server/chat/summary.ts";
import { conversationParticipants, notificationLog, profiles, sessions, users } from "#app/server/db/schema.ts";
import { blockMember, unblockMember } from "#app/server/members/blocks.ts";
import { banMember, forceLogout } from "#app/server/operators/member-actions.ts";
import type { ConversationRoom } from "#workers/durable-objects/conversation-room.ts";
import {
  accountsApp,
  apiHeaders,
  appContext,
  type ChatFrame,
  chatSocket,
  db,
  eventually,
  givenConversation,
  givenCredits,
  PASSWORD,
  SITE,
  settleBackgroundWork,
  walletLedgerSum,
  walletOfMember,
} from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";

const send = (cookie: string, conversation: number, clientId: string, text = `hello ${clientId}`) =>
  SELF.fetch(`${SITE}/api/chat/messages`, {
    method: "POST",
    headers: apiHeaders(cookie),
    body: JSON.stringify({ conversation, message: { kind: "text", clientId, text } }),
  });

const readUpTo = (cookie: string, conversation: number, seq: number) =>
  SELF.fetch(`${SITE}/api/chat/read`, {
    method: "POST",
    headers: apiHeaders(cookie),
    body: JSON.stringify({ conversation, seq }),
  });

const messagesIn = (frames: ChatFrame[]) =>
  frames.flatMap((f) => (f.type === "messages" ? f.messages : [])) as ChatMessage[];

/** Waits (up to `ms`) until an asynchronous check holds. */
async function settles(check: () => Promise<boolean>, ms = 3000) {
  for (let waited = 0; waited < ms; waited += 20) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

/** The member's balance: their wallet's. */
const balanceOf = async (memberId: number) => (await walletOfMember(memberId)).balance;

/** D1's copy of the balance, which follows behind the answers. */
const copiedBalance = async (memberId: number) =>
  (await db.select({ credits: users.credits }).from(users).where(eq(users.id, memberId)))[0]!.credits;

async function participant(conversation: number, memberId: number) {
  const [row] = await db
    .select({ unread: conversationParticipants.unreadCount, lastReadSeq: conversationParticipants.lastReadSeq })
    .from(conversationParticipants)
    .where(
      and(eq(conversationParticipants.conversationId, conversation), eq(conversationParticipants.userId, memberId)),
    );
  return row!;
}

/** Every door of a conversation, as one member asks it; each answer's status and body. */
async function doors(cookie: string, conversation: number) {
  const json = (init: { method: string; body?: unknown }) => ({
    method: init.method,
    headers: apiHeaders(cookie),
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const photo = new FormData();
  photo.set("conversation", String(conversation));
  photo.set("photo", new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], "photo.jpg", { type: "image/jpeg" }));
  const requests: [string, () => Promise<Response>][] = [
    ["page", () => SELF.fetch(`${SITE}/chats/${conversation}`, { headers: { Cookie: cookie } })],
    ["history", () => SELF.fetch(`${SITE}/api/chat/messages?conversation=${conversation}`, json({ method: "GET" }))],
    [
      "send",
      () =>
        SELF.fetch(
          `${SITE}/api/chat/messages`,
          json({ method: "POST", body: { conversation, message: { kind: "text", clientId: "door-0001", text: "?" } } }),
        ),
    ],
    ["read", () => SELF.fetch(`${SITE}/api/chat/read`, json({ method: "POST", body: { conversation, seq: 0 } }))],
    [
      "photo",
      () =>
        SELF.fetch(`${SITE}/api/chat/photo`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: SITE, "X-Requested-With": "XMLHttpRequest" },
          body: photo,
        }),
    ],
    [
      "socket",
      () =>
        SELF.fetch(`${SITE}/api/chat/socket?conversation=${conversation}`, {
          headers: { Cookie: cookie, Origin: SITE, Upgrade: "websocket" },
        }),
    ],
    ["remove", () => SELF.fetch(`${SITE}/api/chat.php`, json({ method: "DELETE", body: { conversation } }))],
  ];
  const answers: Record<string, { status: number; body: string }> = {};
  for (const [door, request] of requests) {
    const response = await request();
    response.webSocket?.accept();
    response.webSocket?.close(1000);
    answers[door] = { status: response.status, body: await response.text() };
  }
  return answers;
}

describe("a block closes the conversation", () => {
  it("answers every door, for both members, exactly as for a conversation that does not exist", async () => {
    const { ann, bob, conversation, annCookie, bobCookie } = await givenConversation({ paid: true });
    await db.update(profiles).set({ name: "Annabel Zwart" }).where(eq(profiles.userId, ann));
    await givenCredits(ann, 5);
    expect((await send(annCookie, conversation, "secret-01", "Geheim")).status).toBe(201);
    const missing = conversation + 1000;
    await blockMember(appContext(), ann, bob);

    for (const [who, cookie] of [
      ["the blocked member", bobCookie],
      ["the blocker", annCookie],
    ] as const) {
      const answers = await doors(cookie, conversation);
      const nothing = await doors(cookie, missing);
      for (const door of Object.keys(answers)) {
        expect(answers[door]!.status, `${who}: ${door}`).toBe(404);
        if (door === "page") {
          const main = (html: string) => /<main[\s\S]*?<\/main>/.exec(html)?.[0];
          expect(main(answers[door]!.body), `${who}: ${door}`).toEqual(main(nothing[door]!.body));
          expect(answers[door]!.body, `${who}: ${door}`).not.toMatch(/Geheim/);
          // Ann's own page names her, of course; Bob's must not.
          if (cookie === bobCookie) expect(answers[door]!.body, `${who}: ${door}`).not.toMatch(/Annabel Zwart/);
        } else {
          expect(JSON.parse(answers[door]!.body), `${who}: ${door}`).toEqual(JSON.parse(nothing[door]!.body));
        }
      }
    }

    // Lifting the block opens it again.
    await unblockMember(appContext(), ann, bob);
    const history = await SELF.fetch(`${SITE}/api/chat/messages?conversation=${conversation}`, {
      headers: apiHeaders(bobCookie),
    });
    expect(history.status).toBe(200);
    expect(((await history.json()) as { messages: ChatMessage[] }).messages.map((m) => m.text)).toEqual(["Geheim"]);
  });

  it("closes both members' open sockets of that conversation at once", async () => {
    const { ann, bob, conversation, annCookie, bobCookie } = await givenConversation({ paid: true });
    const a = await chatSocket(annCookie, conversation);
    const b = await chatSocket(bobCookie, conversation);
    await blockMember(appContext(), bob, ann);
    expect(await eventually(() => a.closed !== null && b.closed !== null, 1000), "both sockets closed").toBe(true);
    expect([a.closed, b.closed]).toEqual([4404, 4404]);
  });
});

describe("the read marker", () => {
  it("reads up to its seq, leaves later messages unread, and refuses a seq past the newest message", async () => {
    const { ann, bob, conversation, annCookie, bobCookie } = await givenConversation({ paid: true });
    await givenCredits(ann, 5);
    for (const id of ["unread-01", "unread-02", "unread-03"])
      expect((await send(annCookie, conversation, id)).status).toBe(201);
    // Counted behind the acknowledgements.
    expect(await settles(async () => (await participant(conversation, bob)).unread === 3)).toBe(true);
    expect(await participant(conversation, bob)).toEqual({ unread: 3, lastReadSeq: 0 });

    expect((await readUpTo(bobCookie, conversation, 1)).status).toBe(200);
    expect(await participant(conversation, bob)).toEqual({ unread: 2, lastReadSeq: 1 });

    const beyond = await readUpTo(bobCookie, conversation, 4);
    expect(beyond.status).toBe(400);
    expect(((await beyond.json()) as { error: string }).error).toBe("invalid_input");
    expect(await participant(conversation, bob)).toEqual({ unread: 2, lastReadSeq: 1 });

    // Over the socket: the same rule, answered with an error frame.
    const b = await chatSocket(bobCookie, conversation);
    b.send({ type: "read", seq: 99 });
    expect(await eventually(() => b.frames.some((f) => f.type === "error"))).toBe(true);
    expect(b.frames.find((f) => f.type === "error")).toMatchObject({ code: "invalid_input" });
    b.send({ type: "read", seq: 2 });
    expect(await settles(async () => (await participant(conversation, bob)).lastReadSeq === 2)).toBe(true);
    expect(await participant(conversation, bob)).toEqual({ unread: 1, lastReadSeq: 2 });
    // A marker never moves back.
    expect((await readUpTo(bobCookie, conversation, 1)).status).toBe(200);
    expect(await participant(conversation, bob)).toEqual({ unread: 1, lastReadSeq: 2 });

    // Messages Bob cannot see yet (held until Ann confirms her address) cannot be read.
    await db.update(users).set({ status: "not_confirmed" }).where(eq(users.id, ann));
    expect((await send(annCookie, conversation, "unread-04")).status).toBe(201);
    expect((await readUpTo(bobCookie, conversation, 4)).status).toBe(400);
    expect((await readUpTo(bobCookie, conversation, 3)).status).toBe(200);
    expect(await participant(conversation, bob)).toEqual({ unread: 0, lastReadSeq: 3 });
    b.ws.close(1000);
  });
});

describe("the read marker and the summary behind the messages", () => {
  it("a summary that arrives after a newer one changes nothing", async () => {
    const { ann, bob, conversation, annCookie } = await givenConversation({ paid: true });
    await givenCredits(ann, 5);
    for (const id of ["race-0001", "race-0002"]) expect((await send(annCookie, conversation, id)).status).toBe(201);
    expect(await settles(async () => (await participant(conversation, bob)).unread === 2)).toBe(true);
    const side = (unread: number, lastReadSeq: number) => ({
      memberId: bob,
      unread,
      lastReadSeq,
      last: null,
      lastIncomingAt: null,
      lastSentAt: null,
      unansweredSince: null,
    });
    // The room's summaries carry a growing version: the newer one stands, whichever D1 receives last.
    await writeSummary({ db }, conversation, { version: 1000, upTo: 2, members: [side(0, 2)], messages: [] });
    await writeSummary({ db }, conversation, { version: 999, upTo: 2, members: [side(2, 0)], messages: [] });
    expect(await participant(conversation, bob)).toEqual({ unread: 0, lastReadSeq: 2 });
  });
});

describe("a room from before it kept read marks", () => {
  it("takes the mark D1 held once, and counts unread from there", async () => {
    const { ann, bob, conversation, annCookie, bobCookie } = await givenConversation({ paid: true });
    await givenCredits(ann, 5);
    for (const id of ["kept-0001", "kept-0002", "kept-0003"])
      expect((await send(annCookie, conversation, id)).status).toBe(201);
    expect(await settles(async () => (await participant(conversation, bob)).unread === 3)).toBe(true);
    // As a room deployed before read marks lived there: none of its own, D1's says Bob read two.
    await runInDurableObject(roomStub(env, conversation), (_room: ConversationRoom, state) => {
      state.storage.sql.exec("delete from read_marks");
    });
    await db
      .update(conversationParticipants)
      .set({ lastReadSeq: 2 })
      .where(and(eq(conversationParticipants.conversationId, conversation), eq(conversationParticipants.userId, bob)));
    // A read of an earlier message does not move the mark back: D1's is taken first.
    expect((await readUpTo(bobCookie, conversation, 1)).status).toBe(200);
    expect(await participant(conversation, bob)).toEqual({ unread: 1, lastReadSeq: 2 });
  });
});

describe("the balance a send answers", () => {
  it("is the balance after its own charge, for 10 concurrent sends over HTTP", async () => {
    const { ann, conversation, annCookie } = await givenConversation({ paid: true });
    await givenCredits(ann, 10);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(annCookie, conversation, `balance-http-${i}`)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    const credits = await Promise.all(answers.map(async (a) => ((await a.json()) as { credits: number }).credits));
    expect([...credits].sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await balanceOf(ann)).toBe(0);
    expect(await walletLedgerSum(ann)).toBe(0);
    expect(await settles(async () => (await copiedBalance(ann)) === 0)).toBe(true);
    // The notifications of these messages go out after the answers: let them finish.
    expect(await settles(async () => (await db.select().from(notificationLog)).length >= 1)).toBe(true);
  });

  it("is the balance after its own charge, for 10 concurrent sends over the socket", async () => {
    const { ann, conversation, annCookie } = await givenConversation({ paid: true });
    await givenCredits(ann, 10);
    const a = await chatSocket(annCookie, conversation);
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) =>
        a.send({ type: "send", message: { kind: "text", clientId: `balance-ws-${i}`, text: `hoi ${i}` } }),
      ),
    );
    const sent = () => a.frames.filter((f) => f.type === "sent");
    expect(await eventually(() => sent().length === 10)).toBe(true);
    const credits = sent().map((f) => (f.type === "sent" ? f.credits : null));
    expect([...credits].sort((x, y) => (x ?? -1) - (y ?? -1))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    a.ws.close(1000);
  });
});

describe("a text longer than the domain allows", () => {
  it("answers message_too_long with the limit, in the visitor's language, however long, over HTTP and the socket", async () => {
    const { ann, conversation, annCookie } = await givenConversation({ paid: true });
    await givenCredits(ann, 5);
    const expected = translator("nl")("errors:messageTooLong", { max: 500 });
    for (const length of [501, 5001, 20_000]) {
      const answer = await send(annCookie, conversation, `long-http-${length}`, "x".repeat(length));
      expect(answer.status, `${length} characters`).toBe(400);
      expect(await answer.json(), `${length} characters`).toMatchObject({
        error: "message_too_long",
        message: expected,
      });
    }
    const a = await chatSocket(annCookie, conversation);
    for (const length of [501, 5001, 20_000])
      a.send({ type: "send", message: { kind: "text", clientId: `long-ws-${length}`, text: "x".repeat(length) } });
    const errors = () => a.frames.filter((f) => f.type === "error");
    expect(await eventually(() => errors().length === 3)).toBe(true);
    for (const frame of errors()) expect(frame).toMatchObject({ code: "message_too_long", message: expected });
    expect(await balanceOf(ann)).toBe(5);
    a.ws.close(1000);
  });
});

describe("the chat socket handshake", () => {
  it("is refused unless it comes from the site's own origin", async () => {
    const { conversation, annCookie } = await givenConversation({ paid: true });
    const open = (origin: string | null) =>
      SELF.fetch(`${SITE}/api/chat/socket?conversation=${conversation}`, {
        headers: { Cookie: annCookie, Upgrade: "websocket", ...(origin ? { Origin: origin } : {}) },
      });
    for (const origin of ["https://evil.example", "http://localhost.evil.example", "null", null]) {
      const refused = await open(origin);
      refused.webSocket?.accept();
      refused.webSocket?.close(1000);
      expect(refused.status, `Origin: ${origin}`).toBe(403);
      expect(await refused.json(), `Origin: ${origin}`).toEqual({
        error: "forbidden",
        message: translator("nl")("errors:forbiddenOrigin"),
      });
    }
    const own = await open(SITE);
    expect(own.status).toBe(101);
    own.webSocket!.accept();
    own.webSocket!.close(1000);
  });
});

describe("a chat socket and its session", () => {
  async function sessionFor(memberId: number) {
    const { token, statement } = await startSession(db, { userId: memberId, now: Date.now() });
    await statement;
    return { cookie: `session=${token}`, id: await sha256Hex(token), token };
  }

  it("closes (4401) on its next frame once the session is gone, refusing the send and charging nothing", async () => {
    const { ann, conversation, bobCookie } = await givenConversation({ paid: true });
    await givenCredits(ann, 5);
    const session = await sessionFor(ann);
    const sender = await chatSocket(session.cookie, conversation);
    const reader = await chatSocket(session.cookie, conversation);
    const b = await chatSocket(bobCookie, conversation);
    // Ended behind the room's back: nothing tells it.
    await db.delete(sessions).where(eq(sessions.id, session.id));

    sender.send({ type: "send", message: { kind: "text", clientId: "after-logout-1", text: "Nog één" } });
    reader.send({ type: "hello", lastSeq: 0 });
    expect(await eventually(() => sender.closed !== null && reader.closed !== null)).toBe(true);
    expect([sender.closed, reader.closed]).toEqual([4401, 4401]);
    expect(sender.frames.filter((f) => f.type === "sent")).toEqual([]);
    expect(messagesIn(reader.frames)).toEqual([]);
    expect(messagesIn(b.frames)).toEqual([]);
    expect(await balanceOf(ann)).toBe(5);
    expect((await walletOfMember(ann)).ledger.filter((row) => row.reason === "message")).toEqual([]);
    expect(b.closed).toBeNull();
    b.ws.close(1000);
  });

  const ways: {
    name: string;
    /** Ends sessions of Ann, who is signed in on `current` (the device asking) and on another device. */
    end: (w: { ann: number; current: { token: string; cookie: string } }) => Promise<unknown>;
    /** Ann's sockets that must close; the rest stay open. */
    closes: ("current" | "other")[];
  }[] = [
    {
      name: "logout",
      end: ({ current }) =>
        SELF.fetch(`${SITE}/api/logout.php`, { method: "POST", headers: apiHeaders(current.cookie) }),
      // Logging out on one device leaves the other signed in.
      closes: ["current"],
    },
    {
      name: "a password change",
      end: async ({ current }) => {
        const member = (await findSessionMember(db, current.token, Date.now()))!;
        await changePassword(accountsApp({ now: Date.now }), member, {
          current_password: PASSWORD,
          password: "a new and long password",
        });
      },
      // Every other device is logged out; the one that changed it stays.
      closes: ["other"],
    },
    {
      name: "account deletion",
      end: ({ ann }) =>
        closeAccount(accountsApp({ now: Date.now }), { id: ann, email: `member${ann}@test.example`, name: "Ann" }),
      closes: ["current", "other"],
    },
    {
      name: "logging in on 20 more devices",
      end: async ({ ann }) => {
        for (let i = 0; i < 20; i++) {
          await logIn(accountsApp({ now: Date.now }), {
            email: `member${ann}@test.example`,
            password: PASSWORD,
            ip: "10.0.0.1",
          });
        }
      },
      // A member keeps their 20 newest sessions: both of these were older.
      closes: ["current", "other"],
    },
    {
      name: "a ban",
      end: async ({ ann }) =>
        banMember((await givenOperator("moderator")).app, ann, {
          reason: "scam",
          reasons: { ground: "terms", clause: "Terms 4.2", facts: "Messages asking members for money." },
        }),
      closes: ["current", "other"],
    },
    {
      name: "an operator's forced logout",
      end: async ({ ann }) => forceLogout((await givenOperator("support")).app, ann),
      closes: ["current", "other"],
    },
  ];

  it.each(ways)("closes at once when the session ends by $name", async ({ end, closes }) => {
    const { ann, conversation, bobCookie } = await givenConversation({ paid: true });
    const current = await sessionFor(ann);
    const other = await sessionFor(ann);
    const sockets = {
      current: await chatSocket(current.cookie, conversation),
      other: await chatSocket(other.cookie, conversation),
    };
    const b = await chatSocket(bobCookie, conversation);
    await end({ ann, current });
    await settleBackgroundWork();
    const ended = closes.map((which) => sockets[which]);
    expect(await eventually(() => ended.every((s) => s.closed !== null), 1500), "the ended sockets closed").toBe(true);
    expect(ended.map((s) => s.closed)).toEqual(ended.map(() => 4401));
    for (const which of ["current", "other"] as const)
      if (!closes.includes(which)) expect(sockets[which].closed, `Ann's ${which} session's socket`).toBeNull();
    expect(b.closed, "the other member's socket").toBeNull();
    for (const s of [sockets.current, sockets.other, b]) if (s.closed === null) s.ws.close(1000);
  });

  it("is not handed live messages once its session has expired", async () => {
    const { ann, bob, conversation, annCookie } = await givenConversation({ paid: true });
    await givenCredits(ann, 5);
    const session = await sessionFor(bob);
    const expiresAt = Date.now() + 1500;
    const expiry = async () =>
      (await db.select({ at: sessions.expiresAt }).from(sessions).where(eq(sessions.id, session.id)))[0]!.at;
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, session.id));
    const b = await chatSocket(session.cookie, conversation);
    // Opening the socket renewed the session; it lapses now instead.
    expect(await settles(async () => (await expiry()) > expiresAt)).toBe(true);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, session.id));
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt - Date.now() + 50)));

    expect((await send(annCookie, conversation, "too-late-1", "Ben je er nog?")).status).toBe(201);
    expect(await eventually(() => b.closed !== null, 1000)).toBe(true);
    expect(b.closed).toBe(4401);
    expect(messagesIn(b.frames)).toEqual([]);
  });
});
