// A domain's audience: the members it shows. A domain serves some countries
// (settings.countries) and may serve a niche (settings.niche); a member outside
// them appears nowhere on it (search, teaser, landers, games, related members)
// and their profile there is "member not found". A member's own profile is
// theirs on every domain, and members already in touch (a like either way, a
// conversation) keep reaching each other. See docs/domain-audience.md.
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { conversationParticipants, likes, profiles, regions } from "#app/server/db/schema.ts";
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

/**
 * SQL: the viewer and the member are in touch already (a like either way, or a
 * conversation), so the member's likes list and chats never lead to "not found".
 */
function inTouch(viewerId: number, memberId: number): SQL {
  return sql`(exists (select 1 from ${likes} where (${likes.likerId} = ${viewerId} and ${likes.likedId} = ${memberId})
      or (${likes.likerId} = ${memberId} and ${likes.likedId} = ${viewerId}))
    or exists (select 1 from ${conversationParticipants} as mine join ${conversationParticipants} as theirs
      on theirs.conversation_id = mine.conversation_id where mine.user_id = ${viewerId} and theirs.user_id = ${memberId}))`;
}

/** SQL over profiles: the member, when this domain shows them to `viewerId` (null for a visitor). */
export function reachableOn(settings: AudienceSettings, now: number, memberId: number, viewerId: number | null) {
  if (viewerId === memberId) return undefined;
  const audience = audienceCondition(settings, now);
  return viewerId === null ? audience : or(audience, inTouch(viewerId, memberId));
}

/** A member this domain does not show the viewer is, here, a member who does not exist. */
export async function requireReachable(
  app: Pick<RequestContext, "db" | "settings" | "now">,
  memberId: number,
  viewerId: number,
) {
  const [row] = await app.db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.userId, memberId), reachableOn(app.settings, app.now(), memberId, viewerId)))
    .limit(1);
  if (!row) throw new DomainError("member_not_found");
}
