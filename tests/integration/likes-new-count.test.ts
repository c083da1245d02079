// The "new likes" count (navigation badge, page title, app badge) counts
// exactly the received likes the likes list shows: not those of members the
// viewer blocked, nor of members who blocked the viewer.
import { describe, expect, it } from "vitest";
import { findSessionMember, startSession } from "#app/server/accounts/session.ts";
import { likeMember, likesOverview } from "#app/server/likes/likes.ts";
import { blockMember } from "#app/server/members/blocks.ts";
import { badgeCount, memberSummary } from "#app/server/site/member-summary.ts";
import { appContext, db, givenAccount, NOW } from "./fixtures.ts";

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
});
