// The configuration fails closed: production is the default, no value comes
// from the repo, local-only providers are refused there, and a Worker with a
// configuration it cannot trust answers every request with a 503 while the
// log names what is wrong.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appConfig, ConfigError } from "#app/server/config/env.ts";
import { variables } from "#app/server/config/variables.ts";
import { createServer } from "#workers/server.ts";
import { givenDomainSettings } from "./fixtures.ts";

const local = env as unknown as Record<string, unknown>;
const bindings = { DB: env.DB, SETTINGS: env.SETTINGS, PHOTOS: env.PHOTOS, EMAIL: local.EMAIL };

/** A production Worker: the bindings, none of the local variables. */
const production = (vars: Record<string, string> = {}) => ({ ...bindings, ...vars }) as unknown as Env;

const fakeSecrets = {
  MAIL_LINK_SECRET: "l".repeat(40),
  MAIL_WEBHOOK_SECRET: "w".repeat(40),
  MOLLIE_API_KEY: "test_abcdefghijklmnopqrstuvwxyz",
  TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "t".repeat(32),
  SMS_FROM: "Hartslag",
  VAPID_PUBLIC_KEY: String(local.VAPID_PUBLIC_KEY),
  VAPID_PRIVATE_KEY: String(local.VAPID_PRIVATE_KEY),
  VAPID_SUBJECT: "mailto:ops@hartslag.example",
};

function problemsOf(target: Env): Record<string, string> {
  try {
    appConfig(target);
  } catch (error) {
    if (error instanceof ConfigError) return Object.fromEntries(error.problems.map((p) => [p.variable, p.problem]));
    throw error;
  }
  return {};
}

afterEach(() => vi.restoreAllMocks());

describe("the configuration", () => {
  it("is the local one in the tests: development, local providers", () => {
    const config = appConfig(env);
    expect(config).toMatchObject({
      production: false,
      mail: { transport: "outbox" },
      payments: { provider: "sandbox" },
      sms: { provider: "outbox" },
    });
  });

  it("is production when nothing is set, and names every secret that is missing", () => {
    expect(Object.keys(problemsOf(production())).sort()).toEqual(
      [
        "MAIL_LINK_SECRET",
        "MAIL_WEBHOOK_SECRET",
        "MOLLIE_API_KEY",
        "SMS_FROM",
        "TWILIO_ACCOUNT_SID",
        "TWILIO_AUTH_TOKEN",
        "VAPID_PRIVATE_KEY",
        "VAPID_PUBLIC_KEY",
        "VAPID_SUBJECT",
      ].sort(),
    );
  });

  it("serves production with every secret set, through the real providers", () => {
    const config = appConfig(production(fakeSecrets));
    expect(config).toMatchObject({
      production: true,
      mail: { transport: "cloudflare" },
      payments: { provider: "mollie", apiUrl: "https://api.mollie.com" },
      sms: { provider: "twilio", apiUrl: "https://api.twilio.com" },
      mailLinkSecret: fakeSecrets.MAIL_LINK_SECRET,
    });
  });

  it("refuses the local-only providers in production", () => {
    const local = { MAIL_TRANSPORT: "outbox", PAYMENT_PROVIDER: "sandbox", SMS_PROVIDER: "outbox" };
    expect(problemsOf(production({ ...fakeSecrets, ...local }))).toEqual({
      MAIL_TRANSPORT: '"outbox" is for local development only',
      PAYMENT_PROVIDER: '"sandbox" is for local development only',
      SMS_PROVIDER: '"outbox" is for local development only',
    });
  });

  it("refuses values that are wrong, naming each", () => {
    const wrong = {
      ...fakeSecrets,
      APP_ENV: "staging",
      MAIL_LINK_SECRET: "short",
      MOLLIE_API_KEY: "sk_live_123",
      MOLLIE_API_URL: "ftp://mollie",
    };
    expect(Object.keys(problemsOf(production(wrong))).sort()).toEqual([
      "APP_ENV",
      "MAIL_LINK_SECRET",
      "MOLLIE_API_KEY",
      "MOLLIE_API_URL",
    ]);
  });

  it("needs the send_email binding for Cloudflare's mail, and the API settings for HTTP mail", () => {
    const { EMAIL: _, ...withoutEmail } = bindings;
    expect(problemsOf({ ...withoutEmail, ...fakeSecrets } as unknown as Env)).toEqual({
      EMAIL: "send_email binding is missing (needed for MAIL_TRANSPORT=cloudflare)",
    });
    expect(problemsOf(production({ ...fakeSecrets, MAIL_TRANSPORT: "http" }))).toEqual({
      MAIL_API_URL: "is not set (needed for MAIL_TRANSPORT=http)",
      MAIL_API_KEY: "is not set (needed for MAIL_TRANSPORT=http)",
    });
  });

  it("purges no host unless told, and needs the API token for the hosts it is told to purge", () => {
    expect(appConfig(production(fakeSecrets)).cachePurge.zones.size).toBe(0);
    const zone = "0123456789abcdef0123456789abcdef";
    const hosts = { CDN_PURGE_HOSTS: `hartslag.example=${zone},cdn.hartslag.example=${zone}` };
    expect(problemsOf(production({ ...fakeSecrets, ...hosts }))).toEqual({
      CLOUDFLARE_API_TOKEN: "is not set (needed for CDN_PURGE_HOSTS)",
    });
    expect(problemsOf(production({ ...fakeSecrets, CDN_PURGE_HOSTS: "hartslag.example=not-a-zone" }))).toHaveProperty(
      "CDN_PURGE_HOSTS",
    );
    const config = appConfig(production({ ...fakeSecrets, ...hosts, CLOUDFLARE_API_TOKEN: "c".repeat(40) }));
    expect(config.cachePurge).toEqual({
      apiUrl: "https://api.cloudflare.com",
      token: "c".repeat(40),
      zones: new Map([
        ["hartslag.example", zone],
        ["cdn.hartslag.example", zone],
      ]),
    });
  });

  it("lists what each variable is for", () => {
    for (const [name, variable] of Object.entries(variables)) {
      expect(variable.what.length, name).toBeGreaterThan(10);
    }
  });
});

