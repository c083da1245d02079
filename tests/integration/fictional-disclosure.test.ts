// Before a visitor signs up and before a member pays, the page says plainly
// that the site has fictional profiles run by staff, in the domain's own words
// (fictional_warning) in the reader's language, above the form or the packages.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { forgetSettings } from "#app/server/settings/resolve.ts";
import { givenAccount, givenDomainSettings, sessionCookieFor } from "./fixtures.ts";
import { givenPackage } from "./payment-fixtures.ts";

const warning = (lang: "nl" | "fr") => (builtInSettings.fictional_warning as Record<string, string>)[lang]!;

async function page(path: string, cookie: string) {
  const response = await SELF.fetch(`http://localhost${path}`, { headers: { Cookie: cookie } });
  expect(response.status, path).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "");
}

/** The disclosure's text, and whether it comes before `marker` (the form's first field, a package). */
function disclosure(html: string, marker: string) {
  const match = /<p[^>]*data-testid="fictional-disclosure"[^>]*>([\s\S]*?)<\/p>/.exec(html);
  const text = match?.[1]?.replace(/<[^>]+>/g, "") ?? "";
  const before = match !== null && html.indexOf(marker, match.index) > match.index;
  return { text, before };
}

describe("the disclosure of fictional profiles", () => {
  for (const lang of ["nl", "fr"] as const) {
    it(`stands above the signup form, in ${lang}`, async () => {
      const html = await page("/signup", `site_entry_skipped=1; lng=${lang}`);
      expect(disclosure(html, 'name="email"')).toEqual({ text: warning(lang), before: true });
    });

    it(`stands above the packages on /credits and /premium, in ${lang}`, async () => {
      await givenPackage("NL", 1995, 60);
      const cookie = `${await sessionCookieFor(await givenAccount())}; lng=${lang}`;
      for (const path of ["/credits", "/premium"]) {
        const html = await page(path, cookie);
        expect(disclosure(html, 'data-testid="package'), path).toEqual({ text: warning(lang), before: true });
      }
    });
  }

  it("is the domain's own warning, or the product's sentence where it wrote none", async () => {
    await givenDomainSettings("localhost", {
      ...builtInSettings,
      fictional_warning: { nl: "Acteurs chatten hier mee." },
    });
    expect(disclosure(await page("/signup", "site_entry_skipped=1; lng=nl"), 'name="email"').text).toBe(
      "Acteurs chatten hier mee.",
    );
    await givenDomainSettings("localhost", { ...builtInSettings, fictional_warning: "" });
    forgetSettings("localhost");
    expect(disclosure(await page("/signup", "site_entry_skipped=1; lng=nl"), 'name="email"').text).toContain(
      "fictieve profielen",
    );
  });
});
