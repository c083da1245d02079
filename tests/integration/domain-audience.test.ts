// A domain shows the members of its audience: their country is one the domain
// serves and, on a niche domain, they belong to its niche. Everyone else is not
// found there (search, home page, landers, games, related members, profiles),
// for visitors and members alike; a member's own profile is always theirs.
import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { likes, profiles, users } from "#app/server/db/schema.ts";
import { landerMembers } from "#app/server/landers/landers.ts";
import { nicheOfSlug } from "#app/server/landers/niches.ts";
import { rankedCandidates } from "#app/server/likes/swipe.ts";
import { getMemberProfile } from "#app/server/members/profile.ts";
import { searchMembers, searchQuerySchema } from "#app/server/members/search.ts";
import { forgetSettings, parseSettings } from "#app/server/settings/resolve.ts";
import type { SiteSettings } from "#app/server/settings/schema.ts";
import { exampleDomains } from "../../scripts/seed/data/domains.ts";
import { seedExampleDomains } from "../../scripts/seed/domains.ts";
import { appContext, db, givenAccount, givenMember, NOW, sessionCookieFor } from "./fixtures.ts";
import { member as sessionMember } from "./payment-fixtures.ts";

const VLINDER = "vlinder.example";
const HERZKLOPFEN = "herzklopfen.example";

function exampleSettings(domain: string): SiteSettings {
  const parsed = parseSettings(exampleDomains.find((d) => d.domain === domain)!);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.settings;
}

const photo = [{}];
/** Members in NL, BE, DE and PL of several ages, each with a public photo (landers show only those). */
async function givenPeople() {
  return {
    femke: await givenMember({ name: "Femke", country: "NL", dateOfBirth: "1994-03-03", photos: photo }),
    lotte: await givenMember({ name: "Lotte", country: "BE", dateOfBirth: "1992-03-03", photos: photo }),
    kasia: await givenMember({ name: "Kasia", country: "PL", dateOfBirth: "1970-03-03", photos: photo }),
    jana: await givenMember({ name: "Jana", country: "DE", dateOfBirth: "1996-03-03", photos: photo }),
    greta: await givenMember({ name: "Greta", country: "DE", dateOfBirth: "1971-03-03", photos: photo }),
  };
}

