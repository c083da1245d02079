// Member search (the members area and its search state). The ids of one page
// come from covering indexes only (no table row read while filtering), in
// people-first order (people-first.ts: faces, then nearby, then a fitting age,
// then recent activity); the cards are then read by primary key. Ids, cards
// and the capped count go to D1 as one batch: one round trip per search. Only
// searchable members appear: active, confirmed, visible, not deleted (kept in
// profiles.searchable), of the domain's audience (audience.ts).
import { and, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { RequestContext } from "#app/context.ts";
import { kept } from "#app/kept.ts";
import { bodyTypes, eyeColours, genders, hairColours, relationshipStatuses, sexualities } from "#app/schemas/enums.ts";
import type { Database } from "#app/server/db/client.ts";
import { photos, profiles, regions } from "#app/server/db/schema.ts";
import type { SiteSettings } from "#app/server/settings/schema.ts";
import { ageOn } from "./age.ts";
import { audienceCondition } from "./audience.ts";
import { notBlockedWith } from "./blocks.ts";
import { type Closeness, peopleFirstIds, peopleFirstOrder } from "./people-first.ts";
import { photoUrl } from "./photo-url.ts";

export const PAGE_SIZE = 24;
/** Counting stops here and the UI says "more than 100": rows read per search stay bounded. */
const COUNT_CAP = 100;
/**
 * The list ends with the page the capped count fills (the fifth). A deeper
 * page asked for (an old link, an address typed by hand) shows this one, so no
 * search makes D1 skip more rows than these pages hold, and a page number
 * cannot make new entries in the visitors' shared results.
 */
const LAST_PAGE = Math.ceil(COUNT_CAP / PAGE_SIZE);
export const MIN_AGE = 18;
export const MAX_AGE = 99;

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToUndefined, z.enum(values).optional());

const optionalInt = (min: number, max: number) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().min(min).max(max).optional());

export const searchQuerySchema = z
  .object({
    page: optionalInt(1, Number.MAX_SAFE_INTEGER)
      .default(1)
      .transform((page) => Math.min(page, LAST_PAGE)),
    gender: z.preprocess((v) => (v === "" ? undefined : v), z.enum(genders).optional()),
    country: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        .regex(/^[A-Za-z]{2}$/)
        .transform((c) => c.toUpperCase())
        .optional(),
    ),
    countryregion: optionalInt(1, 1_000_000),
    min_age: optionalInt(MIN_AGE, MAX_AGE),
    max_age: optionalInt(MIN_AGE, MAX_AGE),
    // Offered on every domain: only members whose photo shows.
    with_photo: optionalEnum(["1"] as const),
    // The domain's extra filters (settings.search_fields); others are ignored.
    sexuality: optionalEnum(sexualities),
    hair_colour: optionalEnum(hairColours),
    eye_colour: optionalEnum(eyeColours),
    body_type: optionalEnum(bodyTypes),
    relationship_status: optionalEnum(relationshipStatuses),
    tattoos: optionalEnum(["yes", "no"] as const),
  })
  .refine((q) => q.min_age === undefined || q.max_age === undefined || q.min_age <= q.max_age, {
    path: ["max_age"],
    message: "max_age must not be below min_age",
  });

export type SearchQuery = z.infer<typeof searchQuerySchema>;

export interface MemberCard {
  id: number;
  name: string;
  age: number;
  country: string;
  region: string | null;
  photo: string | null;
  fictional: boolean;
  online: boolean;
}

const ONLINE_MS = 10 * 60_000;

/** A member searching: never shown themselves; their profile's place and age order the results. */
interface Viewer {
  id: number;
  profile?: Closeness;
}

export type SearchScope = Pick<RequestContext, "db" | "settings" | "now"> & { viewer?: Viewer | null };

/** The extra filters the domain offers (settings.search_fields), as conditions. */
function extraFilters(query: SearchQuery, fields: SiteSettings["search_fields"]): SQL[] {
  const on = new Set(fields);
  const conditions: SQL[] = [];
  if (on.has("sexuality") && query.sexuality) conditions.push(eq(profiles.sexuality, query.sexuality));
  if (on.has("hair_colour") && query.hair_colour) conditions.push(eq(profiles.hairColour, query.hair_colour));
  if (on.has("eye_colour") && query.eye_colour) conditions.push(eq(profiles.eyeColour, query.eye_colour));
  if (on.has("body_type") && query.body_type) conditions.push(eq(profiles.bodyType, query.body_type));
  if (on.has("relationship_status") && query.relationship_status) {
    conditions.push(eq(profiles.relationshipStatus, query.relationship_status));
  }
  if (on.has("tattoos") && query.tattoos) conditions.push(eq(profiles.tattoos, query.tattoos === "yes"));
  return conditions;
}

