// What search engines are told about a domain's language and country versions:
// hreflang links in every page head and in the sitemap, per country served and
// locale offered there, linking the country domains of one site to each other;
// and a sitemap of indexable pages only, each with its last change, split into
// parts under an index when it grows past the limit.
import { env, SELF } from "cloudflare:test";
import { Hono } from "hono";
import { beforeEach, describe, expect, it } from "vitest";
import type { RequestContext } from "#app/context.ts";
import { domainSettings, saveDomainSettings } from "#app/server/operators/domains.ts";
import { getCompany, termsVersionDate } from "#app/server/reference/reference-data.ts";
import { forgetSettings, loadSettings, parseSettings } from "#app/server/settings/resolve.ts";
import { forgetSiteGroups, siteGroupDomains } from "#app/server/settings/site-groups.ts";
import { buildDate } from "#app/server/site/build-date.ts";
import { seoRoutes } from "#workers/seo.ts";
import type { AppEnv } from "#workers/server.ts";
import { exampleDomains } from "../../scripts/seed/data/domains.ts";
import { seedExampleDomains } from "../../scripts/seed/domains.ts";
import { appContext, db, givenCompany, givenDomainSettings } from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";

type Alternate = [hreflang: string, href: string];

/** The hreflang links in a page's head, sorted. */
async function hreflangOf(url: string): Promise<Alternate[]> {
  const response = await SELF.fetch(url, { headers: { host: new URL(url).host } });
  expect(response.status, url).toBe(200);
  const links: Alternate[] = [];
  await new HTMLRewriter()
    .on("link[rel='alternate'][hreflang]", {
      element: (e) => void links.push([e.getAttribute("hreflang")!, e.getAttribute("href")!]),
    })
    .transform(response)
    .arrayBuffer();
  return links.sort(([a], [b]) => a.localeCompare(b));
}

interface SitemapUrl {
  loc: string;
  lastmod: string | null;
  alternates: Alternate[];
}

/** The <url> entries of a sitemap document. */
function urlsOf(xml: string): SitemapUrl[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(body!)![1]!.replace(/&amp;/g, "&"),
    lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(body!)?.[1] ?? null,
    alternates: [...body!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)]
      .map(([, hreflang, href]): Alternate => [hreflang!, href!.replace(/&amp;/g, "&")])
      .sort(([a], [b]) => a.localeCompare(b)),
  }));
}

