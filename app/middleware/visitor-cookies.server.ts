// Cookies a visitor's first page leaves behind. The locale of the domain's
// domain_language, for a year, unless a language was chosen already (the lng
// cookie) or is being chosen in the address (?lng=, kept by the Worker).
// And the traffic source of an advertising link, so it holds past landing.
import type { MiddlewareFunction } from "react-router";
import { requestContext } from "#app/context.ts";
import { domainLocaleCookie } from "#app/server/http/cookies.ts";
import { trafficSourceCookie } from "#app/server/site/traffic-source.ts";

export const visitorCookies: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  if (request.method !== "GET") return response;
  const app = context.get(requestContext);
  const locale = domainLocaleCookie(request, app.settings.domain_language);
  if (locale) response.headers.append("Set-Cookie", locale);
  const source = app.member ? null : trafficSourceCookie(request);
  if (source) response.headers.append("Set-Cookie", source);
  return response;
};
