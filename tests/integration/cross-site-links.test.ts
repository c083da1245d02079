// Links another site may open in a member's browser. The session cookie is
// SameSite=Lax, so a top-level GET from anywhere carries it: such a GET only
// looks. Starting a conversation, logging out and following a mailed account
// link change something, so they are posts from the site's own page (or, for
// the logout, a call of its own client).
import { SELF } from "cloudflare:test";
import { and, eq, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findSessionMember } from "#app/server/accounts/session.ts";
import { peekToken } from "#app/server/accounts/tokens.ts";
import { hideConversation, startConversation } from "#app/server/chat/conversations.ts";
import { FREE_CONVERSATIONS } from "#app/server/chat/costs.ts";
import { conversationParticipants, conversations, sessions, users } from "#app/server/db/schema.ts";
import { appContext, db, givenAccount, PASSWORD, SITE, sessionCookieFor } from "./fixtures.ts";

const ELSEWHERE = "https://elsewhere.example";

/** A top-level navigation that starts on another site: no Origin, the browser's own fetch metadata. */
const openFromElsewhere = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`${SITE}${path}`, {
    redirect: "manual",
    headers: {
      Referer: `${ELSEWHERE}/`,
      "Sec-Fetch-Site": "cross-site",
      "Sec-Fetch-Mode": "navigate",
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
  });

