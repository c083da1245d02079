// Which host may serve whom, and at whose prices. A production Worker serves
// only hosts with settings in KV; a member is served by their own domain or
// another domain of the same company, and pays their own domain's prices
// there; another company's host neither logs them in nor takes their session.
// Looking up another domain's settings is bounded too.
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "#app/server/limits/rate-limits.ts";
import { createServer } from "#workers/server.ts";
import { givenDomainSettings } from "./fixtures.ts";

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
