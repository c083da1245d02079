// Landers (landing pages): the designs that exist, their addresses,
// and the real members they show: searchable members of the domain's audience
// with a public main photo, of the lander's niche, from the visitor's country
// first, then the domain's.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { landerPath, landers } from "#app/routing/lander-address.ts";
import { photos, profiles, regions } from "#app/server/db/schema.ts";
import { ageOn } from "#app/server/members/age.ts";
import { audienceCondition } from "#app/server/members/audience.ts";
import { interestCatalogue } from "#app/server/members/interest-catalogue.ts";
import { photoUrl } from "#app/server/members/photo-url.ts";
import { type Niche, nicheCondition, nicheSlug } from "./niches.ts";

/** Every lander address of a domain, under its niche's slug (sitemap). */
export function domainLanderPaths(niche: number): string[] {
  return landers.map((lander) => landerPath(lander, nicheSlug(niche)));
}

export const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

export interface LanderMember {
  id: number;
  name: string;
  age: number;
  gender: "female" | "male";
  country: string;
  region: string | null;
  /** Where the region lies, for the map lander. */
  lat: number | null;
  lon: number | null;
  photo: string;
  thumb: string;
  fictional: boolean;
  online: boolean;
  about: string;
  interests: string[];
}

const ONLINE_MS = 10 * 60_000;
/** Below this many members of the niche, the lander fills up with the rest of the domain's audience. */
const FILL_BELOW = 4;

type LanderScope = Pick<RequestContext, "db" | "settings" | "country" | "now">;

function membersQuery(app: LanderScope, where: SQL, count: number) {
  return app.db
    .select({
      id: profiles.userId,
      name: profiles.name,
      dateOfBirth: profiles.dateOfBirth,
      gender: profiles.gender,
      country: profiles.country,
      region: sql<string | null>`${regions.name}`.as("region_name"),
      lat: regions.lat,
      lon: regions.lon,
      filename: photos.filename,
      thumb: photos.thumbFilename,
      fictional: profiles.fictional,
      lastActivity: profiles.lastActivity,
      about: sql<string>`substr(${profiles.about}, 1, 240)`.as("about_start"),
      interests: sql<string | null>`(select group_concat(i.slug) from profile_interests pi
        join interests i on i.id = pi.interest_id where pi.user_id = ${profiles.userId})`.as("interest_slugs"),
    })
    .from(profiles)
    .innerJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .leftJoin(regions, eq(regions.id, profiles.regionId))
    .where(and(eq(profiles.searchable, 1), eq(photos.status, "active"), eq(photos.isPrivate, false), where))
    .orderBy(desc(profiles.lastActivity))
    .limit(count);
}

type Row = Awaited<ReturnType<typeof membersQuery>>[number];

/**
 * Up to `count` members for a lander of `niche`, all of the domain's audience:
 * of the niche (which a slug may name besides the domain's own), the
 * visitor's country first; too few, and the rest of the audience fills up.
 */
export async function landerMembers(app: LanderScope, niche: Niche, count: number): Promise<LanderMember[]> {
  const now = app.now();
  const countries = app.settings.countries;
  const local = countries.includes(app.country) ? app.country : countries[0]!;
  const audience = audienceCondition(app.settings, now);
  const narrower = niche.code !== app.settings.niche;
  const inNiche = and(audience, narrower ? nicheCondition(niche, now) : undefined)!;
  const [near, domain] = await app.db.batch([
    membersQuery(app, and(eq(profiles.country, local), inNiche)!, count),
    membersQuery(app, inNiche, count),
  ]);
  let rows = dedupe([...near, ...domain]);
  if (rows.length < FILL_BELOW && narrower) {
    rows = dedupe([...rows, ...(await membersQuery(app, audience, count))]);
  }
  return rows.slice(0, count).map((row) => toLanderMember(row, app, now));
}

function dedupe(rows: Row[]): Row[] {
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id));
}

function toLanderMember(row: Row, app: Pick<RequestContext, "settings">, now: number): LanderMember {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.dateOfBirth, now),
    gender: row.gender,
    country: row.country,
    region: row.region,
    lat: row.lat,
    lon: row.lon,
    photo: photoUrl(row.filename, app.settings.cdn_prefix),
    thumb: photoUrl(row.thumb, app.settings.cdn_prefix),
    fictional: row.fictional,
    online: now - row.lastActivity < ONLINE_MS,
    about: row.about,
    interests: row.interests ? row.interests.split(",") : [],
  };
}

/** The interests most shared by `members` (slug and icon), everyday ones unless the niche is about the others. */
export function topInterests(members: Pick<LanderMember, "interests">[], niche: number, count: number) {
  const adultAllowed = niche === 2;
  const tally = new Map<string, number>();
  for (const member of members) for (const slug of member.interests) tally.set(slug, (tally.get(slug) ?? 0) + 1);
  return interestCatalogue
    .filter((interest) => tally.has(interest.slug) && (adultAllowed || !interest.adult))
    .sort((a, b) => tally.get(b.slug)! - tally.get(a.slug)!)
    .slice(0, count)
    .map((interest) => ({ slug: interest.slug, icon: interest.icon }));
}
