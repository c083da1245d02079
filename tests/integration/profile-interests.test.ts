// Saving the own profile accepts only interests this domain offers: an
// unknown slug or one the domain left out of its list is refused, and
// nothing of the profile is written.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ownProfileSchema } from "#app/schemas/profile.ts";
import { findSessionMember, startSession } from "#app/server/accounts/session.ts";
import { profiles } from "#app/server/db/schema.ts";
import { ownProfile, updateOwnProfile } from "#app/server/members/own-profile.ts";
import { appContext, db, failure, givenAccount, givenInterest, NOW } from "./fixtures.ts";

async function member(id: number) {
  const { token, statement } = await startSession(db, { userId: id, now: NOW });
  await statement;
  return (await findSessionMember(db, token, NOW))!;
}

const form = (interests: string[]) =>
  ownProfileSchema.parse({
    name: "Renamed",
    gender: "female",
    seeking: "male",
    sexuality: "hetero",
    country: "NL",
    interests,
  });

describe("interests on the own profile", () => {
  it("refuses interests the domain does not offer or that do not exist, and writes nothing", async () => {
    const music = await givenInterest("music");
    await givenInterest("hiking");
    const ann = await givenAccount({ name: "Ann", interestIds: [music.id] });
    const app = appContext({ interests: ["music", "coffee"] });

    for (const chosen of [["music", "hiking"], ["no-such-interest"]]) {
      expect(await failure(updateOwnProfile(app, await member(ann), form(chosen)))).toEqual({
        code: "interest_not_offered",
      });
    }
    expect((await db.select().from(profiles).where(eq(profiles.userId, ann)))[0]?.name).toBe("Ann");
    expect((await ownProfile(app, ann)).interests).toEqual(["music"]);
  });

  it("saves offered interests", async () => {
    await givenInterest("music");
    const hiking = await givenInterest("hiking");
    const ann = await givenAccount({ interestIds: [hiking.id] });
    await updateOwnProfile(appContext({ interests: ["music"] }), await member(ann), form(["music"]));
    expect((await ownProfile(appContext(), ann)).interests).toEqual(["music"]);
  });
});
