// A domain's audience: the members it shows. A domain serves some countries
// (settings.countries) and may serve a niche (settings.niche); a member outside
// them appears nowhere on it (search, teaser, landers, games, related members)
// and their profile there is "member not found". A member's own profile is
// theirs on every domain. See docs/domain-audience.md.
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { profiles, regions } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { type AgeRange, nicheByCode, nicheCondition } from "#app/server/landers/niches.ts";
import type { SiteSettings } from "#app/server/settings/schema.ts";

export type AudienceSettings = Pick<SiteSettings, "countries" | "niche">;

/** What a search already asks of the profile, so the audience adds nothing the index cannot answer. */
export interface SearchNarrowing {
  /** The search's ages: the niche's ages are intersected with them. */
  ages?: AgeRange;
  /** The search's one country: the domain's list is checked on it, not on every row. */
  country?: string;
  /** The search's region: its country is checked once (the region index has no country). */
  regionId?: number;
}

/** SQL over profiles: the member belongs to the audience of a domain with these settings. */
export function audienceCondition(settings: AudienceSettings, now: number, narrowing: SearchNarrowing = {}): SQL {
  return and(
    countryCondition(settings.countries, narrowing),
    nicheCondition(nicheByCode(settings.niche), now, narrowing.ages),
  )!;
}

function countryCondition(countries: string[], { country, regionId }: SearchNarrowing): SQL {
  if (regionId !== undefined) {
    return inArray(sql`(select ${regions.country} from ${regions} where ${regions.id} = ${regionId})`, countries);
  }
  if (country !== undefined) return countries.includes(country) ? sql`1` : sql`0`;
  return inArray(profiles.country, countries);
}

/** Whether the member belongs to the domain's audience (a member who does not exist does not). */
async function inAudience(app: Pick<RequestContext, "db" | "settings" | "now">, memberId: number) {
  const [row] = await app.db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.userId, memberId), audienceCondition(app.settings, app.now())))
    .limit(1);
  return row !== undefined;
}

/** A member outside the domain's audience is, here, a member who does not exist. */
export async function requireInAudience(app: Pick<RequestContext, "db" | "settings" | "now">, memberId: number) {
  if (!(await inAudience(app, memberId))) throw new DomainError("member_not_found");
}
