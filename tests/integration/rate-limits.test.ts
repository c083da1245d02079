// Floods stop with a localised 429: /api/* writes and chat messages,
// counted per member or per client address. (Page forms: tests/e2e/safety.spec.ts.)
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "#app/server/limits/rate-limits.ts";
import { appContext, givenAccount, givenCredits, sessionCookieFor } from "./fixtures.ts";

const BASE = "http://localhost";
let nextAddress = 1;
const address = () => `203.0.113.${nextAddress++}`;

/**
 * The emulated limiter counts in one-minute windows aligned to the clock: a
 * flood that straddles two windows is counted half in each and never stopped.
 * Start it in a window with time enough left.
 */
async function inFreshWindow() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 25_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

describe("rate limits", () => {
  it("stops a member's /api/* writes past the limit with a JSON answer", async () => {
    const member = await givenAccount();
    const cookie = await sessionCookieFor(member);
    const put = () =>
      SELF.fetch(`${BASE}/api/user.php`, {
        method: "PUT",
        headers: {
          Cookie: cookie,
          Origin: BASE,
          "X-Requested-With": "XMLHttpRequest",
          "Content-Type": "application/json",
          "CF-Connecting-IP": address(),
        },
        body: JSON.stringify({ language: "nl" }),
      });
    const statuses: number[] = [];
    await inFreshWindow();
    for (let i = 0; i < RATE_LIMITS.write; i++) statuses.push((await put()).status);
    expect(statuses).not.toContain(429);
    // Counted by member, so a new address does not help.
    const refused = await put();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: "rate_limited",
      message: "Dat was te vaak in korte tijd. Wacht een minuut en probeer het dan opnieuw.",
    });
  });

  it("stops a member's new chat messages past the limit; a retry is not counted again", async () => {
    const ann = await givenAccount({ name: "Ann" });
    const bob = await givenAccount({ name: "Bob", gender: "male" });
    const { startConversation } = await import("#app/server/chat/conversations.ts");
    const conversation = await startConversation(appContext(), { id: ann, paidUser: false }, bob);
    await givenCredits(ann, RATE_LIMITS.message + 5);
    const cookie = await sessionCookieFor(ann);
    const send = (clientId: string) =>
      SELF.fetch(`${BASE}/api/chat/messages`, {
        method: "POST",
        headers: {
          Cookie: cookie,
          Origin: BASE,
          "X-Requested-With": "XMLHttpRequest",
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ conversation, message: { kind: "text", clientId, text: `hoi ${clientId}` } }),
      });
    await inFreshWindow();
    for (let i = 0; i < RATE_LIMITS.message; i++)
      expect((await send(`flood-${String(i).padStart(4, "0")}`)).status).toBe(201);
    const refused = await send("flood-over-limit");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe("rate_limited");
    // Sending a stored message again is a retry, not a new message.
    expect((await send("flood-0000")).status).toBe(201);
  });

  it("leaves reading alone", async () => {
    const ip = address();
    for (let i = 0; i < RATE_LIMITS.write + 5; i++) {
      const response = await SELF.fetch(`${BASE}/api/ping`, { headers: { "CF-Connecting-IP": ip } });
      expect(response.status).toBe(200);
    }
  });
});

describe("page forms from other sites", () => {
  const postLogin = (headers: Record<string, string>) =>
    SELF.fetch(`${BASE}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({ email: "a@test.example", password: "whatever-password" }),
    });

  it("are refused with a 403 when the origin is another site or unknown", async () => {
    expect((await postLogin({ Origin: "https://evil.example" })).status).toBe(403);
    expect((await postLogin({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await postLogin({})).status).toBe(403);
  });

  it("go through from the site's own pages", async () => {
    // Past the origin check, the login action itself answers: an unknown address fails to log in.
    const ownPages: Record<string, string>[] = [{ Origin: BASE }, { "Sec-Fetch-Site": "same-origin" }];
    for (const headers of ownPages) {
      const response = await postLogin(headers);
      expect(response.status).toBe(401);
      expect(await response.text()).toContain("Login mislukt");
    }
  });
});
