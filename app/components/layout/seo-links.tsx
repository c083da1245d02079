// Canonical address of the page in <head>, for search engines: computed from
// the current location, so it follows client navigation.
import { useLocation } from "react-router";
import { canonicalUrl, LOCALE_QUERY } from "#app/i18n/alternates.ts";
import { isLocale } from "#app/i18n/locales.ts";
import type { SiteChrome } from "#app/server/site/chrome.ts";

export function SeoLinks({ seo }: { seo: SiteChrome["seo"] }) {
  const { pathname, search } = useLocation();
  const asked = new URLSearchParams(search).get(LOCALE_QUERY);
  return <link rel="canonical" href={canonicalUrl(seo.origin, pathname, isLocale(asked) ? asked : null)} />;
}
