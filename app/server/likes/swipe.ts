// The swipe game and the match finder: members the player is looking for, of
// the domain's audience, not yet liked or passed, in people-first order (faces,
// then nearby, then a fitting age; members/people-first.ts), shared interests
// next, then recent activity. Candidates are a pool read from the search
// indexes in that order, so ranking reads a bounded set.
import { and, eq, ne, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { interests, likes, passes, profileInterests, profiles } from "#app/server/db/schema.ts";
import { audienceCondition } from "#app/server/members/audience.ts";
import { contactableMember, notBlockedWith } from "#app/server/members/blocks.ts";
import { peopleFirstIds, peopleFirstOrder } from "#app/server/members/people-first.ts";
import { cardRowsQuery, toMemberCard } from "#app/server/members/search.ts";

type SwipeContext = Pick<RequestContext, "db" | "settings" | "now">;
const POOL = 300;
const PASS_FORGOTTEN_AFTER = 30 * 24 * 3_600_000;

export async function rankedCandidates(app: SwipeContext, member: SessionMember, count: number) {
  const now = app.now();
  const where = (inRegion?: number) =>
    and(
      eq(profiles.searchable, 1),
      eq(profiles.gender, member.profile.seeking),
      audienceCondition(app.settings, now),
      ne(profiles.userId, member.id),
      notBlockedWith(member.id, profiles.userId),
      sql`not exists (select 1 from ${likes} where ${likes.likerId} = ${member.id} and ${likes.likedId} = ${profiles.userId})`,
      sql`not exists (select 1 from ${passes} where ${passes.memberId} = ${member.id} and ${passes.targetId} = ${profiles.userId} and ${passes.createdAt} > ${now - PASS_FORGOTTEN_AFTER})`,
      inRegion === undefined ? undefined : eq(profiles.regionId, inRegion),
    )!;
  const pool = peopleFirstIds(app.db, where, member.profile, now, { narrowing: {}, withPhotoOnly: false, size: POOL });
  const mine = app.db
    .select({ id: profileInterests.interestId })
    .from(profileInterests)
    .where(eq(profileInterests.userId, member.id));
  // Shared interests rank between closeness and recency.
  const sharedCount = sql`(select count(*) from ${profileInterests} where ${profileInterests.userId} = ${profiles.userId} and ${profileInterests.interestId} in ${mine}) desc`;
  const { closeness, recency } = peopleFirstOrder(member.profile, now);
  const [rows, shared] = await app.db.batch([
    cardRowsQuery(app.db, sql`${pool}`, [...closeness, sharedCount, ...recency]).limit(count),
    app.db
      .select({ userId: profileInterests.userId, slug: interests.slug, icon: interests.icon })
      .from(profileInterests)
      .innerJoin(interests, eq(interests.id, profileInterests.interestId))
      .where(sql`${profileInterests.userId} in ${pool} and ${profileInterests.interestId} in ${mine}`),
  ]);
  const sharedBy = new Map<number, { slug: string; icon: string }[]>();
  for (const s of shared) sharedBy.set(s.userId, [...(sharedBy.get(s.userId) ?? []), { slug: s.slug, icon: s.icon }]);
  return rows.map((row) => ({ ...toMemberCard(row, app, now), shared: sharedBy.get(row.id) ?? [] }));
}

/** Not interested: the card does not come back for 30 days. */
export async function passMember(app: Pick<RequestContext, "db" | "now">, memberId: number, targetId: number) {
  await contactableMember(app.db, memberId, targetId);
  await app.db
    .insert(passes)
    .values({ memberId, targetId, createdAt: app.now() })
    .onConflictDoUpdate({ target: [passes.memberId, passes.targetId], set: { createdAt: app.now() } });
}
