// One address per page, so search engines see each page once and each language
// version of it once. Other spellings of a page's address get a 308 to the one
// form (308 keeps the method and body); a page whose language follows the visitor
// says so in Vary; a host served with the built-in settings (local use only)
// is kept out of search engines.
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { LOCALE_QUERY } from "#app/i18n/alternates.ts";
import { isLocale, type Locale } from "#app/i18n/locales.ts";
import { LOCALE_COOKIE } from "#app/i18n/negotiate.ts";
import { localeCookie } from "#app/server/http/cookies.ts";
import { domainDefaultLocale, domainLocales } from "#app/server/settings/locales.ts";
import { findSettings } from "#app/server/settings/resolve.ts";
import type { AppEnv } from "./server.ts";

/**
 * Paths that are not pages, or whose segments are tokens where case matters:
 * the API and media (ids, keys), the build's and the site's files (anything
 * with an extension, /assets), the local sandbox checkout (a payment
 * reference), the local tools (push tokens) and /.well-known (challenges).
 * Every page route's own segments and params are lower case by design.
 */
const NOT_A_PAGE = /^\/(api|media|assets|dev|payments\/sandbox|\.well-known)(\/|$)|\.[a-z0-9]+$/i;

const isPageRequest = (method: string, pathname: string) =>
  (method === "GET" || method === "HEAD") && !NOT_A_PAGE.test(pathname);

function moved(c: Context<AppEnv>, url: URL, cookie?: string) {
  const response = c.redirect(url.href, 308);
  if (cookie) response.headers.append("Set-Cookie", cookie);
  return response;
}

const lower = (match: string) => (match.startsWith("%") ? match : match.toLowerCase());

/** www.<domain> → <domain>; a page path with a trailing slash or capitals → without: one step, no settings needed. */
export const oneAddress: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  const target = new URL(url);
  if (target.hostname.startsWith("www.")) target.hostname = target.hostname.slice("www.".length);
  if (isPageRequest(c.req.method, url.pathname)) {
    // Percent escapes stay as they are: %C3%A9 and %c3%a9 are the same letter.
    const path = target.pathname.replace(/\/+$/, "").replace(/%[0-9a-f]{2}|[A-Z]+/gi, lower);
    target.pathname = path || "/";
  }
  if (target.href !== url.href) return moved(c, target);
  return next();
};

/**
 * The one value ?lng= may have on this domain: a language it offers other than
 * its own (the address without ?lng= is in that one), or none.
 */
function addressLocale(asked: string | undefined, offered: readonly Locale[], own: Locale): Locale | null {
  return isLocale(asked) && asked !== own && offered.includes(asked) ? asked : null;
}

/** Adds names to a Vary header without repeating one. */
function varyBy(headers: Headers, names: string[]) {
  const present = (headers.get("Vary") ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (present.includes("*")) return;
  const lower = new Set(present.map((name) => name.toLowerCase()));
  headers.set("Vary", [...present, ...names.filter((name) => !lower.has(name.toLowerCase()))].join(", "));
}

/**
 * The language in a page's address, with the domain's settings (after the
 * request context is built): ?lng= is a language the domain offers, not its
 * own, or it goes (308). The own language is made the visitor's on the way, so
 * a link to the address without ?lng= opens it in that language; a language
 * the address keeps stays the visitor's while browsing on.
 */
export const languageAddress: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { app } = c.var;
  const url = new URL(c.req.url);
  const page = isPageRequest(c.req.method, url.pathname);
  const asked = url.searchParams.getAll(LOCALE_QUERY);
  const own = domainDefaultLocale(app.settings);
  const kept = addressLocale(asked[0], domainLocales(app.settings), own);

  if (page && asked.length > 0 && (asked.length > 1 || asked[0] !== kept)) {
    const target = new URL(url);
    target.searchParams.delete(LOCALE_QUERY);
    if (kept) target.searchParams.set(LOCALE_QUERY, kept);
    return moved(c, target, asked[0] === own ? localeCookie(c.req.raw, own) : undefined);
  }

  await next();

  if (page && kept && c.req.method === "GET" && kept !== getCookie(c, LOCALE_COOKIE)) {
    c.res.headers.append("Set-Cookie", localeCookie(c.req.raw, kept));
  }
  // Without ?lng= the page's language is the visitor's (app/i18n/negotiate.ts).
  if (page && !kept && c.res.headers.get("Content-Type")?.startsWith("text/html")) {
    varyBy(c.res.headers, ["Cookie", "Accept-Language"]);
  }
  // Only a local Worker serves a host without settings (settings/resolve.ts): never to be indexed.
  const robots = c.res.headers.get("X-Robots-Tag") ?? "";
  if (!robots.includes("noindex") && !(await findSettings(app.env.SETTINGS, app.domain))) {
    c.res.headers.set("X-Robots-Tag", "noindex");
  }
};
