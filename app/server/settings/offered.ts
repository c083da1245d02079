// What reference data a domain offers, by its settings: its own interest
// list (`interests`, slugs; empty offers the whole catalogue) and regions
// only where `region_data` is on. Every list of interests or regions shown
// to visitors or members goes through here.
import type { RequestContext } from "#app/context.ts";
import { listInterests, listRegions, type Region } from "#app/server/reference/reference-data.ts";
import type { SiteSettings } from "./schema.ts";

type ReferenceContext = Pick<RequestContext, "db" | "now" | "settings">;

export function offeredInterests<T extends { slug: string }>(settings: SiteSettings, all: readonly T[]): T[] {
  if (settings.interests.length === 0) return [...all];
  const offered = new Set(settings.interests);
  return all.filter((interest) => offered.has(interest.slug));
}

/** The interests the domain offers, in the catalogue's order. */
export async function interestsOffered(app: ReferenceContext) {
  return offeredInterests(app.settings, await listInterests(app.db, app.now()));
}

/** Every region the domain offers (none where region_data is off), of any country. */
export async function regionsOffered(app: ReferenceContext): Promise<Region[]> {
  return app.settings.region_data ? listRegions(app.db, app.now()) : [];
}

/** The regions a member can give as where they live: those offered in the countries the domain serves. */
export async function locationRegions(app: ReferenceContext): Promise<Region[]> {
  return (await regionsOffered(app)).filter((region) => app.settings.countries.includes(region.country));
}
