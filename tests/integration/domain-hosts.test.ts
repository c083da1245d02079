// Which host may serve whom, and at whose prices. A production Worker serves
// only hosts with settings in KV; a member is served by their own domain or
// another domain of the same company, and pays their own domain's prices
// there; another company's host neither logs them in nor takes their session.
// Looking up another domain's settings is bounded too.
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditPackages, gifts, payments, users } from "#app/server/db/schema.ts";
import { RATE_LIMITS } from "#app/server/limits/rate-limits.ts";
import { createServer } from "#workers/server.ts";
import {
  db,
  givenAccount,
  givenConversation,
  givenCredits,
  givenDomainSettings,
  PASSWORD,
  sessionCookieFor,
  walletOfMember,
} from "./fixtures.ts";

/** Three domains: hartslag and its sister vlinder (one company, vlinder dearer), and another company's flirt. */
async function givenDomains() {
  const site = { countries: ["NL"], minimum_message_costs: {} };
  await givenDomainSettings("hartslag.example", {
    ...site,
    name: "Hartslag",
    domain: "hartslag.example",
    company_id: 1,
    message_credits: 1,
    gift_credits: 5,
    payment_methods: { NL: ["ideal"] },
  });
  await givenDomainSettings("vlinder.example", {
    ...site,
    name: "Vlinder",
    domain: "vlinder.example",
    company_id: 1,
    message_credits: 4,
    gift_credits: 9,
    payment_methods: { NL: ["ideal", "creditcard"] },
  });
  await givenDomainSettings("flirt.example", {
    ...site,
    name: "Flirt",
    domain: "flirt.example",
    company_id: 2,
    message_credits: 1,
  });
}

/** A member who signed up on a domain. */
async function memberOf(domain: string, input: Parameters<typeof givenAccount>[0] = {}) {
  const id = await givenAccount(input);
  await db.update(users).set({ domain }).where(eq(users.id, id));
  return id;
}

const client = (host: string, cookie?: string) => ({
  Origin: `http://${host}`,
  "X-Requested-With": "XMLHttpRequest",
  "Content-Type": "application/json",
  ...(cookie ? { Cookie: cookie } : {}),
});

const logInOn = (host: string, email: string, password = PASSWORD) =>
  SELF.fetch(`http://${host}/api/user.php`, {
    method: "POST",
    headers: client(host),
    body: JSON.stringify({ email, password }),
  });

const userOn = async (host: string, cookie: string) => {
  const response = await SELF.fetch(`http://${host}/api/user.php`, { headers: client(host, cookie) });
  return { response, body: (await response.json()) as { user: { email: string } | null } };
};

/** The member's balance: their wallet's. */
const balance = async (id: number) => (await walletOfMember(id)).balance;

