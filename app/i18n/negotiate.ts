// Locale resolution: a language asked for in the
// address (?lng=, the hreflang alternates), then the locale cookie, then the
// domain's domain_language, then Accept-Language among the locales visible for
// the visitor's country, then nl.
import { defaultLocale, isLocale, type Locale, visibleLocales } from "./locales.ts";

export const LOCALE_COOKIE = "lng";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Language ranges of an Accept-Language header, best first (RFC 9110 §12.5.4). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .slice(0, 20)
    .map((part, position) => {
      const [range = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { range: range.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, position };
    })
    .filter((r) => r.range && r.range !== "*" && r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.position - b.position)
    .map((r) => r.range);
}

/** The supported locale a domain_language such as "nl-NL" stands for, if any. */
export function localeOfDomainLanguage(domainLanguage: string | null | undefined): Locale | null {
  const prefix = domainLanguage?.slice(0, 2).toLowerCase();
  return isLocale(prefix) ? prefix : null;
}

export interface LocaleInputs {
  /** ?lng= of the request, when given. */
  query?: string | null | undefined;
  cookie: string | null | undefined;
  domainLanguage: string | null | undefined;
  acceptLanguage: string | null | undefined;
  country: string | null | undefined;
}

export function negotiateLocale({ query, cookie, domainLanguage, acceptLanguage, country }: LocaleInputs): Locale {
  if (isLocale(query)) return query;
  if (isLocale(cookie)) return cookie;
  const fromDomain = localeOfDomainLanguage(domainLanguage);
  if (fromDomain) return fromDomain;
  const visible = visibleLocales(country);
  for (const range of parseAcceptLanguage(acceptLanguage)) {
    const primary = range.split("-")[0];
    // "no" is the macrolanguage users often send for Bokmål.
    const candidate = primary === "no" ? "nb" : primary;
    if (isLocale(candidate) && visible.includes(candidate)) return candidate;
  }
  return defaultLocale;
}
