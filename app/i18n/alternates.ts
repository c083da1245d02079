// URLs of a page per language and country (hreflang alternates, canonical): the
// locale is chosen with ?lng=, so each language version of a page has its own
// address; a domain's own language is its address without ?lng=.
import type { Locale } from "./locales.ts";

export const LOCALE_QUERY = "lng";

/** The page's own address: no tracking or other query, only the language when one was asked for. */
export function canonicalUrl(origin: string, pathname: string, lng?: Locale | null): string {
  const url = new URL(pathname, origin);
  if (lng) url.searchParams.set(LOCALE_QUERY, lng);
  return url.href;
}

/**
 * One hreflang value (`de-CH`, `x-default`) and where every page has that
 * version: the site's origin, with ?lng= unless it is that site's own language.
 */
export interface HreflangTarget {
  hreflang: string;
  origin: string;
  lng: Locale | null;
}

/** hreflang alternates of the page at `pathname`: one per target. */
export function localeAlternates(pathname: string, targets: readonly HreflangTarget[]) {
  return targets.map((target) => ({
    hreflang: target.hreflang,
    href: canonicalUrl(target.origin, pathname, target.lng),
  }));
}
