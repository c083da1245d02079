// The "new likes" count (navigation badge, page title, app badge) counts
// exactly the received likes the likes list shows: not those of members the
// viewer blocked, nor of members who blocked the viewer, nor more than the
// list's 200 newest.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findSessionMember, startSession } from "#app/server/accounts/session.ts";
import { likes } from "#app/server/db/schema.ts";
import { likeMember, likesOverview } from "#app/server/likes/likes.ts";
import { blockMember } from "#app/server/members/blocks.ts";
import { badgeCount, memberSummary } from "#app/server/site/member-summary.ts";
import { appContext, db, givenAccount, givenMember, NOW } from "./fixtures.ts";

async function member(id: number) {
  const { token, statement } = await startSession(db, { userId: id, now: NOW });
  await statement;
  return (await findSessionMember(db, token, NOW))!;
}

const app = () => appContext();

describe("the new-likes count", () => {
  it("leaves out likes of members the viewer blocked or who blocked the viewer, as the likes list does", async () => {
    const ann = await givenAccount();
    const [blockedByAnn, blockingAnn, fan] = [await givenAccount(), await givenAccount(), await givenAccount()];
    for (const liker of [blockedByAnn, blockingAnn, fan]) await likeMember(app(), await member(liker), ann);
    await blockMember(app(), ann, blockedByAnn);
    await blockMember(app(), blockingAnn, ann);

    const listed = (await likesOverview(app(), ann, "received")).filter((m) => m.likeNew).map((m) => m.id);
    expect(listed).toEqual([fan]);
    expect((await memberSummary(app(), await member(ann))).newLikes).toBe(listed.length);
    expect(await badgeCount(db, ann)).toBe(listed.length);
  });

  it("stops at the likes list's 200, however many new likes came in", async () => {
    const ann = await givenAccount();
    const fans: number[] = [];
    for (let i = 0; i < 205; i++) fans.push(await givenMember({ gender: "male" }));
    // D1 takes at most 100 bound values in one statement: the fans go in as one JSON list.
    await db.run(sql`insert into ${likes} (liker_id, liked_id, like_new, source, created_at)
      select value, ${ann}, 1, 'profile', ${NOW} - value from json_each(${`[${fans.join(",")}]`})`);

    expect((await memberSummary(app(), await member(ann))).newLikes).toBe(200);
    expect(await badgeCount(db, ann)).toBe(200);
    const listed = await likesOverview(app(), ann, "received");
    expect(listed).toHaveLength(200);
    expect(listed.every((card) => card.likeNew)).toBe(true);
  });
});
