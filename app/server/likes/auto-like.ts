// GET /api/auto-like.php: a profile for the "new like" modal. Only
// fictional profiles, run by staff and disclosed as such, like members
// automatically, and only where the domain allows it (fictional_auto_like);
// real members' names are never used for it. At most one a day.
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { likes, photos, profiles } from "#app/server/db/schema.ts";
import { ageOn } from "#app/server/members/age.ts";
import { notBlockedWith } from "#app/server/members/blocks.ts";
import { photoUrl } from "#app/server/members/photo-url.ts";

const ONCE_PER = 24 * 3_600_000;

export async function autoLike(app: Pick<RequestContext, "db" | "settings" | "now">, member: SessionMember) {
  if (!app.settings.fictional_auto_like) return null;
  const now = app.now();
  const [recent] = await app.db
    .select({ at: likes.createdAt })
    .from(likes)
    .where(and(eq(likes.likedId, member.id), eq(likes.source, "auto"), gt(likes.createdAt, now - ONCE_PER)))
    .limit(1);
  if (recent || member.status !== "active") return null;

  const [candidate] = await app.db
    .select({
      id: profiles.userId,
      name: profiles.name,
      dateOfBirth: profiles.dateOfBirth,
      photo: photos.filename,
    })
    .from(profiles)
    .innerJoin(photos, and(eq(photos.id, profiles.mainPhotoId), eq(photos.status, "active")))
    .where(
      and(
        eq(profiles.searchable, 1),
        eq(profiles.fictional, true),
        eq(profiles.gender, member.profile.seeking),
        eq(profiles.country, member.profile.country),
        notBlockedWith(member.id, profiles.userId),
        sql`not exists (select 1 from ${likes} where (${likes.likerId} = ${profiles.userId} and ${likes.likedId} = ${member.id}) or (${likes.likerId} = ${member.id} and ${likes.likedId} = ${profiles.userId}))`,
      ),
    )
    .orderBy(desc(profiles.lastActivity))
    .limit(1);
  if (!candidate) return null;

  await app.db
    .insert(likes)
    .values({ likerId: candidate.id, likedId: member.id, source: "auto", createdAt: now })
    .onConflictDoNothing();
  return {
    id: candidate.id,
    name: candidate.name,
    age: ageOn(candidate.dateOfBirth, now),
    fictional: true,
    main_image: { match: photoUrl(candidate.photo, app.settings.cdn_prefix) },
  };
}
