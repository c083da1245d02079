// Cookies a visitor's first page leaves behind. The locale of the domain's
// domain_language, for a year, unless a language was chosen already (the lng
// cookie) or is being chosen in the address (?lng=, kept by the Worker).
// And the traffic source of an advertising link, so it holds past landing.
import type { MiddlewareFunction } from "react-router";
import { requestContext } from "#app/context.ts";
import { LOCALE_QUERY } from "#app/i18n/alternates.ts";
import { isLocale } from "#app/i18n/locales.ts";
import { LOCALE_COOKIE, localeOfDomainLanguage } from "#app/i18n/negotiate.ts";
import { localeCookie, readCookie } from "#app/server/http/cookies.ts";
import { trafficSourceCookie } from "#app/server/site/traffic-source.ts";

export const visitorCookies: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
  const response = await next();
  if (request.method !== "GET") return response;
  const app = context.get(requestContext);
  const domainLocale = localeOfDomainLanguage(app.settings.domain_language);
  if (domainLocale && !readCookie(request, LOCALE_COOKIE) && !isLocale(url.searchParams.get(LOCALE_QUERY))) {
    response.headers.append("Set-Cookie", localeCookie(request, domainLocale));
  }
  const source = app.member ? null : trafficSourceCookie(request);
  if (source) response.headers.append("Set-Cookie", source);
  return response;
};
