// Niches (settings.niche 1–7, 0 for none; six give landing-page slugs with the
// prefixes she, bdsm, bbw, gilf, milf, gay): which members a
// domain's landers show, and the slug prefix that names the niche in a
// lander's address. A slug that starts with a known prefix picks that niche;
// any other slug (or none) keeps the domain's. Operators may also tag a member
// with a niche (profiles.niche), which counts besides the rules below.
// See docs/decisions/0004-niches-and-landers.md.
import { and, eq, gte, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import { interests, profileInterests, profiles } from "#app/server/db/schema.ts";
import { birthDateRange } from "#app/server/members/age.ts";

export interface Niche {
  code: number;
  /** The lander slug prefix, or null for niches that have none. */
  prefix: string | null;
  /** Who belongs to it, as a rule over the profile; null for everyone. */
  rule: NicheRule | null;
}

interface NicheRule {
  gender?: "female" | "male";
  sexualities?: ("gay" | "lesbian" | "bi" | "hetero")[];
  minAge?: number;
  maxAge?: number;
  bodyType?: "fat";
  /** Any of these interests (slugs). */
  interests?: string[];
}

const niches: readonly Niche[] = [
  { code: 0, prefix: null, rule: null },
  { code: 1, prefix: "she", rule: { gender: "female" } },
  { code: 2, prefix: "bdsm", rule: { interests: ["bondage", "dominance", "submission", "fetish", "spanking"] } },
  { code: 3, prefix: "bbw", rule: { gender: "female", bodyType: "fat" } },
  { code: 4, prefix: "gilf", rule: { gender: "female", minAge: 60 } },
  { code: 5, prefix: "milf", rule: { gender: "female", minAge: 35, maxAge: 55 } },
  { code: 6, prefix: "gay", rule: { gender: "male", sexualities: ["gay", "bi"] } },
  // Mature dating: the eighth code, without a prefix of its own.
  { code: 7, prefix: null, rule: { minAge: 50 } },
];

/** A domain's niche (settings.niche). */
export function nicheByCode(code: number): Niche {
  return niches.find((n) => n.code === code) ?? niches[0]!;
}

/** The niche a lander slug names ("milf", "milf-amsterdam"), else the domain's. */
export function nicheOfSlug(slug: string | undefined, domainNiche: number): Niche {
  const head = slug?.toLowerCase().split("-")[0];
  return niches.find((n) => n.prefix !== null && n.prefix === head) ?? nicheByCode(domainNiche);
}

/** The slug a domain's landers are listed under (sitemap, links): its prefix, or none. */
export function nicheSlug(code: number): string | null {
  return nicheByCode(code).prefix;
}

/** Ages from `min` to `max` years, inclusive. */
export interface AgeRange {
  min: number;
  max: number;
}

const dateOfBirthWithin = (ages: AgeRange, now: number) => {
  const { from, to } = birthDateRange(ages.min, ages.max, now);
  return and(gte(profiles.dateOfBirth, from), lte(profiles.dateOfBirth, to))!;
};

/**
 * SQL: the profile belongs to the niche and, when `ages` is given, is of those
 * ages. A niche's own ages are intersected with `ages` (one range, not two);
 * a member the operators tagged with the niche counts whatever their age, so
 * that branch keeps `ages` alone. Undefined: everyone.
 */
export function nicheCondition(niche: Niche, now: number, ages?: AgeRange): SQL | undefined {
  const rule = niche.rule;
  const within = ages ? dateOfBirthWithin(ages, now) : undefined;
  if (!rule) return within;
  const parts: SQL[] = [];
  if (rule.gender) parts.push(eq(profiles.gender, rule.gender));
  if (rule.sexualities) parts.push(inArray(profiles.sexuality, rule.sexualities));
  if (rule.bodyType) parts.push(eq(profiles.bodyType, rule.bodyType));
  if (rule.minAge !== undefined || rule.maxAge !== undefined || ages) {
    const min = Math.max(rule.minAge ?? 0, ages?.min ?? 0);
    const max = Math.min(rule.maxAge ?? Number.MAX_SAFE_INTEGER, ages?.max ?? Number.MAX_SAFE_INTEGER);
    parts.push(min <= max ? dateOfBirthWithin({ min: Math.max(min, 18), max: Math.min(max, 120) }, now) : sql`0`);
  }
  if (rule.interests) {
    parts.push(
      sql`exists (select 1 from ${profileInterests} inner join ${interests} on ${interests.id} = ${profileInterests.interestId}
        where ${profileInterests.userId} = ${profiles.userId} and ${inArray(interests.slug, rule.interests)})`,
    );
  }
  return or(and(...parts), and(eq(profiles.niche, niche.code), within));
}