describe("a Worker whose configuration is refused", () => {
  const server = createServer(async () => new Response("served"));

  async function knock(path: string, target: Env, headers: Record<string, string> = {}) {
    const ctx = createExecutionContext();
    const response = await server.fetch(new Request(`https://hartslag.example${path}`, { headers }), target, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  it("answers every page with a 503 in the visitor's language and logs the variables by name", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const path of ["/", "/login", "/members", "/admin", "/payments/sandbox/x", "/dev/mail"]) {
      const response = await knock(path, production(), { "accept-language": "de-DE" });
      expect(response.status, path).toBe(503);
      expect(response.headers.get("retry-after")).toBe("300");
      const page = await response.text();
      expect(page).toContain("Vorübergehend nicht erreichbar");
      expect(page).not.toContain("served");
    }
    const line = JSON.parse(String(errors.mock.calls[0]?.[0])) as { msg: string; variables: string[] };
    expect(line.msg).toBe("configuration refused: not serving");
    expect(line.variables).toContain("MAIL_LINK_SECRET");
    expect(line.variables).toContain("MOLLIE_API_KEY");
  });

  it("answers the API with a JSON 503, in Dutch by default", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await knock("/api/ping", production({ ...fakeSecrets, PAYMENT_PROVIDER: "sandbox" }));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      error: "unavailable",
      message: "Deze site is tijdelijk niet beschikbaar. Probeer het over een paar minuten opnieuw.",
    });
  });

  it("serves once the configuration is complete, on a host with settings", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    await givenDomainSettings("hartslag.example", {
      name: "Hartslag",
      domain: "hartslag.example",
      countries: ["NL"],
      company_id: 1,
    });
    const response = await knock("/login", production(fakeSecrets));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("served");
  });
});
