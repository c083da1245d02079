import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findSessionMember, startSession } from "#app/server/accounts/session.ts";
import { armCrash, disarmCrashes } from "#app/server/crash-points.ts";
import { REPLAY_AFTER_MS, replayMovements } from "#app/server/credits/movements.ts";
import { walletOf } from "#app/server/credits/wallet.ts";
import { gifts, likes, passes, sentGifts, users } from "#app/server/db/schema.ts";
import { autoLike } from "#app/server/likes/auto-like.ts";
import { receivedGifts, sendGift } from "#app/server/likes/gifts.ts";
import {
  likeMember,
  likesOverview,
  likesState,
  markLikeSeen,
  swipeAllowance,
  unlikeMember,
} from "#app/server/likes/likes.ts";
import { passMember, rankedCandidates } from "#app/server/likes/swipe.ts";
import { createLogger } from "#app/server/log.ts";
import { blockMember, unblockMember } from "#app/server/members/blocks.ts";
import { openProfile } from "#app/server/members/open-profile.ts";
import { getMemberProfile } from "#app/server/members/profile.ts";
import { searchMembers, searchQuerySchema } from "#app/server/members/search.ts";
import {
  appContext,
  db,
  givenAccount,
  givenCredits,
  givenInterest,
  givenMember,
  NOW,
  outcome,
  sessionCookieFor,
  walletLedgerSum,
  walletOfMember,
} from "./fixtures.ts";

async function member(id: number, now = NOW) {
  const { token, statement } = await startSession(db, { userId: id, now });
  await statement;
  return (await findSessionMember(db, token, now))!;
}

const app = (now = NOW) => appContext({}, now);

describe("likes and matches", () => {
  it("makes a match when both like each other, and keeps a received like new until the profile is opened", async () => {
    const ann = await givenAccount({ gender: "female" });
    const bob = await givenAccount({ gender: "male" });
    expect(await likeMember(app(), await member(ann), bob)).toEqual({ liked: true, match: false });
    expect(await likeMember(app(), await member(ann), bob)).toEqual({ liked: false, match: false });
    expect((await likesState(app(), bob)).liked_by).toEqual([{ id: ann, like_new: true }]);
    expect(await likeMember(app(), await member(bob), ann)).toEqual({ liked: true, match: true });
    expect((await likesOverview(app(), ann, "mutual")).map((m) => m.id)).toEqual([bob]);
    await markLikeSeen(app(), bob, ann);
    expect((await likesState(app(), bob)).liked_by).toEqual([{ id: ann, like_new: false }]);
    await unlikeMember(app(), ann, bob);
    expect(await likesOverview(app(), ann, "mutual")).toEqual([]);
  });

  it("makes a like seen when its receiver opens the liker's profile, not when a visitor does", async () => {
    const ann = await givenAccount({ gender: "female" });
    const bob = await givenAccount({ gender: "male" });
    await likeMember(app(), await member(ann), bob);
    expect((await openProfile(app(), ann, null))?.likeSeen).toBe(false);
    expect((await likesState(app(), bob)).liked_by).toEqual([{ id: ann, like_new: true }]);
    const viewer = { id: bob, paidUser: false };
    expect(await openProfile(app(), ann, viewer)).toMatchObject({ likeSeen: true, profile: { id: ann } });
    expect((await openProfile(app(), ann, viewer))?.likeSeen).toBe(false);
    expect((await likesState(app(), bob)).liked_by).toEqual([{ id: ann, like_new: false }]);
    expect(await openProfile(app(), 99_999, viewer)).toBeNull();
  });

  it("refuses liking yourself, unknown or hidden members", async () => {
    const ann = await givenAccount();
    const hidden = await givenMember({ searchable: false });
    expect(await outcome(likeMember(app(), await member(ann), ann))).toBe("not_yourself");
    expect(await outcome(likeMember(app(), await member(ann), hidden))).toBe("member_not_found");
    expect(await outcome(likeMember(app(), await member(ann), 99_999))).toBe("member_not_found");
  });
});