function searchWhere(app: SearchScope, query: SearchQuery, now: number): SQL {
  // Only the domain's audience; its niche's ages and the search's are one range.
  const ages = { min: query.min_age ?? MIN_AGE, max: query.max_age ?? MAX_AGE };
  const conditions: SQL[] = [eq(profiles.searchable, 1)];
  if (query.gender) conditions.push(eq(profiles.gender, query.gender));
  // A region implies its country; leaving the country out lets the region index cover the search.
  if (query.countryregion) conditions.push(eq(profiles.regionId, query.countryregion));
  else if (query.country) conditions.push(eq(profiles.country, query.country));
  const place = query.countryregion ? { regionId: query.countryregion } : { country: query.country };
  conditions.push(audienceCondition(app.settings, now, { ages, ...place }));
  if (query.with_photo) conditions.push(eq(profiles.hasPhoto, 1));
  conditions.push(...extraFilters(query, app.settings.search_fields));
  if (app.viewer) {
    conditions.push(ne(profiles.userId, app.viewer.id), notBlockedWith(app.viewer.id, profiles.userId));
  }
  return and(...conditions)!;
}

/** The pool every page is a slice of: all the pages the list has, and one more to know if more follow. */
const POOL_SIZE = LAST_PAGE * PAGE_SIZE + 1;

/** One page of member ids (one more than a page, to know if more follow); also the query-plan test's subject. */
export function searchIdsQuery(app: SearchScope, query: SearchQuery, now: number) {
  // The viewer's region is searched as a region search is: the region implies its country.
  const where = (inRegion?: number) =>
    searchWhere(app, inRegion === undefined ? query : { ...query, country: undefined, countryregion: inRegion }, now);
  return peopleFirstIds(app.db, where, app.viewer?.profile ?? null, now, {
    narrowing: { country: query.country, regionId: query.countryregion },
    withPhotoOnly: query.with_photo !== undefined,
    size: POOL_SIZE,
  })
    .limit(PAGE_SIZE + 1)
    .offset((query.page - 1) * PAGE_SIZE);
}

/** Card rows of the members an id subquery (or list) selects, newest activity first unless `order` says otherwise. */
export function cardRowsQuery(db: Database, ids: SQL | number[], order: SQL[] = [desc(profiles.lastActivity)]) {
  return (
    db
      .select({
        id: profiles.userId,
        name: profiles.name,
        dateOfBirth: profiles.dateOfBirth,
        country: profiles.country,
        // Aliased: D1's batch() returns rows as objects, where two "name" columns collide.
        region: sql<string | null>`${regions.name}`.as("region_name"),
        thumb: photos.thumbFilename,
        fictional: profiles.fictional,
        lastActivity: profiles.lastActivity,
      })
      .from(profiles)
      .leftJoin(regions, eq(regions.id, profiles.regionId))
      // A member hidden from others (banned, invisible, ...) keeps their card in a conversation list, without a photo.
      .leftJoin(
        photos,
        and(eq(photos.id, profiles.mainPhotoId), eq(photos.status, "active"), eq(profiles.searchable, 1)),
      )
      .where(inArray(profiles.userId, ids))
      .orderBy(...order)
  );
}

export type CardRow = Awaited<ReturnType<typeof cardRowsQuery>>[number];

export function toMemberCard(row: CardRow, app: Pick<RequestContext, "settings">, now: number): MemberCard {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.dateOfBirth, now),
    country: row.country,
    region: row.region,
    photo: row.thumb ? photoUrl(row.thumb, app.settings.cdn_prefix) : null,
    fictional: row.fictional,
    online: now - row.lastActivity < ONLINE_MS,
  };
}

/** The cards of these members by id; a member who is gone has none. */
export async function memberCards(
  app: Pick<RequestContext, "db" | "settings" | "now">,
  ids: number[],
): Promise<Map<number, MemberCard>> {
  if (ids.length === 0) return new Map();
  const now = app.now();
  return new Map((await cardRowsQuery(app.db, ids)).map((row) => [row.id, toMemberCard(row, app, now)]));
}

