// People first: members whose approved photo shows come before the others in
// search, the first suggestions and the swipe game, then those nearby (same
// region, then same country), then those of a fitting age, then the most
// recently active. profiles.has_photo says whether the main photo shows, and
// every photo change keeps it in step.
import { SELF } from "cloudflare:test";
import { PhotonImage } from "@cf-wasm/photon/workerd";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appeals, decisions, profiles } from "#app/server/db/schema.ts";
import { decideAppeal } from "#app/server/decisions/appeal-queue.ts";
import { fileAppeal } from "#app/server/decisions/appeals.ts";
import { rankedCandidates } from "#app/server/likes/swipe.ts";
import { PAGE_SIZE, searchMembers, searchPage, searchQuerySchema } from "#app/server/members/search.ts";
import { homeTeaser, signupMatches } from "#app/server/members/suggestions.ts";
import { deletePhoto, updatePhoto } from "#app/server/photos/manage.ts";
import { decidePhoto } from "#app/server/photos/moderation.ts";
import { uploadPhoto } from "#app/server/photos/upload.ts";
import { appContext, db, givenAccount, givenMember, givenRegion, NOW, SITE } from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";
import { member } from "./payment-fixtures.ts";

const query = (input: Record<string, unknown> = {}) => searchQuerySchema.parse(input);
const ids = (found: { id: number }[]) => found.map((m) => m.id);
const withPhoto = { photos: [{}] };
const reasons = { ground: "terms" as const, clause: "Terms 4.2", facts: "The photo shows someone else's face." };

function picture(): Uint8Array {
  const [width, height] = [320, 240];
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba.set([i % 251, (i >> 3) % 241, (i >> 7) % 239, 255], i * 4);
  const image = new PhotonImage(rgba, width, height);
  try {
    return image.get_bytes_jpeg(85);
  } finally {
    image.free();
  }
}

async function profileOf(id: number) {
  const [row] = await db
    .select({ hasPhoto: profiles.hasPhoto, main: profiles.mainPhotoId })
    .from(profiles)
    .where(eq(profiles.userId, id));
  return row!;
}

/** A woman of 36 in a Utrecht, seeking men (the fixtures' default), as the session knows her. */
async function givenSearcher() {
  const utrecht = await givenRegion("NL", "NL-UT", "Utrecht");
  const groningen = await givenRegion("NL", "NL-GR", "Groningen");
  const id = await givenAccount({ country: "NL", regionId: utrecht.id, dateOfBirth: "1990-05-05" });
  return { searcher: await member(id), utrecht: utrecht.id, groningen: groningen.id };
}

describe("has_photo", () => {
  it("is 1 exactly while the main photo is approved and public, through every photo change", async () => {
    const id = await givenAccount();
    const owner = { id, paidUser: false };
    const pre = appContext({ photo_moderation: "pre" });
    const post = appContext({ photo_moderation: "post" });
    const moderator = await givenOperator("moderator");

    const first = await uploadPhoto(pre, owner, { bytes: picture(), private: false });
    expect(await profileOf(id)).toEqual({ hasPhoto: 0, main: first.id });
    await decidePhoto(moderator.app, { photo: first.id, decision: "approve" });
    expect(await profileOf(id)).toEqual({ hasPhoto: 1, main: first.id });

    const second = await uploadPhoto(post, owner, { bytes: picture(), private: false });
    await updatePhoto(post, owner, second.id, { main: true });
    expect(await profileOf(id)).toEqual({ hasPhoto: 1, main: second.id });
    await updatePhoto(post, owner, first.id, { isPrivate: true });
    expect(await profileOf(id)).toEqual({ hasPhoto: 1, main: second.id });

    // Rejected, the main photo passes on; the only other one is private, so none shows.
    await decidePhoto(moderator.app, { photo: second.id, decision: "reject", reasons });
    expect(await profileOf(id)).toEqual({ hasPhoto: 0, main: null });
    await updatePhoto(post, owner, first.id, { isPrivate: false });
    await updatePhoto(post, owner, first.id, { main: true });
    expect(await profileOf(id)).toEqual({ hasPhoto: 1, main: first.id });
    await updatePhoto(post, owner, first.id, { isPrivate: true });
    expect(await profileOf(id)).toEqual({ hasPhoto: 0, main: null });
    await deletePhoto(post, owner, first.id);
    expect(await profileOf(id)).toEqual({ hasPhoto: 0, main: null });

    // The rejection reversed on appeal: the photo shows again, as the main photo.
    const [decision] = await db.select().from(decisions).where(eq(decisions.memberId, id));
    await fileAppeal(moderator.app, { member: id }, { decision: decision!.id, text: "That is really me." });
    const [appeal] = await db.select().from(appeals).where(eq(appeals.decisionId, decision!.id));
    const admin = await givenOperator("admin");
    await decideAppeal(admin.app, { appeal: appeal!.id, outcome: "reverse", text: "You are right, sorry." });
    expect(await profileOf(id)).toEqual({ hasPhoto: 1, main: second.id });

    await deletePhoto(post, owner, second.id);
    expect(await profileOf(id)).toEqual({ hasPhoto: 0, main: null });
  });

  it("is 1 after a public upload on a domain that shows photos at once, never after a private one", async () => {
    const id = await givenAccount();
    const post = appContext({ photo_moderation: "post" });
    await uploadPhoto(post, { id, paidUser: false }, { bytes: picture(), private: true });
    expect((await profileOf(id)).hasPhoto).toBe(0);
    await uploadPhoto(post, { id, paidUser: false }, { bytes: picture(), private: false });
    expect((await profileOf(id)).hasPhoto).toBe(1);
  });
});

