// The swipe game and the match finder: members the player is looking for, of
// the domain's audience, not yet liked or passed, ranked by shared interests,
// then nearness in age and place. Candidates come from the most recently active
// searchable members (search index), so ranking reads a bounded set.
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { interests, likes, passes, profileInterests, profiles } from "#app/server/db/schema.ts";
import { ageOn } from "#app/server/members/age.ts";
import { audienceCondition } from "#app/server/members/audience.ts";
import { contactableMember, notBlockedWith } from "#app/server/members/blocks.ts";
import { cardRowsQuery, toMemberCard } from "#app/server/members/search.ts";

type SwipeContext = Pick<RequestContext, "db" | "settings" | "now">;
const POOL = 300;
const PASS_FORGOTTEN_AFTER = 30 * 24 * 3_600_000;

export async function rankedCandidates(app: SwipeContext, member: SessionMember, count: number) {
  const now = app.now();
  const pool = app.db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(
      and(
        eq(profiles.searchable, 1),
        eq(profiles.gender, member.profile.seeking),
        audienceCondition(app.settings, now),
        ne(profiles.userId, member.id),
        notBlockedWith(member.id, profiles.userId),
        sql`not exists (select 1 from ${likes} where ${likes.likerId} = ${member.id} and ${likes.likedId} = ${profiles.userId})`,
        sql`not exists (select 1 from ${passes} where ${passes.memberId} = ${member.id} and ${passes.targetId} = ${profiles.userId} and ${passes.createdAt} > ${now - PASS_FORGOTTEN_AFTER})`,
      ),
    )
    .orderBy(desc(profiles.lastActivity))
    .limit(POOL);
  const mine = app.db
    .select({ id: profileInterests.interestId })
    .from(profileInterests)
    .where(eq(profileInterests.userId, member.id));
  const [rows, shared] = await app.db.batch([
    cardRowsQuery(app.db, sql`${pool}`),
    app.db
      .select({ userId: profileInterests.userId, slug: interests.slug, icon: interests.icon })
      .from(profileInterests)
      .innerJoin(interests, eq(interests.id, profileInterests.interestId))
      .where(sql`${profileInterests.userId} in ${pool} and ${profileInterests.interestId} in ${mine}`),
  ]);
  const sharedBy = new Map<number, { slug: string; icon: string }[]>();
  for (const s of shared) sharedBy.set(s.userId, [...(sharedBy.get(s.userId) ?? []), { slug: s.slug, icon: s.icon }]);
  const myAge = ageOn(member.profile.dateOfBirth, now);
  const scored = rows.map((row) => {
    const card = toMemberCard(row, app, now);
    const common = sharedBy.get(card.id) ?? [];
    const score =
      common.length * 3 - Math.abs(card.age - myAge) / 4 + (card.country === member.profile.country ? 2 : 0);
    return { ...card, shared: common, score };
  });
  return scored.sort((a, b) => b.score - a.score).slice(0, count);
}

/** Not interested: the card does not come back for 30 days. */
export async function passMember(app: Pick<RequestContext, "db" | "now">, memberId: number, targetId: number) {
  await contactableMember(app.db, memberId, targetId);
  await app.db
    .insert(passes)
    .values({ memberId, targetId, createdAt: app.now() })
    .onConflictDoUpdate({ target: [passes.memberId, passes.targetId], set: { createdAt: app.now() } });
}