/** A form posted from a page of `origin` (by default the site's own). */
const postForm = (path: string, form: Record<string, string>, cookie?: string, origin = SITE) =>
  SELF.fetch(`${SITE}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: origin,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(form),
  });

const conversationsStartedBy = (memberId: number) =>
  db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.createdBy, memberId),
        or(eq(conversations.memberLow, memberId), eq(conversations.memberHigh, memberId)),
      ),
    );

const sessionOf = (cookie: string) => findSessionMember(db, cookie.slice("session=".length), Date.now());

/** The session cookie an answer sets, if any (not the one clearing it). */
const sessionSet = (response: Response) =>
  response.headers.getSetCookie().find((cookie) => /^session=[^;]+/.test(cookie) && !/^session=;/.test(cookie)) ?? null;

describe("/members/:id/chat opened from another site", () => {
  it("starts no conversation and spends none of a free member's conversations", async () => {
    const ann = await givenAccount({ name: "Ann" });
    const bob = await givenAccount({ name: "Bob", gender: "male" });
    const cookie = await sessionCookieFor(ann);
    const response = await openFromElsewhere(`/members/${bob}/chat`, cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(await conversationsStartedBy(ann)).toEqual([]);
    // The page offers to start it: a form that posts to this door.
    expect(html).toMatch(
      /<form[^>]*method="post"[^>]*data-testid="chat-start"|data-testid="chat-start"[^>]*method="post"/,
    );
    expect(html).toContain("Bob");
  });

  it("starts the conversation only when the page's own button posts, and opens it", async () => {
    const ann = await givenAccount({ name: "Ann" });
    const bob = await givenAccount({ name: "Bob", gender: "male" });
    const cookie = await sessionCookieFor(ann);
    const refused = await postForm(`/members/${bob}/chat`, {}, cookie, ELSEWHERE);
    expect(refused.status).toBe(403);
    expect(await conversationsStartedBy(ann)).toEqual([]);

    const started = await postForm(`/members/${bob}/chat`, {}, cookie);
    expect(started.status).toBe(302);
    const [conversation] = await conversationsStartedBy(ann);
    expect(started.headers.get("Location")).toBe(`/chats/${conversation!.id}`);
  });

  it("opens a conversation that exists, and leaves one removed from the list removed", async () => {
    const ann = await givenAccount({ name: "Ann" });
    const bob = await givenAccount({ name: "Bob", gender: "male" });
    const eve = await givenAccount({ name: "Eve" });
    const cookie = await sessionCookieFor(ann);
    const withBob = await startConversation(appContext(), { id: ann, paidUser: false }, bob);
    const withEve = await startConversation(appContext(), { id: ann, paidUser: false }, eve);

    const open = await openFromElsewhere(`/members/${bob}/chat`, cookie);
    expect(open.status).toBe(302);
    expect(open.headers.get("Location")).toBe(`/chats/${withBob}`);

    await hideConversation(appContext(), { conversationId: withEve, memberId: ann, otherId: eve });
    const removed = await openFromElsewhere(`/members/${eve}/chat`, cookie);
    expect(removed.status).toBe(200);
    const hidden = () =>
      db
        .select({ hiddenAt: conversationParticipants.hiddenAt })
        .from(conversationParticipants)
        .where(and(eq(conversationParticipants.conversationId, withEve), eq(conversationParticipants.userId, ann)));
    expect((await hidden())[0]?.hiddenAt).not.toBeNull();

    const again = await postForm(`/members/${eve}/chat`, {}, cookie);
    expect(again.headers.get("Location")).toBe(`/chats/${withEve}`);
    expect((await hidden())[0]?.hiddenAt).toBeNull();
  });

  it("tells a free member past their conversations so at once, with nothing started", async () => {
    const ann = await givenAccount({ name: "Ann" });
    const cookie = await sessionCookieFor(ann);
    for (let i = 0; i < FREE_CONVERSATIONS; i++) {
      await startConversation(appContext(), { id: ann, paidUser: false }, await givenAccount());
    }
    const bob = await givenAccount({ name: "Bob", gender: "male" });
    const response = await openFromElsewhere(`/members/${bob}/chat`, cookie);
    expect(response.status).toBe(402);
    expect(await response.text()).toContain('data-testid="chat-refused-premium_only"');
    expect(await conversationsStartedBy(ann)).toHaveLength(FREE_CONVERSATIONS);
  });
});

describe("/api/logout.php opened from another site", () => {
  it("does not end the member's session without the client's own header", async () => {
    const ann = await givenAccount();
    const cookie = await sessionCookieFor(ann);
    const response = await openFromElsewhere("/api/logout.php", cookie);
    expect(await sessionOf(cookie), "the session after the GET").not.toBeNull();
    expect(response.status).toBeLessThan(500);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("session=;"))).toBe(false);
  });

  it("ends it for the site's own client, which sends the header", async () => {
    const ann = await givenAccount();
    const cookie = await sessionCookieFor(ann);
    const response = await SELF.fetch(`${SITE}/api/logout.php`, {
      headers: { Cookie: cookie, "X-Requested-With": "XMLHttpRequest" },
    });
    expect(response.status).toBe(200);
    expect(await sessionOf(cookie)).toBeNull();
  });
});

describe("an account link (activation, reactivation) opened from another site", () => {
  async function givenLink(purpose: "activation" | "reactivation", status: "not_confirmed" | "deleted") {
    const { issueToken, DAY } = await import("#app/server/accounts/tokens.ts");
    const member = await givenAccount({
      status,
      email: "jasmijn@example.com",
      ...(status === "deleted" ? { deletedAt: Date.now() - 60_000 } : {}),
    });
    const link = await issueToken(db, { userId: member, purpose, now: Date.now(), expiresAt: Date.now() + DAY });
    await link.statement;
    return { member, token: link.token };
  }

  const statusOf = async (member: number) =>
    (await db.select({ status: users.status }).from(users).where(eq(users.id, member)))[0]?.status;
  const sessionsOf = (member: number) => db.select().from(sessions).where(eq(sessions.userId, member));

  it("activates nothing, logs nobody in and leaves the link usable: the page names the account and asks", async () => {
    const { member, token } = await givenLink("activation", "not_confirmed");
    const response = await openFromElsewhere(`/activate/done?token=${token}`);
    expect(response.status).toBe(200);
    expect(sessionSet(response)).toBeNull();
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("j•••@example.com");
    expect(html).not.toContain("jasmijn@example.com");
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(await statusOf(member)).toBe("not_confirmed");
    expect(await sessionsOf(member)).toEqual([]);
    expect(await peekToken(db, token, "activation", Date.now())).not.toBeNull();
  });

  it("does not reactivate a deleted account on a GET either", async () => {
    const { member, token } = await givenLink("reactivation", "deleted");
    const response = await openFromElsewhere(`/activate/done?token=${token}`);
    expect(response.status).toBe(200);
    expect(sessionSet(response)).toBeNull();
    expect((await response.text()).replaceAll("<!-- -->", "")).toContain("j•••@example.com");
    expect(await statusOf(member)).toBe("deleted");
    expect(await sessionsOf(member)).toEqual([]);
  });

  it("activates and logs in when the page's button posts the link, once", async () => {
    const { member, token } = await givenLink("activation", "not_confirmed");
    expect((await postForm("/activate/done", { token }, undefined, ELSEWHERE)).status).toBe(403);
    expect(await statusOf(member)).toBe("not_confirmed");

    const response = await postForm("/activate/done", { token });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/activate/done");
    expect(sessionSet(response)).not.toBeNull();
    expect(await statusOf(member)).toBe("active");

    const again = await postForm("/activate/done", { token });
    expect(again.headers.get("Location")).toBe("/activate/error");
    expect(sessionSet(again)).toBeNull();
  });

  it("reactivates and logs in when the page's button posts the reactivation link", async () => {
    const { member, token } = await givenLink("reactivation", "deleted");
    const response = await postForm("/activate/done", { token });
    expect(response.headers.get("Location")).toBe("/activate/done");
    expect(sessionSet(response)).not.toBeNull();
    expect(await statusOf(member)).toBe("active");
  });

  it("sends a link that does nothing any more to the page that says so, GET or POST", async () => {
    const get = await openFromElsewhere("/activate/done?token=not-a-real-token");
    expect(get.headers.get("Location")).toBe("/activate/error");
    const post = await postForm("/activate/done", { token: "not-a-real-token" });
    expect(post.headers.get("Location")).toBe("/activate/error");
  });
});

describe("a login link whose redirect leads elsewhere", () => {
  it("lands the member on this site, whatever the browser would strip or fold", async () => {
    await givenAccount({ email: "redirect@example.com" });
    // Each login costs a password hash: the two tricks that got through before; the rule's unit test has the rest.
    for (const redirectTo of ["/\t/evil.example/x", "/\n/evil.example"]) {
      const response = await postForm("/login", { email: "redirect@example.com", password: PASSWORD, redirectTo });
      expect(response.status, JSON.stringify(redirectTo)).toBe(302);
      const location = response.headers.get("Location")!;
      expect(new URL(location, SITE).origin, JSON.stringify(redirectTo)).toBe(new URL(SITE).origin);
      expect(location, JSON.stringify(redirectTo)).not.toMatch(/^\/\/|\s/);
    }
  });
});