describe("search, people first", () => {
  it("shows a visitor members with a photo first, then by recent activity", async () => {
    const newestWithout = await givenMember({ lastActivity: NOW - 1_000 });
    const pending = await givenMember({ lastActivity: NOW - 2_000, photos: [{ status: "pending" }] });
    const older = await givenMember({ lastActivity: NOW - 9_000, ...withPhoto });
    const newer = await givenMember({ lastActivity: NOW - 5_000, ...withPhoto });
    const { members } = await searchMembers(appContext(), query());
    expect(ids(members)).toEqual([newer, older, newestWithout, pending]);
  });

  it("shows a member faces first, then their region, then their country, then a fitting age, then activity", async () => {
    const { searcher, utrecht, groningen } = await givenSearcher();
    const man = { gender: "male" as const, dateOfBirth: "1988-01-01", ...withPhoto };
    const germanNewest = await givenMember({ ...man, country: "DE", lastActivity: NOW - 100 });
    const groningenMan = await givenMember({ ...man, regionId: groningen, lastActivity: NOW - 200 });
    const utrechtOld = await givenMember({ ...man, regionId: utrecht, lastActivity: NOW - 9_000 });
    const utrechtTooOld = await givenMember({
      ...man,
      regionId: utrecht,
      dateOfBirth: "1950-01-01",
      lastActivity: NOW - 300,
    });
    const utrechtNoPhoto = await givenMember({ ...man, regionId: utrecht, photos: [], lastActivity: NOW - 50 });
    const { members } = await searchPage(appContext(), searcher, query(), { filtered: false });
    expect(ids(members)).toEqual([utrechtOld, utrechtTooOld, groningenMan, germanNewest, utrechtNoPhoto]);
  });

  it("pages through the people-first order without a gap or a member twice", async () => {
    const { searcher, utrecht, groningen } = await givenSearcher();
    const expected: number[][] = [[], [], [], []];
    for (let i = 0; i < 2 * PAGE_SIZE + 5; i++) {
      const photo = i % 2 === 0;
      const region = i % 3 === 0 ? utrecht : groningen;
      const id = await givenMember({
        gender: "male",
        regionId: region,
        photos: photo ? [{}] : [],
        lastActivity: NOW - i,
      });
      expected[(photo ? 0 : 2) + (region === utrecht ? 0 : 1)]!.push(id);
    }
    const pages = [];
    for (const page of ["1", "2", "3"]) {
      pages.push(...(await searchPage(appContext(), searcher, query({ page }), { filtered: false })).members);
    }
    expect(ids(pages)).toEqual(expected.flat());
  });

  it("offers 'with photo' on every domain: only members whose photo shows", async () => {
    const face = await givenMember(withPhoto);
    await givenMember();
    await givenMember({ photos: [{ status: "rejected" }] });
    const noExtraFilters = appContext({ search_fields: [] });
    const { members, numResults } = await searchMembers(noExtraFilters, query({ with_photo: "1" }));
    expect(ids(members)).toEqual([face]);
    expect(numResults).toBe(1);
    // The filter is a checkbox on every domain, ticked when the search asked for it.
    const checkbox = async (path: string) =>
      /<input[^>]*name="with_photo"[^>]*>/.exec(await (await SELF.fetch(`${SITE}${path}`)).text())?.[0] ?? "";
    expect(await checkbox("/members?with_photo=1")).toContain("checked");
    expect(await checkbox("/members")).toMatch(/type="checkbox"/);
    expect(await checkbox("/members")).not.toContain("checked");
  });
});

describe("suggestions and the swipe game, people first", () => {
  it("puts faces first in the home page's teaser", async () => {
    const without = await givenMember({ lastActivity: NOW - 1_000 });
    const face = await givenMember({ lastActivity: NOW - 5_000, ...withPhoto });
    expect(ids(await homeTeaser({ ...appContext(), country: "NL" }))).toEqual([face, without]);
  });

  it("puts faces first, then the new member's region, in the matches after signup", async () => {
    const { searcher, utrecht, groningen } = await givenSearcher();
    const man = { gender: "male" as const, dateOfBirth: "1988-01-01" };
    const without = await givenMember({ ...man, regionId: utrecht, lastActivity: NOW - 100 });
    const far = await givenMember({ ...man, regionId: groningen, lastActivity: NOW - 200, ...withPhoto });
    const near = await givenMember({ ...man, regionId: utrecht, lastActivity: NOW - 300, ...withPhoto });
    expect(ids(await signupMatches(appContext(), searcher))).toEqual([near, far, without]);
  });

  it("deals the swipe game's cards faces first, then nearby, then of a fitting age", async () => {
    const { searcher, utrecht, groningen } = await givenSearcher();
    const man = { gender: "male" as const, dateOfBirth: "1988-01-01", ...withPhoto };
    const without = await givenMember({ ...man, regionId: utrecht, photos: [], lastActivity: NOW - 10 });
    const german = await givenMember({ ...man, country: "DE", lastActivity: NOW - 20 });
    const groningenMan = await givenMember({ ...man, regionId: groningen, lastActivity: NOW - 30 });
    const utrechtTooYoung = await givenMember({
      ...man,
      regionId: utrecht,
      dateOfBirth: "2006-01-01",
      lastActivity: NOW - 40,
    });
    const utrechtMan = await givenMember({ ...man, regionId: utrecht, lastActivity: NOW - 50 });
    const cards = await rankedCandidates(appContext(), searcher, 10);
    expect(ids(cards)).toEqual([utrechtMan, utrechtTooYoung, groningenMan, german, without]);
  });
});
