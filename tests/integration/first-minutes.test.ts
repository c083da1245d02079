// What a new member's first minutes promise, kept: their orientation stays
// private until they say it themselves, and offers and news reach them by
// mail only when they ticked the box for it (never ticked for them); adult
// interests stay in a group of their own.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signupSchema } from "#app/schemas/account.ts";
import { ownProfileSchema } from "#app/schemas/profile.ts";
import { notificationPreferences } from "#app/server/accounts/account-settings.ts";
import { findSessionMember } from "#app/server/accounts/session.ts";
import { signUp } from "#app/server/accounts/signup.ts";
import { audienceSize, broadcastOf } from "#app/server/broadcasts/broadcasts.ts";
import { type BroadcastForm, broadcastSchema } from "#app/server/broadcasts/schema.ts";
import { interests, notificationSettings, profiles, users } from "#app/server/db/schema.ts";
import { updateOwnProfile } from "#app/server/members/own-profile.ts";
import { getMemberProfile } from "#app/server/members/profile.ts";
import { accountsApp, appContext, db, givenMember, NOW, SITE } from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";

const form = (email: string, extra: Record<string, string> = {}) =>
  signupSchema({ minimumAge: 18, now: NOW }).parse({
    gender: "male",
    seeking: "male",
    email,
    name: "Bram",
    date_of_birth: "1994-06-01",
    password: "secret-password",
    ...extra,
  });

async function newMember(email: string, extra: Record<string, string> = {}) {
  const { sessionToken } = await signUp(accountsApp(), { form: form(email, extra), tracking: {} });
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { id: user!.id, cookie: `session=${sessionToken}` };
}

async function userJson(cookie: string) {
  const response = await SELF.fetch(`${SITE}/api/user.php`, {
    headers: { Cookie: cookie, "X-Requested-With": "XMLHttpRequest", Origin: SITE },
  });
  return ((await response.json()) as { user: { profile: Record<string, unknown>; notifications_disabled: string[] } })
    .user;
}

const profileForm = (sexuality: string) =>
  ownProfileSchema.parse({ name: "Bram", gender: "male", seeking: "male", sexuality, country: "NL" });

describe("orientation stays private until the member sets it", () => {
  it("a new member's profile has no orientation: signup does not guess one", async () => {
    const bram = await newMember("bram@example.com");
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, bram.id));
    expect(profile?.sexuality).toBeNull();
    const user = await userJson(bram.cookie);
    expect(user.profile).not.toHaveProperty("sexuality");
  });

  it("signup leaves every other sensitive optional field empty", async () => {
    const bram = await newMember("bram2@example.com");
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, bram.id));
    expect(profile).toMatchObject({
      sexuality: null,
      relationshipStatus: null,
      bodyType: null,
      hairColour: null,
      eyeColour: null,
      tattoos: null,
      heightCm: null,
    });
  });

  it("shows the orientation once set, and hides it again once cleared ('not said')", async () => {
    const bram = await newMember("bram3@example.com");
    const member = async () => (await findSessionMember(db, bram.cookie.slice("session=".length), NOW))!;
    await updateOwnProfile(appContext(), await member(), profileForm("gay"));
    expect((await userJson(bram.cookie)).profile.sexuality).toBe("gay");
    await updateOwnProfile(appContext(), await member(), profileForm(""));
    expect((await userJson(bram.cookie)).profile).not.toHaveProperty("sexuality");
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, bram.id));
    expect(profile?.sexuality).toBeNull();
  });
});

describe("offers and news by mail are the member's choice", () => {
  it("a member who never chose gets no promotions or news, by mail or push", async () => {
    const id = await givenMember();
    const preferences = await notificationPreferences({ db }, id);
    expect(preferences.promotions).toEqual({ email: false, push: false });
    expect(preferences.news).toEqual({ email: false, push: false });
    expect(preferences.new_message).toEqual({ email: true, push: true });
  });

  it("signup without the box ticked chooses nothing: the settings show the boxes unticked", async () => {
    const bram = await newMember("bram4@example.com");
    const preferences = await notificationPreferences({ db }, bram.id);
    expect(preferences.promotions.email).toBe(false);
    expect(preferences.news.email).toBe(false);
    expect((await userJson(bram.cookie)).notifications_disabled).toEqual(
      expect.arrayContaining(["promotions", "news"]),
    );
  });

  it("signup with the box ticked sends offers and news by mail", async () => {
    const bram = await newMember("bram5@example.com", { promotions: "on" });
    const preferences = await notificationPreferences({ db }, bram.id);
    expect(preferences.promotions.email).toBe(true);
    expect(preferences.news.email).toBe(true);
  });
});

describe("adult interests sit in a group of their own", () => {
  it("a profile lists its adult interests after the ordinary ones, marked as adult", async () => {
    const [cycling, bondage, coffee] = await db
      .insert(interests)
      .values([
        { slug: "biking", icon: "Bike", position: 1, adult: false },
        { slug: "bondage", icon: "Link", position: 2, adult: true },
        { slug: "coffee", icon: "Coffee", position: 3, adult: false },
      ])
      .returning();
    const ann = await givenMember({ interestIds: [cycling!.id, bondage!.id, coffee!.id] });
    const profile = await getMemberProfile(appContext(), ann, null);
    expect(profile?.interests.map((i) => [i.slug, i.adult])).toEqual([
      ["biking", false],
      ["coffee", false],
      ["bondage", true],
    ]);
  });
});

describe("a broadcast reaches only members who chose it", () => {
  it("counts a member who never chose out of a news broadcast, and one who ticked the box in", async () => {
    const never = await givenMember({ country: "MT" });
    const chose = await givenMember({ country: "MT" });
    await db.insert(notificationSettings).values({ userId: chose, type: "news", email: true, push: false });
    const news = broadcastOf(
      broadcastSchema.parse({
        intent: "send",
        kind: "news",
        domain: "localhost",
        key: "first-minutes-2026",
        country: "MT",
        subject_nl: "Nieuw",
        body_nl: "Iets nieuws.",
      }) as BroadcastForm,
    );
    const { app } = await givenOperator("admin");
    expect(await audienceSize(app, news)).toBe(1);
    expect(never).not.toBe(chose);
  });
});
