// The domain's own disclosure of fictional profiles: the icon on the badge
// (fictional_icon, an interest slug) and the plural wording in the page
// disclaimer (fictional_plural).
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { givenDomainSettings, givenMember } from "./fixtures.ts";

async function html(path: string) {
  const response = await SELF.fetch(`http://localhost${path}`);
  expect(response.status).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "");
}

describe("fictional profile settings", () => {
  it("shows the domain's fictional_icon on the badge", async () => {
    await givenDomainSettings("localhost", { ...builtInSettings, fictional_icon: "beer" });
    const eva = await givenMember({ name: "Eva", fictional: true });
    const badge = /<span[^>]*data-testid="fictional-badge"[\s\S]*?<\/span>/.exec(await html(`/members/${eva}`))?.[0];
    expect(badge).toContain('data-icon="Beer"');
    // The browser loads the interest icons later; the server's page has the icon in place all the same.
    expect(badge).toMatch(/<svg[^>]*lucide-beer/);
  });

  it("names fictional profiles with the domain's fictional_plural in the disclaimer", async () => {
    await givenDomainSettings("localhost", {
      ...builtInSettings,
      fictional_plural: { nl: "acteursprofielen", en: "actor profiles" },
    });
    const disclaimer = /<aside[^>]*data-testid="disclaimer"[\s\S]*?<\/aside>/.exec(await html("/"))?.[0];
    expect(disclaimer).toContain("acteursprofielen");
  });
});
