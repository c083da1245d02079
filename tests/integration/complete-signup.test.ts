// The step after signup: where the new member lives and something about
// themselves; a place the domain does not serve saves nothing.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles } from "#app/server/db/schema.ts";
import { completeSignup } from "#app/server/members/own-profile.ts";
import { appContext, db, givenAccount, givenRegion, outcome } from "./fixtures.ts";
import { member } from "./payment-fixtures.ts";

const profileOf = async (id: number) => (await db.select().from(profiles).where(eq(profiles.userId, id)))[0]!;

describe("completing the signup", () => {
  it("saves the place and the about text", async () => {
    const region = await givenRegion("DE", "DE-BE", "Berlin");
    const ann = await givenAccount();
    await completeSignup(appContext(), await member(ann), { country: "DE", regionId: region.id, about: "Hallo!" });
    expect(await profileOf(ann)).toMatchObject({ country: "DE", regionId: region.id, about: "Hallo!" });
  });

  it("saves nothing for a country the domain does not serve or a region of another country", async () => {
    const region = await givenRegion("DE", "DE-BE", "Berlin");
    const ann = await givenAccount();
    const before = await profileOf(ann);
    const app = appContext({ countries: ["NL", "DE"] });
    for (const place of [
      { country: "FR", regionId: null },
      { country: "NL", regionId: region.id },
    ]) {
      expect(await outcome(completeSignup(app, await member(ann), { ...place, about: "Bonjour" }))).toBe(
        "invalid_input",
      );
    }
    expect(await profileOf(ann)).toMatchObject({ country: before.country, about: before.about });
  });
});
