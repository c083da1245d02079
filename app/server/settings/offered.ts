// What reference data a domain offers, by its settings: its own interest
// list (`interests`, slugs; empty offers the whole catalogue) and regions
// only where `region_data` is on. Every list of interests or regions shown
// to visitors or members goes through here.
import type { SiteSettings } from "./schema.ts";

export function offeredInterests<T extends { slug: string }>(settings: SiteSettings, all: readonly T[]): T[] {
  if (settings.interests.length === 0) return [...all];
  const offered = new Set(settings.interests);
  return all.filter((interest) => offered.has(interest.slug));
}

export function offeredRegions<T>(settings: SiteSettings, all: readonly T[]): T[] {
  return settings.region_data ? [...all] : [];
}
