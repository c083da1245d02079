// Members suggested without a search of one's own (app/server/members/suggestions.ts):
// the home page's teaser and the matches at the end of signup.
import { describe, expect, it } from "vitest";
import { homeTeaser, signupMatches } from "#app/server/members/suggestions.ts";
import { appContext, givenAccount, givenMember } from "./fixtures.ts";
import { member } from "./payment-fixtures.ts";

const ids = (found: { id: number }[]) => found.map((m) => m.id);

describe("the home page's teaser", () => {
  it("shows members of the visitor's country where the domain serves it, else of the domain's countries", async () => {
    const dutch = await givenMember({ country: "NL" });
    const german = await givenMember({ country: "DE" });
    expect(ids(await homeTeaser({ ...appContext(), country: "DE" }))).toEqual([german]);
    expect(ids(await homeTeaser({ ...appContext({ countries: ["NL"] }), country: "DE" }))).toEqual([dutch]);
  });

  it("shows at most eight members", async () => {
    for (let i = 0; i < 10; i++) await givenMember({ country: "NL" });
    expect(await homeTeaser({ ...appContext(), country: "NL" })).toHaveLength(8);
  });
});

describe("the matches after signup", () => {
  it("are members of the sought gender, in the new member's country, within eight years of their age", async () => {
    // The new member is a woman of 36 seeking men (the fixtures' default).
    const newMember = await member(await givenAccount({ dateOfBirth: "1990-05-05" }));
    const near = await givenMember({ gender: "male", dateOfBirth: "1985-01-01" });
    await givenMember({ gender: "male", dateOfBirth: "1980-01-01" });
    await givenMember({ gender: "male", dateOfBirth: "1999-01-01" });
    await givenMember({ gender: "female", dateOfBirth: "1990-01-01" });
    await givenMember({ gender: "male", dateOfBirth: "1990-01-01", country: "DE" });
    expect(ids(await signupMatches(appContext(), newMember))).toEqual([near]);
  });
});