/** Fewer results than this on the first page: similar members are suggested too. */
const SIMILAR_BELOW = 6;

export async function searchMembers(app: SearchScope, query: SearchQuery) {
  const now = app.now();
  const where = searchWhere(app, query, now);
  const page = searchIdsQuery(app, query, now);
  const { closeness, recency } = peopleFirstOrder(app.viewer?.profile ?? null, now);
  const [rows, [counted]] = await app.db.batch([
    cardRowsQuery(app.db, sql`${page}`, [...closeness, ...recency]),
    app.db.select({ n: sql<number>`count(*)` }).from(
      app.db
        .select({ one: sql`1` })
        .from(profiles)
        .where(where)
        .limit(COUNT_CAP + 1)
        .as("capped"),
    ),
  ]);
  const total = counted?.n ?? 0;
  const members = rows.slice(0, PAGE_SIZE).map((row) => toMemberCard(row, app, now));
  return {
    members,
    page: query.page,
    hasMore: rows.length > PAGE_SIZE && query.page < LAST_PAGE,
    numResults: Math.min(total, COUNT_CAP),
    moreThanCap: total > COUNT_CAP,
    similar: query.page === 1 && total < SIMILAR_BELOW ? await similarMembers(app, query, members) : [],
  };
}

// A search without a viewer (a visitor's, the home page's teaser) finds the
// same members for everyone on the domain: its result is kept for a few
// seconds per settings object (a settings change makes a new one), so a burst
// of visitors costs one D1 batch. Results, not pending queries, are kept: a
// Worker request must not wait on another request's I/O. A member's own
// search is never kept: it leaves out the member and whom they blocked.
const KEPT_MS = 10_000;
const KEPT_QUERIES = 64;
type Results = Map<string, { until: number; result: Awaited<ReturnType<typeof searchMembers>> }>;
const visitorResults = new WeakMap<SiteSettings, Results>();

/** searchMembers for no one in particular; what it finds may be up to KEPT_MS old. */
export async function searchAsVisitor(app: Omit<SearchScope, "viewer">, query: SearchQuery) {
  const results = kept(visitorResults, app.settings, (): Results => new Map());
  const key = JSON.stringify(query);
  const hit = results.get(key);
  if (hit && hit.until > app.now()) return hit.result;
  const until = app.now() + KEPT_MS;
  const result = await searchMembers({ db: app.db, settings: app.settings, now: app.now }, query);
  // Newest last, so the first key is the one to drop when there are too many.
  results.delete(key);
  results.set(key, { until, result });
  if (results.size > KEPT_QUERIES) results.delete(results.keys().next().value!);
  return result;
}

/**
 * The members page: a member who has set no filter sees the gender they seek,
 * and never themselves or whom they blocked; a visitor gets the domain's
 * shared search. Answers the query it ran, so the page shows the filters used.
 */
export async function searchPage(
  app: Omit<SearchScope, "viewer">,
  searcher: (Viewer & { profile: Closeness & { seeking: SearchQuery["gender"] } }) | null,
  query: SearchQuery,
  options: { filtered: boolean },
) {
  if (!searcher) return { ...(await searchAsVisitor(app, query)), query };
  const effective = options.filtered ? query : { ...query, gender: searcher.profile.seeking };
  return { ...(await searchMembers({ ...app, viewer: searcher }, effective)), query: effective };
}

/** Few results: the same people with wider filters (any region, extra filters off, ±10 years). */
async function similarMembers(app: SearchScope, query: SearchQuery, found: MemberCard[]) {
  const wider = searchQuerySchema.parse({
    gender: query.gender,
    country: query.country,
    min_age: String(Math.max(MIN_AGE, (query.min_age ?? MIN_AGE) - 10)),
    max_age: String(Math.min(MAX_AGE, (query.max_age ?? MAX_AGE) + 10)),
  });
  const seen = new Set(found.map((m) => m.id));
  const { closeness, recency } = peopleFirstOrder(app.viewer?.profile ?? null, app.now());
  const rows = await cardRowsQuery(app.db, sql`${searchIdsQuery(app, wider, app.now())}`, [...closeness, ...recency]);
  return rows
    .filter((row) => !seen.has(row.id))
    .slice(0, 12)
    .map((row) => toMemberCard(row, app, app.now()));
}
