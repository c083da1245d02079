import type { SiteSettings } from "./schema.ts";

const COUNTRY = /^[A-Z]{2}$/;
// Cloudflare's codes for unknown and Tor visitors.
const UNKNOWN = new Set(["XX", "T1"]);

/**
 * The visitor's country: forced by the domain (geoip_country), else geo-IP,
 * else the domain's geoip_selected_country. Deployed, geo-IP is Cloudflare's
 * own `request.cf.country`: a CF-IPCountry header may come from the client.
 * Locally request.cf is invented, so there the header decides (tests set it).
 */
export function visitorCountry(request: Request, settings: SiteSettings, production: boolean): string {
  if (settings.geoip_country) return settings.geoip_country;
  const candidate = production
    ? (request.cf?.country as string | undefined)
    : request.headers.get("cf-ipcountry")?.toUpperCase();
  if (candidate && COUNTRY.test(candidate) && !UNKNOWN.has(candidate)) return candidate;
  return settings.geoip_selected_country;
}
