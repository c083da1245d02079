// A domain's push_public_key is the VAPID key its browsers subscribe with
// (GET /api/push.php); the private half stays a Worker secret and is never
// served.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { givenAccount, givenDomainSettings, sessionCookieFor } from "./fixtures.ts";

const DOMAIN_KEY = "BDomainOwnPublicKeyForTestsOnly_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";

async function pushState() {
  const cookie = await sessionCookieFor(await givenAccount({ lastActivity: Date.now() }));
  const response = await SELF.fetch("http://localhost/api/push.php", { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return { text: await response.clone().text(), body: (await response.json()) as { publicKey: string } };
}

describe("push_public_key", () => {
  it("is the key the browser receives when the domain sets one", async () => {
    await givenDomainSettings("localhost", { ...builtInSettings, push_public_key: DOMAIN_KEY });
    const { body, text } = await pushState();
    expect(body.publicKey).toBe(DOMAIN_KEY);
    expect(text).not.toMatch(/private/i);
  });

  it("falls back to the Worker's own key when empty", async () => {
    await givenDomainSettings("localhost", { ...builtInSettings, push_public_key: "" });
    const { body } = await pushState();
    expect(body.publicKey).not.toBe("");
    expect(body.publicKey).not.toBe(DOMAIN_KEY);
  });
});
