import { SELF } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pushSubscriptions } from "#app/server/db/schema.ts";
import { db, givenAccount, givenRegion, PASSWORD } from "./fixtures.ts";

const BASE = "http://localhost";
const client = { "X-Requested-With": "XMLHttpRequest", Origin: BASE };

function call(
  method: string,
  path: string,
  init: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  return SELF.fetch(BASE + path, {
    method,
    headers: {
      ...client,
      ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
}

async function login(email: string, password = PASSWORD) {
  const response = await call("POST", "/api/user.php", { body: { email, password } });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("session="));
  return { response, cookie: cookie?.split(";")[0] };
}

describe("/api/user.php", () => {
  it("answers user null for a visitor", async () => {
    const response = await call("GET", "/api/user.php");
    expect(await response.json()).toEqual({ user: null });
  });

  it("logs in with the cookie strategy: an HttpOnly, SameSite=Lax, 30-day session cookie on /", async () => {
    await givenAccount({ email: "ann@example.com", name: "Ann" });
    const { response, cookie } = await login("ann@example.com");
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("session="))!;
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const { user } = (await (await call("GET", "/api/user.php", { cookie })).json()) as {
      user: Record<string, unknown>;
    };
    expect(user).toMatchObject({
      email: "ann@example.com",
      status: "active",
      credits: 0,
      paid_user: false,
      language: "nl",
      // Offers and news are off until the member chooses them.
      notifications_disabled: ["promotions", "news"],
      profile: { name: "Ann", country: "NL", gender: "female", status: "active", main_image: null },
    });
    expect(user).toHaveProperty("signup_date");
    expect(JSON.stringify(user)).not.toMatch(/password|argon2/);
  });

  it("refuses a wrong password with the login-failed message, in the visitor's language", async () => {
    await givenAccount({ email: "ann@example.com" });
    const { response } = await login("ann@example.com", "wrong-one");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "login_failed", message: "Login mislukt, probeer opnieuw" });
    const english = await call("POST", "/api/user.php", {
      body: { email: "ann@example.com", password: "wrong-one" },
      cookie: "lng=en",
    });
    expect(((await english.json()) as { message: string }).message).toBe("Login failed, please try again");
  });

  it("says for how many minutes a blocked account waits", async () => {
    await givenAccount({ email: "ann@example.com" });
    for (let i = 0; i < 4; i++) await login("ann@example.com", "wrong");
    const { response } = await login("ann@example.com", "wrong");
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      error: "login_blocked",
      minutes: 15,
      message: "Te veel foute pogingen, account voor 15 min geblokkeerd.",
    });
  });

  it("changes a member's language and sets the locale cookie", async () => {
    await givenAccount({ email: "ann@example.com" });
    const { cookie } = await login("ann@example.com");
    const response = await call("PUT", "/api/user.php", { body: { language: "de" }, cookie });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).toMatch(/lng=de; Max-Age=31536000/);
    const { user } = (await (await call("GET", "/api/user.php", { cookie })).json()) as { user: { language: string } };
    expect(user.language).toBe("de");
    expect((await call("PUT", "/api/user.php", { body: { language: "xx" }, cookie })).status).toBe(400);
  });

  it("answers 403 authentication_required to a visitor changing the language", async () => {
    const response = await call("PUT", "/api/user.php", { body: { language: "de" } });
    expect(response.status).toBe(403);
    expect(JSON.stringify(await response.json())).toContain("authentication_required");
  });

  it("stores a push subscription for a member, once per browser endpoint", async () => {
    await givenAccount({ email: "ann@example.com" });
    const { cookie } = await login("ann@example.com");
    const subscription = {
      endpoint: "https://fcm.googleapis.com/fcm/send/abc",
      keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) },
    };
    expect((await call("POST", "/api/user.php?push=1", { body: { subscription }, cookie })).status).toBe(201);
    expect((await call("POST", "/api/user.php?push=1", { body: { subscription }, cookie })).status).toBe(201);
    const stored = await db.select().from(pushSubscriptions);
    expect(stored.map((row) => row.endpoint)).toEqual([subscription.endpoint]);
    const bad = await call("POST", "/api/user.php?push=1", {
      body: { subscription: { endpoint: "http://insecure.example", keys: {} } },
      cookie,
    });
    expect(bad.status).toBe(400);
    expect((await call("POST", "/api/user.php?push=1", { body: { subscription } })).status).toBe(403);
  });

  it("wants the client header on state-changing calls", async () => {
    const response = await SELF.fetch(`${BASE}/api/user.php`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: BASE },
      body: JSON.stringify({ email: "a@example.com", password: "x" }),
    });
    expect(response.status).toBe(403);
  });

  it("refuses form posts from another site (CSRF)", async () => {
    const response = await SELF.fetch(`${BASE}/api/logout.php`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: "",
    });
    expect(response.status).toBe(403);
  });

  it("never answers 5xx to malformed bodies, and always says what is wrong", { timeout: 120_000 }, async () => {
    const body = fc.oneof(
      fc.json(),
      fc.string(),
      fc.record({ email: fc.oneof(fc.string(), fc.integer(), fc.constant(null)), password: fc.anything() }),
      fc.record({ language: fc.anything() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("POST", "PUT"), body, async (method, payload) => {
        const response = await call(method, "/api/user.php", { body: typeof payload === "string" ? payload : payload });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(((await response.json()) as { message?: string }).message).toEqual(expect.any(String));
      }),
      { numRuns: 150 },
    );
  });
});