describe("logging in on a host", () => {
  it("refuses a member on another company's host with the answer a wrong password gets", async () => {
    await givenDomains();
    await memberOf("hartslag.example", { email: "ann@test.example" });
    const wrongPassword = await logInOn("flirt.example", "ann@test.example", "not-her-password");
    const foreign = await logInOn("flirt.example", "ann@test.example");
    expect(foreign.status).toBe(wrongPassword.status);
    expect(await foreign.json()).toEqual(await wrongPassword.json());
    expect(foreign.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(false);
  });

  it("logs a member in on their own domain and on another domain of the same company", async () => {
    await givenDomains();
    await memberOf("hartslag.example", { email: "ann@test.example" });
    expect((await logInOn("hartslag.example", "ann@test.example")).status).toBe(200);
    expect((await logInOn("vlinder.example", "ann@test.example")).status).toBe(200);
  });
});

describe("a session on a host", () => {
  it("is not a member on another company's host, and the cookie there is cleared", async () => {
    await givenDomains();
    const ann = await memberOf("hartslag.example", { email: "ann@test.example" });
    const cookie = await sessionCookieFor(ann);
    const replayed = await userOn("flirt.example", cookie);
    expect(replayed.body).toEqual({ user: null });
    expect(replayed.response.headers.getSetCookie().some((c) => /^session=;/.test(c))).toBe(true);
    // The session itself lives on: at home, and on the company's other domain.
    expect((await userOn("hartslag.example", cookie)).body.user?.email).toBe("ann@test.example");
    expect((await userOn("vlinder.example", cookie)).body.user?.email).toBe("ann@test.example");
  });
});

describe("prices for a member served by another domain of their company", () => {
  it("shows the host's site with the member's own domain's terms", async () => {
    await givenDomains();
    const ann = await memberOf("hartslag.example");
    const response = await SELF.fetch("http://vlinder.example/api/settings.php", {
      headers: client("vlinder.example", await sessionCookieFor(ann)),
    });
    expect(await response.json()).toMatchObject({
      name: "Vlinder",
      domain: "hartslag.example",
      message_credits: 1,
      gift_credits: 5,
      payment_methods: { NL: ["ideal"] },
    });
  });

  it("charges a chat message at the member's own domain's price, not the host's", async () => {
    await givenDomains();
    const { ann, conversation, annCookie } = await givenConversation();
    await db.update(users).set({ domain: "hartslag.example" }).where(eq(users.id, ann));
    await givenCredits(ann, 20);
    const response = await SELF.fetch("http://vlinder.example/api/chat/messages", {
      method: "POST",
      headers: client("vlinder.example", annCookie),
      body: JSON.stringify({ conversation, message: { kind: "text", clientId: "via-vlinder-1", text: "hoi" } }),
    });
    expect(response.status).toBe(201);
    expect(await balance(ann)).toBe(19);
  });

  it("charges a gift at the member's own domain's price", async () => {
    await givenDomains();
    const ann = await memberOf("hartslag.example");
    const bob = await memberOf("hartslag.example", { gender: "male" });
    await givenCredits(ann, 20);
    const [rose] = await db.insert(gifts).values({ slug: "rose", icon: "Flower2", position: 0 }).returning();
    const response = await SELF.fetch(`http://vlinder.example/members/${bob}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: "http://vlinder.example",
        Cookie: await sessionCookieFor(ann),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "gift", gift: String(rose!.id), request: "gift-via-vlinder" }),
    });
    expect(response.status).toBeLessThan(400);
    expect(await balance(ann)).toBe(15);
  });

  it("sells the member's own domain's packages and books the payment under that domain", async () => {
    await givenDomains();
    const ann = await memberOf("hartslag.example");
    const package_ = { country: "NL", currency: "EUR", credits: 50, style: "p1" as const };
    const [home] = await db
      .insert(creditPackages)
      .values({ ...package_, domain: "hartslag.example", priceCents: 1234 })
      .returning();
    await db.insert(creditPackages).values({ ...package_, domain: "vlinder.example", priceCents: 4321 });
    const response = await SELF.fetch("http://vlinder.example/credits", {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: "http://vlinder.example",
        Cookie: await sessionCookieFor(ann),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ package: String(home!.id), method: "ideal" }),
    });
    expect(response.status).toBe(302);
    const [payment] = await db.select().from(payments).where(eq(payments.userId, ann));
    expect(payment).toMatchObject({ domain: "hartslag.example", amountCents: 1234, method: "ideal" });
  });
});

describe("GET /api/settings.php?domain=", () => {
  it("answers 404 in the visitor's language for a domain without settings", async () => {
    const response = await SELF.fetch("http://localhost/api/settings.php?domain=nobody-here.example", {
      headers: { Cookie: "lng=en" },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: "unknown_domain",
      message: "There is no site at this address.",
    });
  });

  it("stops a flood of lookups from one client with a 429", async () => {
    const lookup = (i: number) =>
      SELF.fetch(`http://localhost/api/settings.php?domain=flood-${i}.example`, {
        headers: { "CF-Connecting-IP": "198.51.100.77" },
      });
    // The emulated limiter counts in windows aligned to the minute: start one with time left.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 25_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.write; i++) statuses.push((await lookup(i)).status);
    expect(statuses).not.toContain(429);
    const refused = await lookup(RATE_LIMITS.write);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe("rate_limited");
  });
});

describe("a production Worker", () => {
  const server = createServer(async () => new Response("served by the app"));
  const local = env as unknown as Record<string, unknown>;
  // Production: every secret set (fakes), none of the local variables.
  const production = {
    DB: env.DB,
    SETTINGS: env.SETTINGS,
    PHOTOS: env.PHOTOS,
    EMAIL: local.EMAIL,
    MAIL_LINK_SECRET: "l".repeat(40),
    MAIL_WEBHOOK_SECRET: "w".repeat(40),
    MOLLIE_API_KEY: "test_abcdefghijklmnopqrstuvwxyz",
    TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
    TWILIO_AUTH_TOKEN: "t".repeat(32),
    SMS_FROM: "Hartslag",
    VAPID_PUBLIC_KEY: String(local.VAPID_PUBLIC_KEY),
    VAPID_PRIVATE_KEY: String(local.VAPID_PRIVATE_KEY),
    VAPID_SUBJECT: "mailto:ops@hartslag.example",
  } as unknown as Env;

  async function knock(url: string, headers: Record<string, string> = {}) {
    const ctx = createExecutionContext();
    const response = await server.fetch(new Request(url, { headers }), production, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  it("answers 404 on a host without settings, never the built-in ones", async () => {
    const page = await knock("https://unknown.example/", { "accept-language": "de-DE" });
    expect(page.status).toBe(404);
    const text = await page.text();
    expect(text).toContain("Unter dieser Adresse gibt es keine Website.");
    expect(text).not.toContain("served by the app");
    const api = await knock("https://unknown.example/api/settings.php", { "accept-language": "en" });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: "unknown_domain", message: "There is no site at this address." });
    expect((await knock("https://localhost/")).status).toBe(404);
  });

  it("serves a host with settings", async () => {
    await givenDomains();
    const page = await knock("https://vlinder.example/");
    expect(page.status).toBe(200);
    expect(await page.text()).toBe("served by the app");
  });
});
