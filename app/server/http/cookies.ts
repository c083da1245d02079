// Plain (unsigned) cookies shared by React Router routes and Hono handlers, so
// the locale cookie written by /api/*, /lang-config, the login and the Worker is one thing.
import { type CookieOptions, parse, serialize } from "hono/utils/cookie";
import type { Locale } from "#app/i18n/locales.ts";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "#app/i18n/negotiate.ts";

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
