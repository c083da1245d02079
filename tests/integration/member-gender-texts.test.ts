// A member's facts are said in their gender where the language has one: an
// Italian visitor of a woman's profile reads "Divorziata", of a man's
// "Divorziato", and the member choosing their own status reads their own
// form; the search filters keep the neutral label.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles } from "#app/server/db/schema.ts";
import itEnums from "../../locales/it/enums.json";
import { db, givenAccount, sessionCookieFor } from "./fixtures.ts";

async function page(path: string, memberId: number) {
  const response = await SELF.fetch(`http://localhost${path}`, {
    headers: { Cookie: `${await sessionCookieFor(memberId)}; lng=it` },
  });
  expect(response.status, path).toBe(200);
  return response.text();
}

async function divorced(gender: "male" | "female") {
  const id = await givenAccount({ gender });
  await db.update(profiles).set({ relationshipStatus: "divorced" }).where(eq(profiles.userId, id));
  return id;
}

describe("a relationship status in Italian", () => {
  it("is said in the gender of the member it describes", async () => {
    const viewer = await givenAccount({ gender: "male" });
    const woman = await divorced("female");
    const man = await divorced("male");
    const hers = await page(`/members/${woman}`, viewer);
    // Shown as an element's text (the page also carries every string for the browser).
    expect(hers).toContain(`>${itEnums.relationshipStatus.divorced_female}<`);
    expect(hers).not.toContain(`>${itEnums.relationshipStatus.divorced}<`);
    expect(await page(`/members/${man}`, viewer)).toContain(`>${itEnums.relationshipStatus.divorced_male}<`);
  });

  it("is offered to a member choosing their own in their own form", async () => {
    const woman = await divorced("female");
    const editor = await page("/profile", woman);
    expect(editor).toContain(`>${itEnums.relationshipStatus.widowed_female}<`);
    expect(editor).not.toContain(`>${itEnums.relationshipStatus.widowed_male}<`);
  });
});
