// The adult-cam partner block: a domain setting, off unless an operator
// switches it on with the partner's link; then the profile and
// activation-done pages show it, marked as an advertisement, with a
// sponsored link to that domain's partner.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { siteSettingsSchema } from "#app/server/settings/schema.ts";
import { givenAccount, givenDomainSettings, givenMember, sessionCookieFor } from "./fixtures.ts";

const PARTNER = { enabled: true, name: "LiveCams", url: "https://cams.example/?ref=localhost" };

async function page(path: string, cookie: string | null = null) {
  const response = await SELF.fetch(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  expect(response.status).toBe(200);
  const html = (await response.text()).replaceAll("<!-- -->", "");
  return /<aside[^>]*data-testid="cam-partner"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? null;
}

const newMember = async () => sessionCookieFor(await givenAccount({ lastActivity: Date.now() }));

describe("the adult-cam partner block", () => {
  it("is off by default", async () => {
    expect(builtInSettings.cam_partner.enabled).toBe(false);
    const eva = await givenMember({ name: "Eva" });
    expect(await page(`/members/${eva}`)).toBeNull();
    expect(await page("/activate/done", await newMember())).toBeNull();
  });

  it("shows the domain's partner on the profile and activation-done pages, as an advertisement", async () => {
    await givenDomainSettings("localhost", { ...builtInSettings, cam_partner: PARTNER });
    const eva = await givenMember({ name: "Eva" });
    for (const block of [await page(`/members/${eva}`), await page("/activate/done", await newMember())]) {
      expect(block).not.toBeNull();
      expect(block).toContain('href="https://cams.example/?ref=localhost"');
      expect(block).toMatch(/rel="sponsored noopener"/);
      expect(block).toContain("LiveCams");
      // The default locale is Dutch.
      expect(block).toContain("Advertentie");
    }
  });

  it("cannot be switched on without an https link to the partner", () => {
    const base = { ...builtInSettings };
    expect(siteSettingsSchema.safeParse({ ...base, cam_partner: { enabled: true } }).success).toBe(false);
    expect(
      siteSettingsSchema.safeParse({ ...base, cam_partner: { enabled: true, url: "http://cams.example" } }).success,
    ).toBe(false);
    expect(siteSettingsSchema.safeParse({ ...base, cam_partner: PARTNER }).success).toBe(true);
  });
});
