// robots.txt per domain and the search-engine facts of every page head: where
// each language and country version of a page is (hreflang). Members' areas,
// the API and developer pages stay out of search engines; the sitemap lists
// what they may index (sitemap.ts).
import type { RequestContext } from "#app/context.ts";
import { nicheSlug } from "#app/server/landers/niches.ts";
import { siteGroupDomains } from "#app/server/settings/site-groups.ts";
import { hreflangTargets } from "./hreflang.ts";

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

/**
 * What the page head needs for canonical and hreflang links (root.tsx): this
 * host, and where each language and country version of its pages is.
 */
export async function siteSeo(app: Pick<RequestContext, "origin" | "settings" | "env">) {
  const group = await siteGroupDomains(app.env.SETTINGS, app.settings);
  return {
    origin: app.origin,
    alternates: hreflangTargets(app.settings, app.origin, group),
    landerSlug: nicheSlug(app.settings.niche),
  };
}
