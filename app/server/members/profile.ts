// A member's public profile, as the profile screen
// shows it. Members who may not appear in search cannot be viewed either, nor
// members outside the domain's audience (audience.ts), except by themselves
// and by members already in touch with them.
import { and, asc, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { Database } from "#app/server/db/client.ts";
import { blocks, interests, likes, photos, profileInterests, profiles, regions } from "#app/server/db/schema.ts";
import { viewablePhotos } from "#app/server/photos/visibility.ts";
import { ageOn } from "./age.ts";
import { audienceCondition, reachableOn } from "./audience.ts";
import { notBlockedWith } from "./blocks.ts";
import { cardRowsQuery, toMemberCard } from "./search.ts";

const RELATED_COUNT = 6;

export interface ProfileViewer {
  id: number;
  paidUser: boolean;
}

/**
 * A member's profile as `viewer` may see it (null for a visitor): not when the
 * member blocked the viewer, nor when the member may not appear in
 * search, except to themselves.
 */
export async function getMemberProfile(
  app: Pick<RequestContext, "db" | "settings" | "now">,
  memberId: number,
  viewer: ProfileViewer | null = null,
) {
  const own = viewer?.id === memberId;
  const now = app.now();
  const audience = audienceCondition(app.settings, now);
  // Everything the screen shows in one D1 round trip.
  const [[row], memberPhotos, memberInterests, relatedRows, likeRows, blockRows] = await app.db.batch([
    app.db
      .select({ profile: profiles, region: sql<string | null>`${regions.name}`.as("region_name") })
      .from(profiles)
      .leftJoin(regions, eq(regions.id, profiles.regionId))
      .where(
        and(
          profileVisibleTo(memberId, viewer?.id ?? null),
          reachableOn(app.settings, now, memberId, viewer?.id ?? null),
        ),
      )
      .limit(1),
    app.db
      .select({
        id: photos.id,
        filename: photos.filename,
        thumbFilename: photos.thumbFilename,
        status: photos.status,
        isPrivate: photos.isPrivate,
      })
      .from(photos)
      .where(eq(photos.userId, memberId))
      .orderBy(asc(photos.position)),
    app.db
      .select({ slug: interests.slug, icon: interests.icon, adult: interests.adult })
      .from(profileInterests)
      .innerJoin(interests, eq(interests.id, profileInterests.interestId))
      .where(eq(profileInterests.userId, memberId))
      // Adult interests after the ordinary ones, never between them (shown as a group of their own).
      .orderBy(asc(interests.adult), asc(interests.position)),
    cardRowsQuery(app.db, sql`${relatedIdsQuery(app.db, audience, memberId, viewer?.id ?? null)}`),
    // The viewer's likes with this member, both ways, and whether the viewer blocked them.
    app.db
      .select({ likerId: likes.likerId })
      .from(likes)
      .where(
        viewer
          ? sql`(${likes.likerId} = ${viewer.id} and ${likes.likedId} = ${memberId}) or (${likes.likerId} = ${memberId} and ${likes.likedId} = ${viewer.id})`
          : sql`0`,
      ),
    app.db
      .select({ blockerId: blocks.blockerId })
      .from(blocks)
      .where(viewer ? and(eq(blocks.blockerId, viewer.id), eq(blocks.blockedId, memberId)) : sql`0`),
  ]);
  if (!row) return null;
  const liked = likeRows.some((r) => r.likerId === viewer?.id);
  const likedBy = likeRows.some((r) => r.likerId === memberId);
  const { profile } = row;

  // Who sees which photo is the photos capability's rule; locked ones carry no URL.
  const shown = viewablePhotos(memberPhotos, viewer, memberId, {
    cdnPrefix: app.settings.cdn_prefix,
    mainPhotoId: profile.mainPhotoId,
  });
  const main = shown.find((p) => !p.locked);
  return {
    id: profile.userId,
    name: profile.name,
    age: ageOn(profile.dateOfBirth, now),
    gender: profile.gender,
    /** Null until the member says it: nothing is shown. */
    sexuality: profile.sexuality,
    country: profile.country,
    region: row.region,
    hairColour: profile.hairColour,
    eyeColour: profile.eyeColour,
    bodyType: profile.bodyType,
    relationshipStatus: profile.relationshipStatus,
    tattoos: profile.tattoos,
    heightCm: profile.heightCm,
    about: profile.about,
    fictional: profile.fictional,
    mainImage: main && !main.locked ? main.url : null,
    /** What unlocks the locked photos for this viewer (login or premium), or null when none is locked. */
    photosUnlock: shown.find((p) => p.locked)?.unlock ?? null,
    photos: shown,
    interests: memberInterests,
    related: relatedRows.map((r) => toMemberCard(r, app, now)),
    relation: viewer ? { own, liked, likedBy, match: liked && likedBy, blockedByMe: blockRows.length > 0 } : null,
  };
}

/**
 * SQL over profiles: the member's profile, when `viewerId` (null for a
 * visitor) may see it: their own always; another's only while it may appear in
 * search and its member has not blocked the viewer. Whatever must not tell a
 * hidden member from one who does not exist asks this (a note about them too).
 */
export function profileVisibleTo(memberId: number, viewerId: number | null) {
  const own = viewerId === memberId;
  return and(
    eq(profiles.userId, memberId),
    own ? undefined : eq(profiles.searchable, 1),
    viewerId !== null && !own ? notBlockedBy(memberId, viewerId) : undefined,
  )!;
}

/** SQL: the member did not block the viewer (the viewer blocking them is fine: they may unblock). */
export function notBlockedBy(memberId: number, viewerId: number) {
  return sql`not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${memberId} and ${blocks.blockedId} = ${viewerId})`;
}

/** Members like this one, of the domain's audience: same gender and country, most recently active (search index only). */
function relatedIdsQuery(db: Database, audience: SQL, memberId: number, viewerId: number | null) {
  const of = (column: typeof profiles.gender | typeof profiles.country) =>
    sql`(select ${column} from ${profiles} where ${profiles.userId} = ${memberId})`;
  return db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(
      and(
        eq(profiles.searchable, 1),
        audience,
        sql`${profiles.gender} = ${of(profiles.gender)}`,
        sql`${profiles.country} = ${of(profiles.country)}`,
        ne(profiles.userId, memberId),
        viewerId === null ? undefined : ne(profiles.userId, viewerId),
        viewerId === null ? undefined : notBlockedWith(viewerId, profiles.userId),
      ),
    )
    .orderBy(desc(profiles.lastActivity))
    .limit(RELATED_COUNT);
}
