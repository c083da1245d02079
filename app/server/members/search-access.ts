// Who may search: members always; visitors when the domain allows
// logged-out search, or allows it for visitors who came through a traffic
// source (network/ref in the address, or kept from the page they landed on).
import type { RequestContext } from "#app/context.ts";
import { hasTrafficSource, type TrafficSource } from "#app/server/site/traffic-source.ts";

/** `source`: the request's traffic source (traffic-source.ts). */
export function maySearch(app: Pick<RequestContext, "member" | "settings">, source: TrafficSource): boolean {
  if (app.member) return true;
  if (app.settings.logged_out_search) return true;
  return app.settings.logged_out_search_trafficsource && hasTrafficSource(source);
}
