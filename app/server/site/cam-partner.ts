// The adult-cam partner block: an advertisement for the domain's cam partner,
// on the profile and activation-done pages, when the domain switches it on
// (the `cam_partner` setting; off by default).
import type { SiteSettings } from "#app/server/settings/schema.ts";

export interface CamPartner {
  name: string;
  url: string;
}

/** The partner the block links to on this domain, or null when the block is off. */
export function camPartner(settings: Pick<SiteSettings, "cam_partner">): CamPartner | null {
  const { enabled, name, url } = settings.cam_partner;
  if (!enabled || !url) return null;
  return { name: name || new URL(url).hostname, url };
}
