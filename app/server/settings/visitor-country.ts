import type { SiteSettings } from "./schema.ts";

const COUNTRY = /^[A-Z]{2}$/;
// Cloudflare's codes for unknown and Tor visitors.
const UNKNOWN = new Set(["XX", "T1"]);

/**
 * The visitor's country: forced by the domain (geoip_country), else geo-IP
 * (the CF-IPCountry header, or request.cf when deployed), else the domain's
 * geoip_selected_country. Locally request.cf is invented, so it is only trusted
 * in production; tests set CF-IPCountry.
 */
export function visitorCountry(request: Request, settings: SiteSettings, trustCf: boolean): string {
  if (settings.geoip_country) return settings.geoip_country;
  const header = request.headers.get("cf-ipcountry")?.toUpperCase();
  const cf = trustCf ? (request.cf?.country as string | undefined) : undefined;
  for (const candidate of [header, cf]) {
    if (candidate && COUNTRY.test(candidate) && !UNKNOWN.has(candidate)) return candidate;
  }
  return settings.geoip_selected_country;
}
