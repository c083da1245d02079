// Which reference data a domain offers: its own interest list (interests;
// empty offers them all) and regions only where region_data is on.
import { SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { forgetReferenceData } from "#app/server/reference/reference-data.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { forgetSettings } from "#app/server/settings/resolve.ts";
import { givenAccount, givenDomainSettings, givenInterest, givenRegion, sessionCookieFor } from "./fixtures.ts";

beforeEach(async () => {
  for (const slug of ["beer", "coffee", "wine"]) await givenInterest(slug);
  await givenRegion("NL", "NH", "Noord-Holland");
  forgetReferenceData();
});

async function json<T>(path: string): Promise<T> {
  const response = await SELF.fetch(`http://localhost${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}
const interestSlugs = async () =>
  (await json<{ interests: { slug: string }[] }>("/api/interests.php")).interests.map((i) => i.slug);
const regionCount = async () => (await json<{ regions: unknown[] }>("/api/regions.php?country=NL")).regions.length;

describe("domain reference data", () => {
  it("offers only the domain's interests, in the site's order", async () => {
    await givenDomainSettings("localhost", { ...builtInSettings, interests: ["wine", "beer"] });
    expect(await interestSlugs()).toEqual(["beer", "wine"]);
  });

  it("offers every interest when the list is empty", async () => {
    await givenDomainSettings("localhost", { ...builtInSettings, interests: [] });
    expect(await interestSlugs()).toEqual(["beer", "coffee", "wine"]);
  });

  it("serves regions when region_data is on", async () => {
    await givenDomainSettings("localhost", { ...builtInSettings, region_data: true });
    expect(await regionCount()).toBe(1);
  });

  it("serves no regions when region_data is off", async () => {
    await givenDomainSettings("localhost", { ...builtInSettings, region_data: false });
    expect(await regionCount()).toBe(0);
  });

  it("lists regions on the members' location forms and in search only when region_data is on", async () => {
    const cookie = await sessionCookieFor(await givenAccount({ name: "Sanne" }));
    const pages = ["/complete-signup", "/notifications", "/profile", "/members?country=NL"];
    const listsRegion = async (path: string) => {
      const page = await SELF.fetch(`http://localhost${path}`, { headers: { Cookie: cookie } });
      expect(page.status, path).toBe(200);
      return (await page.text()).includes("Noord-Holland");
    };
    await givenDomainSettings("localhost", { ...builtInSettings, region_data: true });
    for (const path of pages) expect(await listsRegion(path), path).toBe(true);
    await givenDomainSettings("localhost", { ...builtInSettings, region_data: false });
    forgetSettings();
    for (const path of pages) expect(await listsRegion(path), path).toBe(false);
  });
});
