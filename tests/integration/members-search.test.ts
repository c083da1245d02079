import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getMemberProfile } from "#app/server/members/profile.ts";
import { PAGE_SIZE, searchIdsQuery, searchMembers, searchPage, searchQuerySchema } from "#app/server/members/search.ts";
import {
  appContext,
  givenAccount,
  givenInterest,
  givenMember,
  givenRegion,
  NOW,
  SITE,
  sessionCookieFor,
} from "./fixtures.ts";

const query = (input: Record<string, unknown> = {}) => searchQuerySchema.parse(input);
/** Where a searcher lives and when they were born: people-first order puts those nearby first. */
const inNoRegion = { country: "NL", regionId: null, dateOfBirth: "1990-05-05" };

describe("member search (the data path to /members)", () => {
  it("finds searchable members, newest activity first, and never the others", async () => {
    const older = await givenMember({ lastActivity: NOW - 5_000 });
    const newer = await givenMember({ lastActivity: NOW - 1_000 });
    await givenMember({ searchable: false });
    const { members } = await searchMembers(appContext(), query());
    expect(members.map((m) => m.id)).toEqual([newer, older]);
  });

  it("filters by gender, country, region and age", async () => {
    const region = await givenRegion("NL", "NL-UT", "Utrecht");
    const match = await givenMember({ gender: "male", country: "NL", regionId: region.id, dateOfBirth: "1996-01-01" });
    await givenMember({ gender: "female", country: "NL", regionId: region.id, dateOfBirth: "1996-01-01" });
    await givenMember({ gender: "male", country: "DE", dateOfBirth: "1996-01-01" });
    await givenMember({ gender: "male", country: "NL", dateOfBirth: "1960-01-01" });
    const { members, numResults } = await searchMembers(
      appContext(),
      query({ gender: "male", country: "nl", countryregion: String(region.id), min_age: "25", max_age: "35" }),
    );
    expect(members.map((m) => m.id)).toEqual([match]);
    expect(numResults).toBe(1);
    expect(members[0]).toMatchObject({ age: 30, region: "Utrecht", country: "NL" });
  });

  it("shows a member who set no filter the gender they seek, without themselves; a visitor everyone", async () => {
    const man = await givenMember({ gender: "male" });
    const woman = await givenMember({ gender: "female" });
    const searcher = { id: woman, profile: { seeking: "male" as const, ...inNoRegion } };
    const page = (who: typeof searcher | null, filtered: boolean, input = {}) =>
      searchPage(appContext(), who, query(input), { filtered });
    expect(await page(searcher, false)).toMatchObject({ query: { gender: "male" }, members: [{ id: man }] });
    const filtered = await page(searcher, true);
    expect(filtered.query.gender).toBeUndefined();
    expect(filtered.members.map((m) => m.id)).toEqual([man]);
    expect((await page(searcher, true, { gender: "female" })).members).toEqual([]);
    expect((await page(null, false)).members.map((m) => m.id).sort()).toEqual([man, woman].sort());
  });

  it("pages through results", async () => {
    for (let i = 0; i < PAGE_SIZE + 3; i++) await givenMember();
    const first = await searchMembers(appContext(), query());
    const second = await searchMembers(appContext(), query({ page: "2" }));
    expect(first.members).toHaveLength(PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(second.members).toHaveLength(3);
    expect(second.hasMore).toBe(false);
    expect(new Set([...first.members, ...second.members].map((m) => m.id)).size).toBe(PAGE_SIZE + 3);
  });

  it("ends the list where the count stops (five pages of 24); a deeper page shows the last one", async () => {
    // More members than five pages hold.
    for (let i = 0; i < 5 * PAGE_SIZE + 3; i++) await givenMember();
    const fifth = await searchMembers(appContext(), query({ page: "5" }));
    expect(fifth.members).toHaveLength(PAGE_SIZE);
    expect(fifth.hasMore).toBe(false);
    const searcher = {
      id: await givenMember({ gender: "male" }),
      profile: { seeking: "female" as const, ...inNoRegion },
    };
    for (const who of [null, searcher]) {
      const deep = await searchPage(appContext(), who, query({ page: "10000" }), { filtered: false });
      expect(deep).toMatchObject({ page: 5, hasMore: false, query: { page: 5 } });
      expect(deep.members.map((m) => m.id)).toEqual(fifth.members.map((m) => m.id));
    }
  });

  it("never asks D1 to skip more rows than five pages hold, however deep the page asked for", () => {
    for (const page of ["10000", "6", "99999999"]) {
      const { sql, params } = searchIdsQuery(appContext(), query({ page }), NOW).toSQL();
      expect(sql).toMatch(/limit \? offset \?$/);
      expect(params.at(-1), `page ${page}`).toBe(4 * PAGE_SIZE);
    }
  });

  it("answers /members?page=<far beyond the end> with the last page, for visitors and members", async () => {
    await givenMember({ name: "Zoë" });
    const member = await givenAccount({ gender: "male" });
    for (const cookie of [undefined, await sessionCookieFor(member)]) {
      for (const page of ["10000", "99999999"]) {
        const response = await SELF.fetch(`${SITE}/members?page=${page}`, {
          headers: cookie ? { Cookie: cookie } : {},
        });
        expect(response.status, `page ${page}, ${cookie ? "member" : "visitor"}`).toBe(200);
        await response.body?.cancel();
      }
    }
  });

  it("rejects malformed filters", () => {
    expect(searchQuerySchema.safeParse({ gender: "robot" }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ page: "0" }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ min_age: "40", max_age: "30" }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ min_age: "12" }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ country: "NLD" }).success).toBe(false);
  });

  // A domain of two countries adds its audience (members/audience.ts): the index still answers it. A member
  // searching adds arms for their region and country (members/people-first.ts): each is an index search too.
  const twoCountries = { countries: ["NL", "BE"] };
  const inUtrecht = { id: 999_999, profile: { country: "NL", regionId: 3, dateOfBirth: "1990-05-05" } };
  it.each<[string, Record<string, string>, Record<string, unknown>?, typeof inUtrecht?]>([
    ["gender and country", { gender: "female", country: "NL", min_age: "20", max_age: "40" }],
    ["gender only", { gender: "male" }],
    ["no filters", {}],
    ["country and region", { country: "BE", countryregion: "3" }],
    ["region and gender", { countryregion: "3", gender: "female" }],
    ["nothing, on a domain of two countries", {}, twoCountries],
    ["gender, on a domain of two countries", { gender: "female" }, twoCountries],
    ["country, on a domain of two countries", { country: "NL", gender: "male" }, twoCountries],
    ["region, on a domain of two countries", { countryregion: "3" }, twoCountries],
    ["gender, for a member in a region", { gender: "male" }, {}, inUtrecht],
    ["their own country, for a member in a region", { gender: "male", country: "NL" }, {}, inUtrecht],
    ["with photo, for a member in a region", { with_photo: "1" }, twoCountries, inUtrecht],
  ])("reads only the covering index when filtering by %s", async (_, filters, settings = {}, viewer = undefined) => {
    const statement = searchIdsQuery({ ...appContext(settings), viewer }, query(filters), NOW).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
      .bind(...statement.params)
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail);
    const searches = details.filter((d) => d.includes(" profiles "));
    expect(searches.length).toBeGreaterThan(0);
    for (const search of searches) expect(search).toMatch(/^SEARCH profiles USING COVERING INDEX profiles_search/);
    // Each arm reads in index order; only the pool (at most five pages) is sorted.
    expect(details.filter((d) => d.includes("TEMP B-TREE"))).toEqual(["USE TEMP B-TREE FOR ORDER BY"]);
    expect(details.at(-1)).toBe("USE TEMP B-TREE FOR ORDER BY");
  });
});

describe("member profile", () => {
  it("shows the profile with interests and related members, locking private photos", async () => {
    const wine = await givenInterest("wine", "Wine");
    const id = await givenMember({
      name: "Eva",
      interestIds: [wine.id],
      photos: [{}, { isPrivate: true }, { status: "pending" }],
    });
    const related = await givenMember();
    const profile = await getMemberProfile(appContext(), id);
    expect(profile).toMatchObject({ id, name: "Eva", interests: [{ slug: "wine", icon: "Wine" }] });
    expect(profile?.mainImage).toBe(`/media/photos/u/${id}/0.svg`);
    expect(profile?.photos).toEqual([
      expect.objectContaining({ locked: false, url: `/media/photos/u/${id}/0.svg` }),
      { id: expect.any(Number), locked: true, unlock: "login" },
    ]);
    expect(profile?.related.map((m) => m.id)).toEqual([related]);
  });

  it("is not found for members who may not be seen", async () => {
    const hidden = await givenMember({ searchable: false });
    expect(await getMemberProfile(appContext(), hidden)).toBeNull();
    expect(await getMemberProfile(appContext(), 999_999)).toBeNull();
  });
});