async function sitemapOf(origin: string) {
  const response = await SELF.fetch(`${origin}/sitemap.xml`, { headers: { host: new URL(origin).host } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
  return urlsOf(await response.text());
}

const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const w3c = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
const herzklopfen = exampleDomains.find((d) => d.domain === "herzklopfen.example")!;

beforeEach(async () => {
  forgetSiteGroups();
  await seedExampleDomains(db, env.SETTINGS);
});

describe("hreflang per country and locale", () => {
  it("lists each country of herzklopfen.example with the locales offered there, the domain's own language bare", async () => {
    const expected: Alternate[] = [
      ["de-AT", "https://herzklopfen.example/pricing"],
      ["de-CH", "https://herzklopfen.example/pricing"],
      ["de-DE", "https://herzklopfen.example/pricing"],
      ["fr-CH", "https://herzklopfen.example/pricing?lng=fr"],
      ["it-CH", "https://herzklopfen.example/pricing?lng=it"],
      ["x-default", "https://herzklopfen.example/pricing"],
    ];
    expect(await hreflangOf("https://herzklopfen.example/pricing")).toEqual(expected);
    // The language versions carry the same links.
    expect(await hreflangOf("https://herzklopfen.example/pricing?lng=fr")).toEqual(expected);
  });

  it("writes Norwegian Bokmål for Norway as nb-NO, and gives a domain without a group no other domain", async () => {
    const links = await hreflangOf("https://localhost/");
    expect(links).toContainEqual(["nb-NO", "https://localhost/?lng=nb"]);
    expect(links).toContainEqual(["nl-NL", "https://localhost/"]);
    expect(links).toContainEqual(["fr-BE", "https://localhost/?lng=fr"]);
    expect(links.every(([, href]) => href.startsWith("https://localhost/"))).toBe(true);
    expect(links.filter(([hreflang]) => hreflang === "x-default")).toEqual([["x-default", "https://localhost/"]]);
  });
});

describe("the country domains of one site", () => {
  const site = (domain: string, extra: object) => ({
    name: "Duo",
    domain,
    company_id: 1,
    site_group: "duo-nl.example",
    ...extra,
  });

  beforeEach(async () => {
    await givenCompany();
    // Both serve Belgium; the Belgian domain takes it, as its selected country.
    await givenDomainSettings(
      "duo-nl.example",
      site("duo-nl.example", { countries: ["NL", "BE"], domain_language: "nl-NL", geoip_selected_country: "NL" }),
    );
    await givenDomainSettings(
      "duo-be.example",
      site("duo-be.example", { countries: ["BE"], domain_language: "fr-BE", geoip_selected_country: "BE" }),
    );
  });

  it("link each other's versions, the same set on both, with one x-default", async () => {
    const expected: Alternate[] = [
      ["de-BE", "https://duo-be.example/pricing?lng=de"],
      ["fr-BE", "https://duo-be.example/pricing"],
      ["nl-BE", "https://duo-be.example/pricing?lng=nl"],
      ["nl-NL", "https://duo-nl.example/pricing"],
      ["x-default", "https://duo-nl.example/pricing"],
    ];
    expect(await hreflangOf("https://duo-nl.example/pricing")).toEqual(expected);
    expect(await hreflangOf("https://duo-be.example/pricing")).toEqual(expected);
  });

  it("are read once for a few minutes, and never for a domain without a group", async () => {
    const kv = env.SETTINGS;
    const nl = await loadSettings(kv, "duo-nl.example");
    const at = Date.now();
    const domains = async (now: number) => (await siteGroupDomains(kv, nl, now)).map((d) => d.domain).sort();
    expect(await domains(at)).toEqual(["duo-be.example", "duo-nl.example"]);
    await givenDomainSettings(
      "duo-de.example",
      site("duo-de.example", { countries: ["DE"], domain_language: "de-DE", geoip_selected_country: "DE" }),
    );
    expect(await domains(at + 60_000)).toEqual(["duo-be.example", "duo-nl.example"]);
    expect(await domains(at + 6 * 60_000)).toEqual(["duo-be.example", "duo-de.example", "duo-nl.example"]);

    // A KV namespace that notes every use.
    const used: string[] = [];
    const watched = new Proxy(kv, {
      get: (target, name) => {
        used.push(String(name));
        return Reflect.get(target, name);
      },
    });
    forgetSiteGroups();
    const alone = await loadSettings(kv, "herzklopfen.example");
    expect(await siteGroupDomains(watched, alone)).toEqual([alone]);
    expect(used).toEqual([]);
  });

  it("list the same alternates in each domain's sitemap, and only their own addresses as pages", async () => {
    const nl = await sitemapOf("https://duo-nl.example");
    const be = await sitemapOf("https://duo-be.example");
    const pricing = (urls: SitemapUrl[]) => urls.filter((url) => new URL(url.loc).pathname === "/pricing");
    expect(pricing(nl).map((url) => url.loc)).toEqual(["https://duo-nl.example/pricing"]);
    expect(pricing(be).map((url) => url.loc)).toEqual([
      "https://duo-be.example/pricing",
      "https://duo-be.example/pricing?lng=de",
      "https://duo-be.example/pricing?lng=nl",
    ]);
    const alternates = pricing(nl)[0]!.alternates;
    expect(alternates).toEqual(await hreflangOf("https://duo-nl.example/pricing"));
    for (const url of pricing(be)) expect(url.alternates).toEqual(alternates);
  });
});

describe("the sitemap", () => {
  it("lists only pages search engines may index, each with its last change", async () => {
    const urls = await sitemapOf("https://herzklopfen.example");
    const paths = urls.map((url) => new URL(url.loc).pathname);
    expect(paths).toContain("/");
    expect(paths).toContain("/members");
    expect(paths).toContain("/pricing");
    expect(paths).toContain("/pages/terms");
    expect(paths.some((path) => path.startsWith("/pages/"))).toBe(true);
    for (const path of ["/login", "/signup", "/complaints"]) expect(paths).not.toContain(path);
    for (const url of urls) expect(url.lastmod, url.loc).toMatch(W3C_DATETIME);
    // Every language version the domain serves has its own entry, never the default language with ?lng=.
    expect(urls.map((url) => url.loc)).toContain("https://herzklopfen.example/pricing?lng=it");
    expect(urls.map((url) => url.loc)).not.toContain("https://herzklopfen.example/pricing?lng=de");
  });

  it("dates legal pages by the company's terms, other pages by the build or the settings' last save", async () => {
    // The tests' build has a date, as every build does.
    expect(buildDate).toEqual(expect.any(Number));
    const company = await getCompany(db, herzklopfen.company_id, Date.now());
    const terms = termsVersionDate(company);
    const before = await sitemapOf("https://herzklopfen.example");
    const lastmod = (urls: SitemapUrl[], path: string) =>
      urls.find((url) => url.loc === `https://herzklopfen.example${path}`)!.lastmod;
    expect(lastmod(before, "/pages/terms")).toBe(w3c(terms));
    expect(lastmod(before, "/pricing")).toBe(w3c(Math.max(buildDate!, terms)));

    const saved = Date.UTC(2031, 0, 2, 3, 4, 5);
    await givenDomainSettings("herzklopfen.example", { ...herzklopfen, updated_at: new Date(saved).toISOString() });
    forgetSettings();
    const after = await sitemapOf("https://herzklopfen.example");
    expect(lastmod(after, "/pricing")).toBe(w3c(saved));
    expect(lastmod(after, "/pages/terms")).toBe(w3c(terms));
  });

  it("moves the pages' last change to an operator's save in the console", async () => {
    const saved = Date.UTC(2032, 5, 6, 7, 8, 9);
    const admin = await givenOperator("admin", { now: () => saved });
    const current = await domainSettings(admin.app, "herzklopfen.example");
    const json = JSON.stringify({ ...JSON.parse(current.json), name: "Herzklopfen 50+" });
    await saveDomainSettings(admin.app, { domain: "herzklopfen.example", json, version: current.version });
    const urls = await sitemapOf("https://herzklopfen.example");
    expect(urls.find((url) => url.loc === "https://herzklopfen.example/")!.lastmod).toBe(w3c(saved));
  });

  it("leaves out /members where visitors may not search", async () => {
    await givenDomainSettings("herzklopfen.example", { ...herzklopfen, logged_out_search: false });
    const paths = (await sitemapOf("https://herzklopfen.example")).map((url) => new URL(url.loc).pathname);
    expect(paths).toContain("/pricing");
    expect(paths).not.toContain("/members");
  });

  it("becomes an index of parts when it lists more addresses than the limit, every part answering", async () => {
    const origin = "https://herzklopfen.example";
    const parsed = parseSettings(herzklopfen);
    if (!parsed.ok) throw new Error(parsed.error);
    // The Worker's own routes, with a limit small enough to split the example domain's sitemap.
    const limit = 5;
    const app = { ...appContext(parsed.settings, Date.now()), origin } as unknown as RequestContext;
    const server = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set("app", app);
        await next();
      })
      .route("/", seoRoutes(limit));
    const get = (url: string) => server.request(url, {}, env);

    const whole = await sitemapOf(origin);
    const top = await get(`${origin}/sitemap.xml`);
    expect(top.status).toBe(200);
    expect(top.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const index = await top.text();
    expect(index).toContain("<sitemapindex");
    const parts = [...index.matchAll(/<sitemap>\s*<loc>([^<]+)<\/loc>\s*<lastmod>([^<]+)<\/lastmod>/g)];
    expect(parts.map(([, loc]) => loc)).toEqual(
      Array.from({ length: Math.ceil(whole.length / limit) }, (_, i) => `${origin}/sitemap/${i + 1}.xml`),
    );
    const listed: SitemapUrl[] = [];
    for (const [, loc, lastmod] of parts) {
      expect(lastmod).toMatch(W3C_DATETIME);
      const part = await get(loc!);
      expect(part.status, loc).toBe(200);
      expect(part.headers.get("content-type")).toBe("application/xml; charset=utf-8");
      const urls = urlsOf(await part.text());
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(limit);
      listed.push(...urls);
    }
    expect(listed).toEqual(whole);
    expect((await get(`${origin}/sitemap/${parts.length + 1}.xml`)).status).toBe(404);
    // Without a split there are no parts.
    expect((await SELF.fetch(`${origin}/sitemap/1.xml`, { headers: { host: "herzklopfen.example" } })).status).toBe(
      404,
    );
  });

  it("is named in robots.txt", async () => {
    const robots = await (await SELF.fetch("https://vlinder.example/robots.txt")).text();
    expect(robots).toContain("Sitemap: https://vlinder.example/sitemap.xml");
  });
});
