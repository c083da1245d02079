// A search engine's walk through each example domain: from its sitemap and its
// home page, links followed (same host, bounded), as a crawler without cookies
// would. It fails on what would put a member in a search engine or spread a
// page over several addresses: an indexable member page, a page answered with
// 200 whose canonical address is not itself (or, for a page kept out of the
// index, not a page that names itself), a title in another language than the page's, and
// a sitemap address that is not a 200 search engines may index.
import { env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { exampleDomains } from "../../scripts/seed/data/domains.ts";
import { seedExampleDomains } from "../../scripts/seed/domains.ts";
import { db, givenMember } from "./fixtures.ts";

const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** Pages fetched per domain, redirects included. */
const MAX_PAGES = 70;
/** Links followed this many steps from the sitemap and the home page. */
const MAX_DEPTH = 2;
const MEMBER_PAGE = /^\/(members|likes\/m)\/\d+(\/|$)/;
const NOT_A_PAGE = /^\/(api|media|assets|dev|admin)(\/|$)|\.[a-z0-9]+$/i;

interface Page {
  status: number;
  location: string | null;
  html: boolean;
  lang: string | null;
  title: string;
  robots: string;
  canonical: string | null;
  links: string[];
}

async function fetchPage(url: string): Promise<Page> {
  const { host } = new URL(url);
  const response = await SELF.fetch(url, { headers: { host, "user-agent": CRAWLER }, redirect: "manual" });
  const page: Page = {
    status: response.status,
    location: response.headers.get("location"),
    html: (response.headers.get("content-type") ?? "").includes("text/html"),
    lang: null,
    title: "",
    robots: response.headers.get("x-robots-tag") ?? "",
    canonical: null,
    links: [],
  };
  if (!page.html) {
    await response.body?.cancel();
    return page;
  }
  let inTitle = false;
  await new HTMLRewriter()
    .on("html", {
      element(e) {
        page.lang = e.getAttribute("lang");
      },
    })
    .on("head > title", {
      element(e) {
        inTitle = true;
        e.onEndTag(() => {
          inTitle = false;
        });
      },
      text(t) {
        if (inTitle) page.title += t.text;
      },
    })
    .on('meta[name="robots"]', {
      element(e) {
        page.robots += ` ${e.getAttribute("content") ?? ""}`;
      },
    })
    .on('link[rel="canonical"]', {
      element(e) {
        page.canonical = e.getAttribute("href");
      },
    })
    .on("a[href], link[rel='alternate'][hreflang]", {
      element(e) {
        page.links.push(new URL(e.getAttribute("href")!, url).href);
      },
    })
    .transform(response)
    .arrayBuffer();
  page.title = page.title.trim();
  return page;
}

const indexable = (page: Page) => !/noindex/i.test(page.robots);

/** The addresses a sitemap lists, following a sitemap index to its parts. */
async function sitemapUrls(origin: string): Promise<string[]> {
  const read = async (url: string) => {
    const response = await SELF.fetch(url, { headers: { host: new URL(origin).host, "user-agent": CRAWLER } });
    expect(response.status, url).toBe(200);
    const xml = await response.text();
    return { xml, locs: [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&")) };
  };
  const top = await read(`${origin}/sitemap.xml`);
  if (!top.xml.includes("<sitemapindex")) return top.locs;
  return (await Promise.all(top.locs.map(async (part) => (await read(part)).locs))).flat();
}

async function crawl(origin: string) {
  const problems: string[] = [];
  const pages = new Map<string, Page>();
  const seen = new Set<string>();
  const fromSitemap = await sitemapUrls(origin);
  let frontier = [...new Set([`${origin}/`, ...fromSitemap])];
  const get = async (url: string) => {
    const known = pages.get(url);
    if (known) return known;
    const page = await fetchPage(url);
    pages.set(url, page);
    return page;
  };

  for (let depth = 0; depth <= MAX_DEPTH && frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const url of frontier) {
      if (seen.has(url) || seen.size >= MAX_PAGES) continue;
      seen.add(url);
      const page = await get(url);
      const path = new URL(url).pathname;
      if (page.status >= 300 && page.status < 400 && page.location) {
        next.push(new URL(page.location, url).href);
        continue;
      }
      if (page.status !== 200 || !page.html) continue;
      if (MEMBER_PAGE.test(path) && indexable(page)) problems.push(`indexable member page ${url}`);
      if (!page.canonical) problems.push(`no canonical on ${url}`);
      else if (indexable(page) && page.canonical !== url) {
        problems.push(`${url} is indexable but names ${page.canonical} as canonical`);
      } else if (!indexable(page) && page.canonical !== url) {
        // A page kept out of the index may name another address (its bare form, the lander it stands
        // for): that one answers 200 and names itself.
        const target = await get(page.canonical);
        if (target.status !== 200 || target.canonical !== page.canonical) {
          problems.push(
            `${url} names ${page.canonical} as canonical, which answers ${target.status} naming ${target.canonical}`,
          );
        }
      }
      const lng = new URL(url).searchParams.get("lng");
      if (lng && page.lang !== lng) problems.push(`${url} is in ${page.lang}`);
      if (!page.title) problems.push(`no title on ${url}`);
      for (const link of page.links) {
        const target = new URL(link);
        target.hash = "";
        if (target.origin === origin && !NOT_A_PAGE.test(target.pathname)) next.push(target.href);
      }
    }
    frontier = next;
  }

  // A language version's title is in its own language: never the default language's title.
  for (const [url, page] of pages) {
    const lng = new URL(url).searchParams.get("lng");
    if (!lng || page.status !== 200 || !indexable(page)) continue;
    const bare = new URL(url);
    bare.searchParams.delete("lng");
    const original = await get(bare.href);
    if (original.status === 200 && original.lang !== page.lang && original.title === page.title) {
      problems.push(`${url} (${page.lang}) has the ${original.lang} title "${page.title}"`);
    }
  }

  for (const url of fromSitemap) {
    const page = await get(url);
    if (page.status !== 200) problems.push(`sitemap lists ${url}, which answers ${page.status}`);
    else if (!indexable(page)) problems.push(`sitemap lists ${url}, which is noindex`);
    else if (page.canonical !== url) problems.push(`sitemap lists ${url}, whose canonical is ${page.canonical}`);
  }
  return { problems, pages, fromSitemap };
}

describe("a search engine crawling each example domain", () => {
  beforeEach(async () => {
    await seedExampleDomains(db, env.SETTINGS);
    // Members of every country the example domains serve and one they do not, young and over 50.
    for (const country of ["NL", "BE", "DE", "AT", "CH", "PL"]) {
      await givenMember({ name: `Young ${country}`, country, dateOfBirth: "1996-03-03", photos: [{}] });
      await givenMember({ name: `Senior ${country}`, country, dateOfBirth: "1966-03-03", photos: [{}] });
    }
  });

  for (const { domain } of exampleDomains) {
    it(`finds only the site's own pages indexable on ${domain}`, { timeout: 120_000 }, async () => {
      const { problems, pages, fromSitemap } = await crawl(`https://${domain}`);
      expect(problems).toEqual([]);
      // The walk saw enough to mean something: the sitemap, language versions and member pages.
      expect(fromSitemap.length).toBeGreaterThan(5);
      const urls = [...pages.keys()];
      expect(urls.some((url) => new URL(url).searchParams.has("lng"))).toBe(true);
      expect(urls.some((url) => MEMBER_PAGE.test(new URL(url).pathname))).toBe(true);
    });
  }
});
