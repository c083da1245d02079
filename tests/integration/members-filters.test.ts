// /members opens on people: the filters wait behind one button (on a phone),
// and the button says how many filters the search has set. The page decides
// that count; the browser test checks what a phone shows.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { givenAccount, SITE, sessionCookieFor } from "./fixtures.ts";

async function filtersButton(path: string) {
  const member = await givenAccount({ name: "Ann" });
  const response = await SELF.fetch(`${SITE}${path}`, {
    headers: { Cookie: `${await sessionCookieFor(member)}; lng=en` },
  });
  expect(response.status).toBe(200);
  const html = await response.text();
  return html.match(/<button[^>]*data-testid="filters-toggle"[^>]*>([\s\S]*?)<\/button>/)?.[1]?.replace(/<[^>]+>/g, "");
}

describe("the filters button on /members", () => {
  it("counts the gender a member seeks, set for them on arrival", async () => {
    expect(await filtersButton("/members")).toBe("Filters (1)");
  });

  it("counts every filter in the search, and not the page", async () => {
    expect(await filtersButton("/members?country=NL&min_age=30&page=2")).toBe("Filters (2)");
  });

  it("says just Filters when none is set", async () => {
    expect(await filtersButton("/members?page=1")).toBe("Filters");
  });
});
