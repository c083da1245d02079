import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { givenCompany, givenDomainSettings, givenInterest, givenRegion } from "./fixtures.ts";

const get = (path: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`http://localhost${path}`, { headers: { host: "localhost", ...headers } });

describe("GET /api/ping", () => {
  it("answers with the security headers and a request id", async () => {
    const response = await get("/api/ping");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-request-id")).toMatch(/.{8,}/);
  });
});

describe("GET /api/settings.php", () => {
  it("answers the built-in settings for localhost", async () => {
    const response = await get("/api/settings.php");
    const settings = (await response.json()) as Record<string, unknown>;
    expect(settings.name).toBe("Hartslag");
    expect(settings.domain).toBe("localhost");
    expect(settings).toHaveProperty("visible_profile_fields");
    expect(settings).toHaveProperty("minimum_message_costs");
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("answers a domain's settings from KV by Host, and sets the locale cookie from domain_language", async () => {
    await givenDomainSettings("herzklopfen.example", {
      name: "Herzklopfen",
      domain: "herzklopfen.example",
      domain_language: "de-DE",
      countries: ["DE", "AT"],
      company_id: 1,
    });
    const response = await get("/api/settings.php", { host: "www.herzklopfen.example" });
    expect(((await response.json()) as { name: string }).name).toBe("Herzklopfen");
    expect(response.headers.get("set-cookie")).toMatch(/^lng=de; Max-Age=31536000; Path=\/; SameSite=Lax/);
  });

  it("keeps an existing locale cookie", async () => {
    await givenDomainSettings("herzklopfen.example", {
      name: "Herzklopfen",
      domain: "herzklopfen.example",
      domain_language: "de-DE",
      countries: ["DE"],
      company_id: 1,
    });
    const response = await get("/api/settings.php", { host: "herzklopfen.example", cookie: "lng=fr" });
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("answers a forced domain from the query", async () => {
    await givenDomainSettings("flirt.example", {
      name: "Flirt",
      domain: "flirt.example",
      countries: ["NL"],
      company_id: 1,
    });
    const response = await get("/api/settings.php?domain=flirt.example&ref=abc");
    expect(((await response.json()) as { name: string }).name).toBe("Flirt");
  });

  it("refuses a malformed forced domain with a localised 400", async () => {
    const response = await get("/api/settings.php?domain=%3Cscript%3E", { cookie: "lng=en" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "invalid_domain", message: "Invalid domain." });
  });

  it("ignores settings in KV that fail the schema, and serves the defaults", async () => {
    await givenDomainSettings("broken.example", { name: "", countries: "NL" });
    const response = await get("/api/settings.php", { host: "broken.example" });
    expect(response.status).toBe(200);
    const settings = (await response.json()) as { name: string; domain: string };
    expect(settings.name).toBe("Hartslag");
    expect(settings.domain).toBe("broken.example");
  });

  it("ignores settings in KV that are not JSON", async () => {
    await env.SETTINGS.put("domain:garbage.example", "{not json");
    const response = await get("/api/settings.php", { host: "garbage.example" });
    expect(response.status).toBe(200);
  });
});

describe("GET /api/interests.php, /api/regions.php, /api/companyinfo.php", () => {
  it("lists interests with icons and names in the visitor's locale, cacheable", async () => {
    await givenInterest("wine", "Wine");
    const nl = (await (await get("/api/interests.php")).json()) as {
      interests: { slug: string; name: string; icon: string }[];
    };
    expect(nl.interests).toEqual([expect.objectContaining({ slug: "wine", icon: "Wine", name: "Wijn" })]);
    const response = await get("/api/interests.php", { cookie: "lng=de" });
    expect(response.status).toBe(200);
    const de = (await response.json()) as { interests: { slug: string; name: string }[] };
    expect(de.interests).toEqual([expect.objectContaining({ slug: "wine", name: "Wein" })]);
    expect(response.headers.get("cache-control")).toContain("max-age=3600");
    expect(response.headers.get("vary")).toContain("Cookie");
  });

  it("lists regions, for one country when asked", async () => {
    await givenRegion("NL", "NL-NH", "Noord-Holland");
    await givenRegion("DE", "DE-BY", "Bayern");
    const all = (await (await get("/api/regions.php")).json()) as { regions: unknown[] };
    expect(all.regions).toHaveLength(2);
    const nl = (await (await get("/api/regions.php?country=nl")).json()) as { regions: { name: string }[] };
    expect(nl.regions.map((r) => r.name)).toEqual(["Noord-Holland"]);
  });

  it("refuses a malformed country with a localised 400", async () => {
    const response = await get("/api/regions.php?country=Netherlands");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe("Ongeldige landcode.");
  });

  it("answers the domain's company info with the field names clients expect", async () => {
    await givenCompany();
    const response = await get("/api/companyinfo.php");
    expect(await response.json()).toEqual({
      name: "Test Media B.V.",
      address: "Teststraat 1",
      postcode: "1000 AA",
      kvk: "12345678",
      city: "Amsterdam",
      country: "NL",
      tradenames: ["Test"],
      vat_numbers: ["NL000000000B01"],
      support_phone: "+31 20-000 00 00",
      support_email: "support@test.example",
      delete_discount: 0,
      added: "2024-01-01T00:00:00.000Z",
    });
  });

  it("answers 404 when the domain's company is missing", async () => {
    const response = await get("/api/companyinfo.php");
    expect(response.status).toBe(404);
  });
});

describe("unknown /api paths", () => {
  it("answer a localised JSON 404", async () => {
    const response = await get("/api/nothing.php", { cookie: "lng=en" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "not_found", message: "This address does not exist." });
  });
});