describe("blocking", () => {
  it("hides each from the other's search and the blocker's profile from the blocked, until unblocked", async () => {
    const ann = await givenAccount({ name: "Ann" });
    const bob = await givenAccount({ name: "Bob" });
    await blockMember(app(), ann, bob);
    const search = async (viewer: number) =>
      (await searchMembers({ ...app(), viewer: { id: viewer } }, searchQuerySchema.parse({}))).members.map((m) => m.id);
    expect(await search(ann)).not.toContain(bob);
    expect(await search(bob)).not.toContain(ann);
    expect(await getMemberProfile(app(), ann, { id: bob, paidUser: false })).toBeNull();
    expect((await getMemberProfile(app(), bob, { id: ann, paidUser: false }))?.relation?.blockedByMe).toBe(true);
    // To Bob, Ann does not exist; Ann is told she blocked him.
    expect(await outcome(likeMember(app(), await member(bob), ann))).toBe("member_not_found");
    expect(await outcome(likeMember(app(), await member(ann), bob))).toBe("blocked");
    await unblockMember(app(), ann, bob);
    expect(await search(bob)).toContain(ann);
    expect(await getMemberProfile(app(), ann, { id: bob, paidUser: false })).not.toBeNull();
  });

  it("hides likes of a blocked member", async () => {
    const ann = await givenAccount();
    const bob = await givenAccount();
    await likeMember(app(), await member(bob), ann);
    await blockMember(app(), ann, bob);
    expect(await likesOverview(app(), ann, "received")).toEqual([]);
    expect((await likesState(app(), ann)).liked_by).toEqual([]);
  });

  it("only changes the blocker's own blocks", async () => {
    const ann = await givenAccount();
    const bob = await givenAccount();
    const eve = await givenAccount();
    await blockMember(app(), ann, bob);
    await unblockMember(app(), eve, bob);
    expect(await outcome(likeMember(app(), await member(bob), ann))).toBe("member_not_found");
  });
});

describe("the swipe game (4 likes a day)", () => {
  it("allows four swipe likes a day, counted from the member's local midnight", async () => {
    // 23:30 in Amsterdam on 23 November (22:30 UTC).
    const late = Date.UTC(2026, 10, 23, 22, 30);
    const player = await givenAccount({ country: "NL" });
    const others = await Promise.all(Array.from({ length: 6 }, () => givenAccount({ gender: "male" })));
    const me = await member(player, late);
    for (const id of others.slice(0, 4)) expect(await outcome(likeMember(app(late), me, id, "swipe"))).toBe("ok");
    expect(await outcome(likeMember(app(late), me, others[4]!, "swipe"))).toBe("swipe_limit");
    expect(await outcome(likeMember(app(late), me, others[4]!, "profile"))).toBe("ok");
    const allowance = await swipeAllowance(app(late), me);
    expect(allowance).toEqual({ limit: 4, left: 0, resetsAt: Date.UTC(2026, 10, 23, 23, 0) });
    // 00:10 local: a new day.
    const nextDay = Date.UTC(2026, 10, 23, 23, 10);
    expect(await outcome(likeMember(app(nextDay), me, others[5]!, "swipe"))).toBe("ok");
  });

  it("offers members of the wanted gender, not yet liked or passed, with shared interests first", async () => {
    const wine = await givenInterest("wine");
    const player = await givenAccount({ gender: "female", interestIds: [wine.id] });
    const plain = await givenAccount({ gender: "male", lastActivity: NOW });
    const sharing = await givenAccount({ gender: "male", interestIds: [wine.id], lastActivity: NOW - 10_000 });
    const passed = await givenAccount({ gender: "male" });
    const liked = await givenAccount({ gender: "male" });
    await givenAccount({ gender: "female" });
    const me = await member(player);
    await passMember(app(), player, passed);
    await likeMember(app(), me, liked);
    const ids = (await rankedCandidates(app(), me, 10)).map((c) => c.id);
    expect(ids).toEqual([sharing, plain]);
  });

  it("refuses a pass on a member who is not there to pass, and writes nothing", async () => {
    const player = await givenAccount({ gender: "female" });
    const hidden = await givenAccount({ gender: "male", searchable: false });
    expect(await outcome(passMember(app(), player, 999_999))).toBe("member_not_found");
    expect(await outcome(passMember(app(), player, hidden))).toBe("member_not_found");
    const response = await SELF.fetch("http://localhost/swipe-game", {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: "http://localhost",
        Cookie: await sessionCookieFor(player),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "pass", target: "999999" }),
    });
    expect(response.status).toBe(404);
    expect(await db.select().from(passes)).toEqual([]);
  });
});

