// What the page head tells search engines: whether they may index the page
// (robots), its one canonical address, by the rule in routing/indexing.ts, and
// for a page they may index, where its other language and country versions
// are (hreflang). Computed from the current location, route and error, so it
// follows client navigation.
import { useContext } from "react";
import { UNSAFE_DataRouterDataContext, useLocation, useMatches } from "react-router";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";
import { LOCALE_QUERY, localeAlternates } from "#app/i18n/alternates.ts";
import { pageIndexing } from "#app/routing/indexing.ts";
import type { SiteChrome } from "#app/server/site/chrome.ts";

export function SeoLinks({ seo }: { seo: SiteChrome["seo"] }) {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  // An error any route's boundary shows (what useRouteError reads, for every route at once).
  const errors = useContext(UNSAFE_DataRouterDataContext)?.errors;
  const chrome = useSiteChrome();
  const { robots, canonical } = pageIndexing({
    routeId: matches.at(-1)?.id,
    pathname,
    search,
    failed: errors != null && Object.keys(errors).length > 0,
    maySearch: chrome?.canSearch ?? false,
    landerSlug: seo.landerSlug,
  });
  // The versions of the canonical address (a members list page keeps its number), each in its language.
  const page = new URL(canonical, seo.origin);
  page.searchParams.delete(LOCALE_QUERY);
  return (
    <>
      {robots && <meta name="robots" content={robots} />}
      <link rel="canonical" href={new URL(canonical, seo.origin).href} />
      {!robots &&
        localeAlternates(page.pathname + page.search, seo.alternates).map((link) => (
          <link key={link.hreflang} rel="alternate" hrefLang={link.hreflang} href={link.href} />
        ))}
    </>
  );
}
