// What the page head tells search engines: whether they may index the page
// (robots) and its one canonical address, by the rule in routing/indexing.ts.
// Computed from the current location, route and error, so it follows client
// navigation.
import { useContext } from "react";
import { UNSAFE_DataRouterDataContext, useLocation, useMatches } from "react-router";
import { useSiteChrome } from "#app/components/layout/use-site-chrome.ts";
import { pageIndexing } from "#app/routing/indexing.ts";
import type { SiteChrome } from "#app/server/site/chrome.ts";

export function SeoLinks({ seo }: { seo: Pick<SiteChrome["seo"], "origin"> }) {
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
  });
  return (
    <>
      {robots && <meta name="robots" content={robots} />}
      <link rel="canonical" href={new URL(canonical, seo.origin).href} />
    </>
  );
}
