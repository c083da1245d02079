// People first: the order in which members are shown to someone (search, the
// home page's teaser, the matches after signup, the swipe game). Faces first
// (profiles.has_photo: the main photo is approved and public), then nearness
// (the viewer's region, then their country), then age fit (within
// AGE_FIT_YEARS of the viewer's age), then the most recently active. A visitor
// has no place or age here: faces first, then activity.
//
// Sorting every match by these keys would read every match. Instead a pool is
// read from the search indexes in "arms", one per photo and place tier, each
// in index order (newest activity first) and stopped as soon as the pool is
// full: D1 reads about as many index entries as the pool holds. The pool (the
// first members by faces, place and activity) is then sorted by all the keys,
// age fit included, so every page is a slice of one fixed order.
// See docs/people-first.md.
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "#app/server/db/client.ts";
import { profiles } from "#app/server/db/schema.ts";
import { ageOn, birthDateRange } from "./age.ts";

/** Years either side of the viewer's own age that count as a fitting age. */
export const AGE_FIT_YEARS = 8;

/** What the order needs to know of the viewer (a member's profile). */
export interface Closeness {
  regionId: number | null;
  country: string;
  dateOfBirth: string;
}

/** What the search already fixed of place: a place tier it rules out is never read. */
export interface PlaceNarrowing {
  country?: string;
  regionId?: number;
}

type Columns = Record<"hasPhoto" | "regionId" | "country" | "dateOfBirth" | "lastActivity" | "userId", SQLWrapper>;

/** The pool's own columns, by the names the arms select them under. */
const poolColumns: Columns = {
  hasPhoto: sql.identifier("has_photo"),
  regionId: sql.identifier("region_id"),
  country: sql.identifier("country"),
  dateOfBirth: sql.identifier("date_of_birth"),
  lastActivity: sql.identifier("last_activity"),
  userId: sql.identifier("user_id"),
};

/** The dates of birth of a fitting age for the viewer. */
function ageFit(viewer: Closeness, now: number) {
  const age = ageOn(viewer.dateOfBirth, now);
  return birthDateRange(Math.max(0, age - AGE_FIT_YEARS), age + AGE_FIT_YEARS, now);
}

/**
 * The order, as ORDER BY terms over `columns` (the profiles table's by
 * default): closeness (faces, place, age) first, then recency. Callers that
 * rank by something more put it between the two.
 */
export function peopleFirstOrder(viewer: Closeness | null, now: number, columns: Columns = profiles) {
  const c = columns;
  const closeness: SQL[] = [sql`${c.hasPhoto} desc`];
  if (viewer) {
    if (viewer.regionId !== null) closeness.push(sql`(${c.regionId} is ${viewer.regionId}) desc`);
    closeness.push(sql`(${c.country} = ${viewer.country}) desc`);
    const { from, to } = ageFit(viewer, now);
    closeness.push(sql`(${c.dateOfBirth} between ${from} and ${to}) desc`);
  }
  return { closeness, recency: [sql`${c.lastActivity} desc`, sql`${c.userId} desc`] };
}

/** One place tier: the matches it reads from, and what it asks of them. */
interface PlaceTier {
  from: "matches" | "nearby";
  place?: SQL;
}

/** The place tiers the pool reads, nearest first, over the pool's columns; a tier the search rules out is left out. */
function placeTiers(viewer: Closeness | null, narrowing: PlaceNarrowing): PlaceTier[] {
  const searchedElsewhere = narrowing.country !== undefined && narrowing.country !== viewer?.country;
  if (!viewer || narrowing.regionId !== undefined || searchedElsewhere) return [{ from: "matches" }];
  const { regionId, country } = poolColumns;
  const tiers: PlaceTier[] = [];
  if (viewer.regionId === null) tiers.push({ from: "matches", place: sql`${country} = ${viewer.country}` });
  else {
    tiers.push(
      { from: "nearby" },
      { from: "matches", place: sql`${country} = ${viewer.country} and ${regionId} is not ${viewer.regionId}` },
    );
  }
  if (narrowing.country === undefined) tiers.push({ from: "matches", place: sql`${country} <> ${viewer.country}` });
  return tiers;
}

/** What a pool selects of the members a condition matches: the columns the order needs. */
function matching(db: Database, where: SQL) {
  return db
    .select({
      userId: profiles.userId,
      hasPhoto: profiles.hasPhoto,
      regionId: profiles.regionId,
      country: profiles.country,
      dateOfBirth: profiles.dateOfBirth,
      lastActivity: profiles.lastActivity,
    })
    .from(profiles)
    .where(where);
}

/**
 * The conditions of the matches: `inRegion` those of the matches in one
 * region, which the caller states as a search of that region (no country
 * equality, so the region index answers it, not a country's).
 */
export type MatchConditions = (inRegion?: number) => SQL;

/**
 * The first `size` members matching by faces, place and activity, as a
 * compound SELECT of the columns the order needs. The matches (and those in
 * the viewer's region) are named once (D1 binds at most 100 values per
 * statement) and not materialised, so each arm is its own index search, read
 * only when the arms before it did not fill the pool. `withPhotoOnly`: the
 * search asked for faces only, so the arms without one are not read.
 */
function peoplePool(
  db: Database,
  where: MatchConditions,
  viewer: Closeness | null,
  options: { narrowing: PlaceNarrowing; withPhotoOnly: boolean; size: number },
) {
  const tiers = placeTiers(viewer, options.narrowing);
  const named = [sql`matches as not materialized ${matching(db, where())}`];
  if (viewer?.regionId != null && tiers.some((tier) => tier.from === "nearby")) {
    named.push(sql`nearby as not materialized ${matching(db, where(viewer.regionId))}`);
  }
  // D1 allows few terms in one compound SELECT: the place arms of each photo tier are one term of the outer one.
  const photoTiers = (options.withPhotoOnly ? [1] : [1, 0]).map((hasPhoto) => {
    const arms = tiers.map(
      ({ from, place }) =>
        sql`select * from (select * from ${sql.identifier(from)} where ${poolColumns.hasPhoto} = ${hasPhoto}${place ? sql` and ${place}` : sql``} order by ${poolColumns.lastActivity} desc limit ${options.size})`,
    );
    return sql`select * from (${sql.join(arms, sql` union all `)})`;
  });
  return sql`(with ${sql.join(named, sql`, `)} ${sql.join(photoTiers, sql` union all `)} limit ${options.size})`;
}

/**
 * Member ids matching in people-first order: the pool of `size`, sorted; the
 * caller pages through it with limit and offset.
 */
export function peopleFirstIds(
  db: Database,
  where: MatchConditions,
  viewer: Closeness | null,
  now: number,
  options: { narrowing: PlaceNarrowing; withPhotoOnly: boolean; size: number },
) {
  const { closeness, recency } = peopleFirstOrder(viewer, now, poolColumns);
  return db
    .select({ id: sql<number>`${poolColumns.userId}`.as("id") })
    .from(peoplePool(db, where, viewer, options))
    .orderBy(...closeness, ...recency);
}
