// URLs of a page per language (hreflang alternates, canonical): the locale is
// chosen with ?lng=, so each language version of a page has its own address.
import type { Locale } from "./locales.ts";

export const LOCALE_QUERY = "lng";

/** The page's own address: no tracking or other query, only the language when one was asked for. */
export function canonicalUrl(origin: string, pathname: string, lng?: Locale | null): string {
  const url = new URL(pathname, origin);
  if (lng) url.searchParams.set(LOCALE_QUERY, lng);
  return url.href;
}

/** hreflang alternates for `locales`, plus x-default (the address without a language). */
export function localeAlternates(origin: string, pathname: string, locales: readonly Locale[]) {
  return [
    ...locales.map((locale) => ({ hreflang: locale, href: canonicalUrl(origin, pathname, locale) })),
    { hreflang: "x-default", href: canonicalUrl(origin, pathname) },
  ];
}
