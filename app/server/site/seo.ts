// robots.txt and sitemap.xml per domain, for search engines: the host's own
// addresses, its landers under its niche's slug, the legal and help pages, and
// for each the language versions (hreflang) the domain serves. Members' areas,
// the API and developer pages stay out of search engines.

import type { RequestContext } from "#app/context.ts";
import { canonicalUrl, localeAlternates } from "#app/i18n/alternates.ts";
import { legalPages } from "#app/server/content/legal.ts";
import { domainLanderPaths } from "#app/server/landers/landers.ts";
import { domainLocales } from "#app/server/settings/locales.ts";
import type { SiteSettings } from "#app/server/settings/schema.ts";

const privatePaths = [
  "/api/",
  "/admin",
  "/dev/",
  "/chats",
  "/likes",
  "/profile",
  "/notifications",
  "/credits",
  "/transactions",
  "/directdebit",
  "/complete-signup",
  "/signup-matches",
  "/reset-password",
  "/activate/",
  "/mail-change/",
  "/site-entry",
  "/lang-config",
];

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...privatePaths.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${new URL("/sitemap.xml", origin).href}`,
    "",
  ].join("\n");
}

/** The public addresses of a domain, in the order the sitemap lists them. */
function publicPaths(settings: Pick<SiteSettings, "niche" | "logged_out_search">): string[] {
  return [
    "/",
    ...(settings.logged_out_search ? ["/members"] : []),
    "/signup",
    "/login",
    "/pricing",
    "/complaints",
    ...legalPages.map((page) => `/pages/${page}`),
    ...domainLanderPaths(settings.niche),
  ];
}

const xml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function sitemapXml(
  origin: string,
  settings: Pick<SiteSettings, "niche" | "logged_out_search" | "countries" | "visible_locales" | "domain_language">,
): string {
  const locales = domainLocales(settings);
  const urls = publicPaths(settings).map((path) => {
    const links =
      locales.length > 1
        ? localeAlternates(origin, path, locales).map(
            (link) => `    <xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${xml(link.href)}"/>`,
          )
        : [];
    return ["  <url>", `    <loc>${xml(canonicalUrl(origin, path))}</loc>`, ...links, "  </url>"].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** What the page head needs for canonical and hreflang links (root.tsx): this host, the locales the domain serves. */
export async function siteSeo(app: Pick<RequestContext, "origin" | "settings">) {
  return { origin: app.origin, locales: domainLocales(app.settings) };
}
