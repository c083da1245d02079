// One address per page, and each language version of it complete: the Worker
// answers other spellings of a page's address (www., a trailing slash, capitals,
// a language the domain does not offer in ?lng=) with a 308 to the one form, a
// page whose language follows the visitor says so in Vary, and a page's title
// in a language is never another language's text.
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { translator } from "#app/i18n/i18next.server.ts";
import { createServer } from "#workers/server.ts";
import { seedExampleDomains } from "../../scripts/seed/domains.ts";
import { db, givenCompany, givenDomainSettings } from "./fixtures.ts";

const visitor = { cookie: "site_entry_skipped=1" };

const request = (url: string, init: RequestInit = {}) =>
  SELF.fetch(url, { redirect: "manual", ...init, headers: { ...visitor, ...init.headers } });

async function redirectOf(url: string, init: RequestInit = {}) {
  const response = await request(url, init);
  await response.body?.cancel();
  return { status: response.status, location: response.headers.get("location") };
}

const permanentTo = (location: string) => ({ status: 308, location });

async function titleOf(url: string, headers: Record<string, string> = {}) {
  const response = await request(url, { headers });
  expect(response.status, url).toBe(200);
  const html = await response.text();
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
  };
}

describe("one address per page", () => {
  it("sends www. to the domain itself, with path, query and method kept", async () => {
    await seedExampleDomains(db, env.SETTINGS);
    expect(await redirectOf("https://www.vlinder.example/members?page=2")).toEqual(
      permanentTo("https://vlinder.example/members?page=2"),
    );
    expect(await redirectOf("http://www.vlinder.example:8787/")).toEqual(permanentTo("http://vlinder.example:8787/"));
    const post = await redirectOf("https://www.vlinder.example/api/user.php", { method: "POST", body: "{}" });
    expect(post).toEqual(permanentTo("https://vlinder.example/api/user.php"));
  });

  it("sends a page address with a trailing slash or capitals to its one form, query kept", async () => {
    await seedExampleDomains(db, env.SETTINGS);
    expect(await redirectOf("https://vlinder.example/members/1/")).toEqual(
      permanentTo("https://vlinder.example/members/1"),
    );
    expect(await redirectOf("https://vlinder.example/Members/1?lng=fr&ref=ad")).toEqual(
      permanentTo("https://vlinder.example/members/1?lng=fr&ref=ad"),
    );
    expect(await redirectOf("https://vlinder.example/PAGES/Terms/", { method: "HEAD" })).toEqual(
      permanentTo("https://vlinder.example/pages/terms"),
    );
    // All in one step: a search engine follows few redirects in a row.
    expect(await redirectOf("https://www.vlinder.example/Members/")).toEqual(
      permanentTo("https://vlinder.example/members"),
    );
  });

  it("leaves the API, media, files, tokens in paths and posts alone", async () => {
    await seedExampleDomains(db, env.SETTINGS);
    for (const path of [
      "/api/Ping/",
      "/api/ping/",
      "/media/Photos/AbC.webp",
      "/media/x/",
      "/Logos/vlinder.svg",
      "/payments/sandbox/AbC",
      "/dev/push/AbC",
      "/pages/caf%C3%A9",
      "/api/settings.php?lng=zz",
      "/media/x?lng=nl",
    ]) {
      expect((await redirectOf(`https://vlinder.example${path}`)).status, path).not.toBe(308);
    }
    const post = await redirectOf("https://vlinder.example/Login/", {
      method: "POST",
      headers: { Origin: "https://vlinder.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=a",
    });
    expect(post.status).not.toBe(308);
  });
});

describe("the language in the address", () => {
  it("drops a value that is no language, keeping the rest of the query", async () => {
    await seedExampleDomains(db, env.SETTINGS);
    expect(await redirectOf("https://vlinder.example/members?lng=zz&page=2")).toEqual(
      permanentTo("https://vlinder.example/members?page=2"),
    );
    expect(await redirectOf("https://vlinder.example/?lng=")).toEqual(permanentTo("https://vlinder.example/"));
  });

  it("drops a language the domain does not offer, without making it the visitor's", async () => {
    await seedExampleDomains(db, env.SETTINGS);
    // Vlinder serves the Netherlands and Belgium: Dutch, French and German, no Swedish.
    const response = await request("https://vlinder.example/signup?lng=sv");
    expect({ status: response.status, location: response.headers.get("location") }).toEqual(
      permanentTo("https://vlinder.example/signup"),
    );
    expect(response.headers.getSetCookie().join()).not.toContain("lng=");
  });

  it("sends the domain's own language to the address without ?lng=, and makes it the visitor's", async () => {
    await seedExampleDomains(db, env.SETTINGS);
    const response = await request("https://vlinder.example/pricing?lng=nl&ref=ad", {
      headers: { cookie: "lng=fr" },
    });
    expect({ status: response.status, location: response.headers.get("location") }).toEqual(
      permanentTo("https://vlinder.example/pricing?ref=ad"),
    );
    expect(response.headers.getSetCookie().join()).toMatch(/^lng=nl; Max-Age=31536000; Path=\//);
    const german = await redirectOf("https://herzklopfen.example/?lng=de");
    expect(german).toEqual(permanentTo("https://herzklopfen.example/"));
  });

  it("serves a language the domain offers at its own address and keeps it for the visitor", async () => {
    await seedExampleDomains(db, env.SETTINGS);
    const response = await request("https://vlinder.example/signup?lng=fr");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<html lang="fr"');
    expect(response.headers.getSetCookie().join()).toMatch(/lng=fr; Max-Age=31536000/);
    expect(response.headers.get("vary") ?? "").not.toMatch(/accept-language/i);
  });
});

describe("choosing a language in the menu", () => {
  it("goes back to the page without the language its address asked for, so the choice shows", async () => {
    await seedExampleDomains(db, env.SETTINGS);
    const chosen = await redirectOf("https://vlinder.example/lang-config", {
      method: "POST",
      headers: { Origin: "https://vlinder.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ locale: "nl", redirectTo: "/pricing?lng=fr&ref=mail" }),
    });
    expect(chosen).toEqual({ status: 302, location: "/pricing?ref=mail" });
  });
});

describe("a page whose language follows the visitor", () => {
  it("varies by the lng cookie and Accept-Language, merged with what was there", async () => {
    await seedExampleDomains(db, env.SETTINGS);
    const response = await request("https://vlinder.example/signup");
    expect(response.status).toBe(200);
    await response.body?.cancel();
    const vary = (response.headers.get("vary") ?? "").split(",").map((name) => name.trim().toLowerCase());
    expect(vary).toEqual(expect.arrayContaining(["cookie", "accept-language"]));
    expect(new Set(vary).size).toBe(vary.length);
  });

  it("keeps what the page said in Vary already", async () => {
    const server = createServer(
      async () =>
        new Response("<p>page</p>", { headers: { "Content-Type": "text/html", Vary: "Accept-Encoding, cookie" } }),
    );
    const ctx = createExecutionContext();
    const response = await server.fetch(new Request("http://localhost/signup"), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.headers.get("vary")).toBe("Accept-Encoding, cookie, Accept-Language");
  });

  it("does not say so on the API", async () => {
    await seedExampleDomains(db, env.SETTINGS);
    const response = await request("https://vlinder.example/api/ping");
    await response.body?.cancel();
    expect(response.headers.get("vary") ?? "").not.toMatch(/accept-language/i);
  });
});

describe("each language version of a page", () => {
  it("has the domain's title and description in the page's language where the operator wrote them", async () => {
    await seedExampleDomains(db, env.SETTINGS);
    expect(await titleOf("https://herzklopfen.example/", { "Accept-Language": "de" })).toEqual({
      title: "Herzklopfen – Singles ab 50 in deiner Nähe",
      description: "Herzklopfen ist die Dating-Seite für Menschen ab 50 in Deutschland, Österreich und der Schweiz.",
    });
    expect((await titleOf("https://herzklopfen.example/?lng=it")).title).toBe(
      "Herzklopfen – single over 50 vicino a te",
    );
  });

  it("has the product's own title and description where the operator wrote none in that language", async () => {
    await seedExampleDomains(db, env.SETTINGS);
    const t = translator("de");
    // Vlinder offers German to Belgium, but its operator wrote its texts in Dutch, French and English only.
    expect(await titleOf("https://vlinder.example/?lng=de")).toEqual({
      title: t("common:home.metaTitle", { name: "Vlinder" }),
      description: t("common:home.metaDescription", { name: "Vlinder" }),
    });
  });

  it("counts a text written once as the domain's own language only", async () => {
    await givenCompany();
    await givenDomainSettings("eenmaal.example", {
      name: "Eenmaal",
      domain: "eenmaal.example",
      domain_language: "nl-NL",
      countries: ["NL", "BE"],
      company_id: 1,
      index_title: "Eenmaal – daten in de buurt",
      description: "Alleen in het Nederlands geschreven.",
    });
    expect(await titleOf("https://eenmaal.example/")).toEqual({
      title: "Eenmaal – daten in de buurt",
      description: "Alleen in het Nederlands geschreven.",
    });
    const t = translator("fr");
    expect(await titleOf("https://eenmaal.example/?lng=fr")).toEqual({
      title: t("common:home.metaTitle", { name: "Eenmaal" }),
      description: t("common:home.metaDescription", { name: "Eenmaal" }),
    });
  });
});

describe("a host without settings", () => {
  it("is served the built-in settings locally, kept out of search engines", async () => {
    for (const path of ["/", "/api/ping"]) {
      const response = await request(`http://nobody-here.example${path}`);
      expect(response.status, path).toBe(200);
      await response.body?.cancel();
      expect(response.headers.get("x-robots-tag"), path).toMatch(/^noindex\b/);
    }
  });

  it("does not mark a domain with settings so", async () => {
    await seedExampleDomains(db, env.SETTINGS);
    const response = await request("https://vlinder.example/");
    await response.body?.cancel();
    expect(response.headers.get("x-robots-tag") ?? "").not.toMatch(/noindex/);
  });
});
