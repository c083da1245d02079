// "Not interested" on a profile: the swipe game's pass (the member does not
// come back in the suggestions for 30 days), then the profile that naturally
// comes next: on a received like, the next like still waiting for an answer;
// elsewhere, the best suggestion. Null when there is none: the page goes back
// to its list.
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { likes, passes, profiles } from "#app/server/db/schema.ts";
import { notBlockedWith } from "#app/server/members/blocks.ts";
import { passMember, rankedCandidates } from "./swipe.ts";

export type PassedFrom = "likes" | "search";

export async function passOnProfile(
  app: Pick<RequestContext, "db" | "settings" | "now">,
  member: SessionMember,
  targetId: number,
  from: PassedFrom,
): Promise<{ next: number | null }> {
  await passMember(app, member.id, targetId);
  if (from === "search") return { next: (await rankedCandidates(app, member, 1))[0]?.id ?? null };
  const [waiting] = await app.db
    .select({ id: likes.likerId })
    .from(likes)
    .where(
      and(
        eq(likes.likedId, member.id),
        ne(likes.likerId, targetId),
        notBlockedWith(member.id, likes.likerId),
        sql`exists (select 1 from ${profiles} where ${profiles.userId} = ${likes.likerId} and ${profiles.searchable} = 1)`,
        sql`not exists (select 1 from ${likes} as back where back.liker_id = ${member.id} and back.liked_id = ${likes.likerId})`,
        sql`not exists (select 1 from ${passes} where ${passes.memberId} = ${member.id} and ${passes.targetId} = ${likes.likerId})`,
      ),
    )
    .orderBy(desc(likes.createdAt))
    .limit(1);
  return { next: waiting?.id ?? null };
}
