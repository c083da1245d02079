// Plain (unsigned) cookies shared by React Router routes and Hono handlers, so
// the locale cookie written by /api/*, /lang-config, the login and the Worker is one thing.
import { type CookieOptions, parse, serialize } from "hono/utils/cookie";
import { LOCALE_QUERY } from "#app/i18n/alternates.ts";
import { isLocale, type Locale } from "#app/i18n/locales.ts";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, localeOfDomainLanguage } from "#app/i18n/negotiate.ts";

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  return header ? parse(header, name)[name] : undefined;
}

export function cookieHeader(request: Request, name: string, value: string, options: CookieOptions = {}): string {
  return serialize(name, value, {
    path: "/",
    sameSite: "Lax",
    secure: new URL(request.url).protocol === "https:",
    ...options,
  });
}

/** The Set-Cookie value that keeps `locale` as the visitor's language for a year. */
export function localeCookie(request: Request, locale: Locale): string {
  return cookieHeader(request, LOCALE_COOKIE, locale, { maxAge: LOCALE_COOKIE_MAX_AGE });
}

/**
 * A visitor who has not chosen a language (no locale cookie, no ?lng= in the
 * address) keeps the domain's domain_language for a year: the cookie to set,
 * or null when there is nothing to set.
 */
export function domainLocaleCookie(request: Request, domainLanguage: string | null | undefined): string | null {
  const locale = localeOfDomainLanguage(domainLanguage);
  if (!locale || readCookie(request, LOCALE_COOKIE)) return null;
  if (isLocale(new URL(request.url).searchParams.get(LOCALE_QUERY))) return null;
  return localeCookie(request, locale);
}