describe("gifts (paid with gift_credits through the ledger)", () => {
  async function giftId() {
    const [gift] = await db.insert(gifts).values({ slug: "rose", icon: "Flower2", position: 0 }).returning();
    return gift!.id;
  }

  it("charges once per request id, and never below zero", async () => {
    const ann = await givenAccount();
    const bob = await givenAccount();
    await givenCredits(ann, 12);
    const rose = await giftId();
    const send = (requestId: string) => sendGift(app(), ann, { recipientId: bob, giftId: rose, requestId });
    expect(await send("a")).toMatchObject({ sent: true, cost: 5 });
    expect(await send("a")).toMatchObject({ sent: false, already: true });
    expect(await send("b")).toMatchObject({ sent: true });
    expect(await outcome(send("c"))).toBe("insufficient_credits");
    const [user] = await db.select().from(users).where(eq(users.id, ann));
    expect((await walletOfMember(ann)).balance).toBe(2);
    expect(await walletLedgerSum(ann)).toBe(2);
    expect(user!.credits).toBe(2);
    expect(await db.select().from(sentGifts)).toHaveLength(2);
    // The refused request stays refused when it is sent again.
    expect(await outcome(send("c"))).toBe("insufficient_credits");
  });

  it("spends exactly the balance when many gifts are sent at once", async () => {
    const ann = await givenAccount();
    const bob = await givenAccount();
    await givenCredits(ann, 20);
    const rose = await giftId();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        outcome(sendGift(app(), ann, { recipientId: bob, giftId: rose, requestId: `r${i}` })),
      ),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(4);
    expect(results.filter((r) => r === "insufficient_credits")).toHaveLength(8);
    expect((await walletOfMember(ann)).balance).toBe(0);
    expect(await walletLedgerSum(ann)).toBe(0);
    expect((await db.select().from(users).where(eq(users.id, ann)))[0]!.credits).toBe(0);
    expect(await db.select().from(sentGifts)).toHaveLength(4);
    expect(await receivedGifts(app(), bob)).toHaveLength(4);
  });

  it("never shows a gift whose charge the wallet refused, nor one it has not decided yet", async () => {
    const ann = await givenAccount();
    const bob = await givenAccount();
    await givenCredits(ann, 5);
    const rose = await giftId();
    // Spent in a room meanwhile: the wallet holds less than D1's copy says.
    await walletOf(env, ann).charge({ key: "room:spent", amount: 3, reason: "message", now: NOW });
    expect(await outcome(sendGift(app(), ann, { recipientId: bob, giftId: rose, requestId: "refused" }))).toBe(
      "insufficient_credits",
    );
    expect(await db.select().from(sentGifts)).toEqual([]);
    expect(await receivedGifts(app(), bob)).toEqual([]);
    await givenCredits(ann, 10);
    // A crash right after the batch: the record and the row are written, the wallet has not decided.
    armCrash("movement:recorded");
    try {
      await expect(sendGift(app(), ann, { recipientId: bob, giftId: rose, requestId: "cut" })).rejects.toThrow();
    } finally {
      disarmCrashes();
    }
    expect(await db.select().from(sentGifts)).toHaveLength(1);
    expect(await receivedGifts(app(), bob)).toEqual([]);
    // The replay books it: now it shows.
    await replayMovements({ ...appContext({}, NOW + REPLAY_AFTER_MS + 1), log: createLogger("test") });
    expect(await receivedGifts(app(), bob)).toMatchObject([{ slug: "rose", from: ann }]);
    expect((await walletOfMember(ann)).balance).toBe(12 - 5);
  });

  it("cannot be sent to a member who blocked you", async () => {
    const ann = await givenAccount();
    const bob = await givenAccount();
    await blockMember(app(), bob, ann);
    expect(await outcome(sendGift(app(), ann, { recipientId: bob, giftId: await giftId(), requestId: "x" }))).toBe(
      "member_not_found",
    );
  });
});

describe("auto-like (/api/auto-like.php)", () => {
  it("comes only from a fictional profile, at most once a day", async () => {
    const ann = await givenAccount({ gender: "female" });
    await db.update(users).set({ credits: 0 }).where(eq(users.id, ann));
    await givenAccount({ gender: "male", photos: [{}] });
    const fictional = await givenAccount({ gender: "male", fictional: true, photos: [{}] });
    const me = await member(ann);
    const profile = await autoLike(app(), { ...me, profile: { ...me.profile, seeking: "male" } });
    expect(profile).toMatchObject({
      id: fictional,
      fictional: true,
      main_image: { match: expect.stringContaining("/media/") },
    });
    expect(await db.select().from(likes).where(eq(likes.likedId, ann))).toHaveLength(1);
    expect(await autoLike(app(), { ...me, profile: { ...me.profile, seeking: "male" } })).toBeNull();
  });
});
