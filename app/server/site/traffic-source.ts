// The traffic source: the network, ref and sub1..sub3 of the advertising link
// a visitor landed with. It is kept in a cookie, so the domain's rules that ask
// for one (signups "with_trafficsource", logged_out_search_trafficsource) hold
// on every later page, and signup stores it with the new member.
import { type Tracking, trackingSchema } from "#app/schemas/account.ts";
import { cookieHeader, readCookie } from "#app/server/http/cookies.ts";

const TRAFFIC_SOURCE_COOKIE = "traffic_source";
/** Long enough for a visitor who comes back a few weeks after the advert. */
const TRAFFIC_SOURCE_MAX_AGE = 30 * 24 * 60 * 60;

const keys = ["network", "ref", "sub1", "sub2", "sub3"] as const;
const sourceSchema = trackingSchema.pick({ network: true, ref: true, sub1: true, sub2: true, sub3: true });
export type TrafficSource = Pick<Tracking, (typeof keys)[number]>;

export function hasTrafficSource(source: TrafficSource): boolean {
  return Boolean(source.network || source.ref);
}

/** The traffic source named in these parameters (an address's query, a form), if any. */
function sourceIn(params: URLSearchParams): TrafficSource {
  const values = Object.fromEntries(keys.flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])));
  const parsed = sourceSchema.safeParse(values);
  return parsed.success ? parsed.data : {};
}

/** This request's traffic source: the address's own when it names one, otherwise the one kept from landing. */
export function trafficSource(request: Request): TrafficSource {
  const fromAddress = sourceIn(new URL(request.url).searchParams);
  if (hasTrafficSource(fromAddress)) return fromAddress;
  return sourceIn(new URLSearchParams(readCookie(request, TRAFFIC_SOURCE_COOKIE) ?? ""));
}

/** The cookie that keeps the traffic source of the address a visitor landed on; null when it names none. */
export function trafficSourceCookie(request: Request): string | null {
  const source = sourceIn(new URL(request.url).searchParams);
  if (!hasTrafficSource(source)) return null;
  const value = new URLSearchParams(Object.entries(source).filter((e): e is [string, string] => Boolean(e[1])));
  return cookieHeader(request, TRAFFIC_SOURCE_COOKIE, value.toString(), { maxAge: TRAFFIC_SOURCE_MAX_AGE });
}

/** What signup stores: the form's tracking values, and the kept traffic source when the form names none. */
export function withTrafficSource(request: Request, tracking: Tracking): Tracking {
  return hasTrafficSource(tracking) ? tracking : { ...tracking, ...trafficSource(request) };
}