describe("/api/logout.php", () => {
  it("ends the session and clears the cookie", async () => {
    await givenAccount({ email: "ann@example.com" });
    const { cookie } = await login("ann@example.com");
    const response = await call("GET", "/api/logout.php", { cookie });
    expect(response.headers.getSetCookie().join()).toMatch(/session=; Max-Age=0/);
    expect(await (await call("GET", "/api/user.php", { cookie })).json()).toEqual({ user: null });
  });
});

describe("/api/geocode.php", () => {
  it("finds the nearest region, cached for an hour", async () => {
    await givenRegion("NL", "NL-NH", "Noord-Holland");
    const response = await call("GET", "/api/geocode.php?lat=52.37&lon=4.9");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(await response.json()).toMatchObject({ country: "NL", region: { code: "NL-NH", name: "Noord-Holland" } });
  });

  it("answers 404 far from every region, and 400 to coordinates that are not", async () => {
    await givenRegion("NL", "NL-NH", "Noord-Holland");
    expect((await call("GET", "/api/geocode.php?lat=-40&lon=-30")).status).toBe(404);
    expect((await call("GET", "/api/geocode.php?lat=95&lon=4")).status).toBe(400);
    expect((await call("GET", "/api/geocode.php?lat=abc")).status).toBe(400);
  });
});

describe("request bodies", () => {
  it("refuses a JSON body over 64 KB with a localised 413 and changes nothing, declared or not", async () => {
    await givenAccount({ email: "big@example.com", name: "Big" });
    const { cookie } = await login("big@example.com");
    const huge = JSON.stringify({ language: "de", padding: "x".repeat(8 * 1024 * 1024) });
    const declared = await call("PUT", "/api/user.php", { body: huge, cookie });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ error: "too_large", message: expect.stringMatching(/groot/) });
    // Streamed without a length: counted while it is read.
    const stream = new Blob([huge]).stream();
    const streamed = await SELF.fetch(`${BASE}/api/user.php`, {
      method: "PUT",
      headers: { ...client, "Content-Type": "application/json", Cookie: cookie! },
      body: stream,
    });
    expect(streamed.status).toBe(413);
    const me = await call("GET", "/api/user.php", { cookie });
    expect(((await me.json()) as { user: { language: string } }).user.language).not.toBe("de");
  });
});
