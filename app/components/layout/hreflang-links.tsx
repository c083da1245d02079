// hreflang alternates of the page in <head>, for search engines: computed from
// the current location, so they follow client navigation.
import { useLocation } from "react-router";
import { localeAlternates } from "#app/i18n/alternates.ts";
import type { SiteChrome } from "#app/server/site/chrome.ts";

export function HreflangLinks({ seo }: { seo: SiteChrome["seo"] }) {
  const { pathname } = useLocation();
  return localeAlternates(pathname, seo.alternates).map((link) => (
    <link key={link.hreflang} rel="alternate" hrefLang={link.hreflang} href={link.href} />
  ));
}
