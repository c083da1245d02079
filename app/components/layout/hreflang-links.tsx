// hreflang alternates of the page in <head>, for search engines: computed from
// the current location, so they follow client navigation.
import { useLocation } from "react-router";
import { localeAlternates } from "#app/i18n/alternates.ts";
import type { SiteChrome } from "#app/server/site/chrome.ts";

export function HreflangLinks({ seo }: { seo: SiteChrome["seo"] }) {
  const { pathname } = useLocation();
  if (seo.locales.length < 2) return null;
  return localeAlternates(seo.origin, pathname, seo.locales).map((link) => (
    <link key={link.hreflang} rel="alternate" hrefLang={link.hreflang} href={link.href} />
  ));
}