async function page(host: string, path: string, cookie?: string) {
  const response = await SELF.fetch(`http://${host}${path}`, {
    headers: { host, ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
  });
  return { status: response.status, html: await response.text() };
}

/** A member who signed up on `domain` (so its sessions count there). */
async function memberOf(domain: string, input: Parameters<typeof givenAccount>[0]) {
  const id = await givenAccount(input);
  await db.update(users).set({ domain }).where(eq(users.id, id));
  return id;
}

const ids = (found: { id: number }[]) => found.map((m) => m.id).sort();
const query = (input: Record<string, unknown> = {}) => searchQuerySchema.parse(input);

describe("a domain shows the members of its audience", () => {
  beforeEach(async () => {
    await seedExampleDomains(db, env.SETTINGS);
    forgetSettings();
  });

  it("answers a profile outside the audience as not found, for visitors and members alike", async () => {
    const people = await givenPeople();
    const visitorSees = async (host: string, id: number) => (await page(host, `/members/${id}`)).status;
    expect(await visitorSees(VLINDER, people.kasia)).toBe(404);
    expect(await visitorSees(VLINDER, people.jana)).toBe(404);
    expect(await visitorSees(VLINDER, people.femke)).toBe(200);
    expect(await visitorSees(VLINDER, people.lotte)).toBe(200);
    expect(await visitorSees(HERZKLOPFEN, people.kasia)).toBe(404);
    expect(await visitorSees(HERZKLOPFEN, people.jana)).toBe(404);
    expect(await visitorSees(HERZKLOPFEN, people.femke)).toBe(404);
    expect(await visitorSees(HERZKLOPFEN, people.greta)).toBe(200);

    const viewer = await memberOf(VLINDER, { name: "Bas", gender: "male", country: "NL" });
    const cookie = await sessionCookieFor(viewer);
    const missing = await page(VLINDER, `/members/${people.kasia}`, cookie);
    expect(missing.status).toBe(404);
    expect((await page(VLINDER, "/members/999999", cookie)).html).toContain(
      missing.html.match(/<h1[^>]*>([^<]*)<\/h1>/)![1],
    );
    expect((await page(VLINDER, `/likes/m/${people.kasia}`, cookie)).status).toBe(404);
    expect((await page(VLINDER, `/members/${people.kasia}/chat`, cookie)).status).toBe(404);
    expect((await page(VLINDER, `/members/${people.femke}`, cookie)).status).toBe(200);
    expect((await page(VLINDER, `/members/${people.femke}/chat`, cookie)).status).toBe(200);
  });

  it("keeps the per-member landers and signup pages inside the audience", async () => {
    const people = await givenPeople();
    for (const path of ["signup", "landing", "landing2", "landing3"]) {
      expect((await page(VLINDER, `/members/${people.kasia}/${path}`)).status, path).toBe(404);
      expect((await page(VLINDER, `/members/${people.femke}/${path}`)).status, path).toBe(200);
      expect((await page(HERZKLOPFEN, `/members/${people.jana}/${path}`)).status, path).toBe(404);
      expect((await page(HERZKLOPFEN, `/members/${people.greta}/${path}`)).status, path).toBe(200);
    }
  });

  it("keeps a member outside the audience reachable for a member already in touch with them", async () => {
    const people = await givenPeople();
    const viewer = await memberOf(VLINDER, { name: "Bas", gender: "male", country: "NL" });
    const cookie = await sessionCookieFor(viewer);
    expect((await page(VLINDER, `/members/${people.kasia}`, cookie)).status).toBe(404);
    // Kasia liked him: his likes list leads to her profile, and he may write to her.
    await db.insert(likes).values({ likerId: people.kasia, likedId: viewer, source: "profile", createdAt: NOW });
    expect((await page(VLINDER, `/likes/m/${people.kasia}`, cookie)).status).toBe(200);
    expect((await page(VLINDER, `/members/${people.kasia}/chat`, cookie)).status).toBe(200);
    // Still nobody else's, and never a visitor's.
    expect((await page(VLINDER, `/members/${people.kasia}`)).status).toBe(404);
    const other = await memberOf(VLINDER, { name: "Joost", gender: "male", country: "NL" });
    expect((await page(VLINDER, `/members/${people.kasia}`, await sessionCookieFor(other))).status).toBe(404);
  });

  it("always shows a member their own profile, on a domain that would not show them", async () => {
    const own = await memberOf(VLINDER, { name: "Piotr", gender: "male", country: "PL", dateOfBirth: "1990-01-01" });
    const cookie = await sessionCookieFor(own);
    expect((await page(VLINDER, `/members/${own}`, cookie)).status).toBe(200);
    expect((await page(VLINDER, `/members/${own}`)).status).toBe(404);
  });

  it("lists only its audience in search, on the home page and in landers", async () => {
    const people = await givenPeople();
    const names = (html: string) => ["Femke", "Lotte", "Kasia", "Jana", "Greta"].filter((n) => html.includes(n));
    expect(names((await page(VLINDER, "/members")).html)).toEqual(["Femke", "Lotte"]);
    expect(names((await page(HERZKLOPFEN, "/members")).html)).toEqual(["Greta"]);
    expect(names((await page(VLINDER, "/")).html)).toEqual(expect.arrayContaining(["Femke"]));
    expect(names((await page(VLINDER, "/")).html)).not.toContain("Kasia");
    expect(names((await page(HERZKLOPFEN, "/")).html)).toEqual(["Greta"]);
    expect(names((await page(VLINDER, "/landers/gallery")).html)).toEqual(["Femke", "Lotte"]);
    expect(names((await page(HERZKLOPFEN, "/landers/gallery")).html)).toEqual(["Greta"]);
    // A search for a country the domain does not serve finds no one.
    const vlinder = appContext(exampleSettings(VLINDER));
    expect((await searchMembers(vlinder, query({ country: "PL" }))).members).toEqual([]);
    expect(ids((await searchMembers(vlinder, query({ country: "NL" }))).members)).toEqual([people.femke]);
  });

  it("intersects a niche domain's ages with the search's, and keeps members its operators tagged", async () => {
    const herzklopfen = appContext(exampleSettings(HERZKLOPFEN));
    const people = await givenPeople();
    const search = async (input: Record<string, unknown>) =>
      ids((await searchMembers(herzklopfen, query(input))).members);
    expect(await search({})).toEqual([people.greta]);
    expect(await search({ min_age: "20", max_age: "40" })).toEqual([]);
    expect(await search({ min_age: "50", max_age: "60" })).toEqual([people.greta]);
    expect(await search({ min_age: "18", max_age: "52" })).toEqual([]);
    await db.update(profiles).set({ niche: 7 }).where(eq(profiles.userId, people.jana));
    expect(await search({})).toEqual([people.greta, people.jana].sort());
    expect(await search({ min_age: "20", max_age: "40" })).toEqual([people.jana]);
  });

  it("fills a narrower lander up from the domain's audience, never from beyond it", async () => {
    const people = await givenPeople();
    const vlinder = { ...appContext(exampleSettings(VLINDER)), country: "NL" };
    // A milf lander on vlinder: no member of that niche, so the rest of vlinder's audience fills it.
    const milf = await landerMembers(vlinder, nicheOfSlug("milf", 0), 10);
    expect(ids(milf)).toEqual([people.femke, people.lotte].sort());
    const herzklopfen = { ...appContext(exampleSettings(HERZKLOPFEN)), country: "DE" };
    // A "she" lander on herzklopfen: women of 50 and over only (the fixtures' members are women).
    expect(ids(await landerMembers(herzklopfen, nicheOfSlug("she", 7), 10))).toEqual([people.greta]);
  });

  it("offers only its audience in the swipe game, the match finder and related members", async () => {
    const people = await givenPeople();
    const player = await sessionMember(
      await givenAccount({ gender: "male", country: "DE", dateOfBirth: "1970-01-01" }),
    );
    const seeking = { ...player, profile: { ...player.profile, seeking: "female" as const } };
    const herzklopfen = appContext(exampleSettings(HERZKLOPFEN));
    expect(ids(await rankedCandidates(herzklopfen, seeking, 20))).toEqual([people.greta]);
    const vlinder = appContext(exampleSettings(VLINDER));
    expect(ids(await rankedCandidates(vlinder, seeking, 20))).toEqual([people.femke, people.lotte].sort());
    const another = await givenMember({ name: "Anouk", country: "NL" });
    const related = (await getMemberProfile(vlinder, people.femke))?.related ?? [];
    expect(ids(related)).toEqual([another]);
  });

  it("locks a profile for visitors where the domain lets no visitor see members; the landers stay open", async () => {
    const people = await givenPeople();
    const settings = { ...exampleSettings(VLINDER), logged_out_search: false };
    await env.SETTINGS.put(`domain:${VLINDER}`, JSON.stringify(settings));
    forgetSettings();
    const locked = await page(VLINDER, `/members/${people.femke}`);
    expect(locked.status).toBe(403);
    // The same page as the locked list: the ways in, back to this profile after login, and nothing of her.
    expect(locked.html).toContain(`href="/login?redirectTo=/members/${people.femke}"`);
    expect(locked.html).toContain('href="/signup"');
    expect(locked.html).not.toContain("Femke");
    expect((await page(VLINDER, "/members")).status).toBe(403);
    expect((await page(VLINDER, `/members/${people.femke}/landing2`)).status).toBe(200);
    expect((await page(VLINDER, `/members/${people.femke}/signup`)).status).toBe(200);
    const viewer = await memberOf(VLINDER, { name: "Bas", gender: "male", country: "NL" });
    expect((await page(VLINDER, `/members/${people.femke}`, await sessionCookieFor(viewer))).status).toBe(200);
  });
});
