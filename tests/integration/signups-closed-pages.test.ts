// On a domain that takes no signups (or only with a traffic source, and the
// visitor has none), no page offers a way into signup: not the pricing page,
// not a lander, not a member's landing pages. The same pages do where signup is open.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { landerPath, landers } from "#app/routing/lander-address.ts";
import { givenCompany, givenDomainSettings, givenMember } from "./fixtures.ts";
import { givenPackage } from "./payment-fixtures.ts";

const DOMAIN = "gesloten.example";

async function givenDomain(signups: string) {
  await givenCompany();
  await givenDomainSettings(DOMAIN, { name: "Gesloten", domain: DOMAIN, countries: ["NL"], company_id: 1, signups });
  await givenPackage("NL");
  return givenMember({ name: "Eva", country: "NL", photos: [{}, {}] });
}

const html = async (path: string) => {
  const response = await SELF.fetch(`http://${DOMAIN}${path}`, {
    headers: { cookie: "lng=en", "cf-ipcountry": "NL" },
    redirect: "manual",
  });
  return { status: response.status, body: await response.text() };
};

/** Links that lead into signup (not the closed notice, not login). */
const signupLinks = (body: string) => body.match(/href="\/signup[^"]*"/g) ?? [];

const pages = (id: number) => [
  "/pricing",
  ...landers.map((lander) => landerPath(lander)),
  `/members/${id}/landing`,
  `/members/${id}/landing2`,
  `/members/${id}/landing3`,
];

describe("pages with a signup call to action", () => {
  it.each(["none", "with_trafficsource"])(
    "show none on a domain whose signups are %s",
    { timeout: 120_000 },
    async (signups) => {
      const id = await givenDomain(signups);
      const offering: string[] = [];
      for (const path of pages(id)) {
        const { status, body } = await html(path);
        expect(status, path).toBeLessThan(400);
        if (signupLinks(body).length > 0) offering.push(path);
      }
      expect(offering).toEqual([]);
      // The pricing page's packages lead to login instead.
      expect((await html("/pricing")).body).toContain('href="/login?redirectTo=/premium"');
    },
  );

  it("still offer signup where it is open", { timeout: 120_000 }, async () => {
    await givenDomain("all");
    for (const path of ["/pricing", landerPath("video")]) {
      expect(signupLinks((await html(path)).body).length, path).toBeGreaterThan(1);
    }
  });
});
