// Who may search: members always; visitors when the domain allows
// logged-out search, or allows it for visitors who came through a traffic
// source (network/ref in the address).
import type { RequestContext } from "#app/context.ts";

export function maySearch(app: Pick<RequestContext, "member" | "settings">, url: URL): boolean {
  if (app.member) return true;
  if (app.settings.logged_out_search) return true;
  const fromTrafficSource = Boolean(url.searchParams.get("ref") || url.searchParams.get("network"));
  return app.settings.logged_out_search_trafficsource && fromTrafficSource;
}
