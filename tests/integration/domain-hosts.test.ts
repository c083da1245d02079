// Which host may serve whom, and at whose prices. A production Worker serves
// only hosts with settings in KV; a member is served by their own domain or
// another domain of the same company, and pays their own domain's prices
// there; another company's host neither logs them in nor takes their session.
// Looking up another domain's settings is bounded too.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "#app/server/limits/rate-limits.ts";

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
