// sitemap.xml per domain: the pages search engines may index (never a login,
// signup or complaint form, never a member), each language version this domain
// serves as an address of its own with all its hreflang alternates, and when
// each last changed. Past the limit search engines read from one file, it
// becomes an index of numbered parts.
import type { RequestContext } from "#app/context.ts";
import { canonicalUrl, localeAlternates } from "#app/i18n/alternates.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { legalPages } from "#app/server/content/legal.ts";
import { domainLanderPaths } from "#app/server/landers/landers.ts";
import { getCompany, termsVersionDate } from "#app/server/reference/reference-data.ts";
import type { SiteSettings } from "#app/server/settings/schema.ts";
import { buildDate } from "./build-date.ts";
import { siteSeo } from "./seo.ts";

/** The most addresses search engines read from one sitemap file. */
export const SITEMAP_LIMIT = 50_000;
/** The most bytes they read from one (50 MB), less room for the wrapping. */
const SITEMAP_BYTES = 50 * 1024 * 1024 - 1024;

type SitemapApp = Pick<RequestContext, "origin" | "settings" | "env" | "db" | "now">;

interface Entry {
  lastmod: number;
  xml: string;
}

/**
 * The indexable pages and their last change: legal pages change with the
 * company's terms version; the others with the build, a save of the domain's
 * settings, or the terms (whose date every footer shows), whichever is latest.
 */
function indexablePages(settings: SiteSettings, terms: number) {
  const saved = settings.updated_at ? Date.parse(settings.updated_at) : 0;
  const site = Math.max(buildDate ?? 0, saved, terms);
  return [
    ...["/", ...(settings.logged_out_search ? ["/members"] : []), "/pricing"].map((path) => ({ path, lastmod: site })),
    ...legalPages.map((page) => ({ path: `/pages/${page}`, lastmod: terms })),
    ...domainLanderPaths(settings.niche).map((path) => ({ path, lastmod: site })),
  ];
}

const xml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** W3C datetime, to the second. */
const w3cDate = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

async function sitemapEntries(app: SitemapApp): Promise<Entry[]> {
  const [seo, company] = await Promise.all([siteSeo(app), getCompany(app.db, app.settings.company_id, app.now())]);
  // This domain's addresses among the versions: its own language (bare), then each ?lng= it is named for.
  const own = seo.alternates.filter((target) => target.origin === app.origin && target.lng);
  const lngs: (Locale | null)[] = [null, ...new Set(own.map((target) => target.lng!).sort())];
  return indexablePages(app.settings, termsVersionDate(company)).flatMap(({ path, lastmod }) => {
    const alternates = localeAlternates(path, seo.alternates);
    const hrefs = new Set(alternates.map((link) => link.href));
    return lngs.map((lng) => {
      const loc = canonicalUrl(app.origin, path, lng);
      // A page outside its group's versions (its countries served by other domains) names none.
      const links = hrefs.has(loc) ? alternates : [];
      const lines = [
        "  <url>",
        `    <loc>${xml(loc)}</loc>`,
        `    <lastmod>${w3cDate(lastmod)}</lastmod>`,
        ...links.map(
          (link) => `    <xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${xml(link.href)}"/>`,
        ),
        "  </url>",
      ];
      return { lastmod, xml: lines.join("\n") };
    });
  });
}

/** Consecutive parts of at most `limit` entries and SITEMAP_BYTES each. */
function split(entries: Entry[], limit: number): Entry[][] {
  const parts: Entry[][] = [];
  let bytes = 0;
  for (const entry of entries) {
    const size = entry.xml.length + 1;
    const last = parts.at(-1);
    if (!last || last.length >= limit || bytes + size > SITEMAP_BYTES) {
      parts.push([entry]);
      bytes = size;
    } else {
      last.push(entry);
      bytes += size;
    }
  }
  return parts;
}

const document = (lines: string[]) => ['<?xml version="1.0" encoding="UTF-8"?>', ...lines, ""].join("\n");

const urlset = (entries: Entry[]) =>
  document([
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries.map((entry) => entry.xml),
    "</urlset>",
  ]);

/**
 * The sitemap at /sitemap.xml (`part` null) or /sitemap/<part>.xml: all
 * addresses while they fit in one file, else an index of the parts and each
 * part; null for a part there is not.
 */
export async function sitemapDocument(
  app: SitemapApp,
  part: number | null,
  limit = SITEMAP_LIMIT,
): Promise<string | null> {
  const parts = split(await sitemapEntries(app), limit);
  if (parts.length <= 1) return part === null ? urlset(parts[0] ?? []) : null;
  if (part !== null) return parts[part - 1] ? urlset(parts[part - 1]!) : null;
  return document([
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...parts.map((entries, i) =>
      [
        "  <sitemap>",
        `    <loc>${xml(canonicalUrl(app.origin, `/sitemap/${i + 1}.xml`))}</loc>`,
        `    <lastmod>${w3cDate(entries.reduce((latest, entry) => Math.max(latest, entry.lastmod), 0))}</lastmod>`,
        "  </sitemap>",
      ].join("\n"),
    ),
    "</sitemapindex>",
  ]);
}
