// The operator console's domain editor explains, in the operator's language,
// the settings whose effect is not obvious from their name.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { givenOperator } from "./operator-fixtures.ts";

describe("the domain editor's help", () => {
  it("explains each setting in a short localised line", async () => {
    const admin = await givenOperator("admin");
    const response = await SELF.fetch("http://localhost/admin/domains/localhost", {
      headers: { Cookie: admin.cookie },
    });
    expect(response.status).toBe(200);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    const help = /<ul[^>]*data-testid="settings-help"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "";
    for (const key of [
      "fictional_icon",
      "fictional_plural",
      "interests",
      "region_data",
      "push_public_key",
      "design_version",
    ])
      expect(help).toContain(`${key}:`);
    // Dutch by default: the help is translated, not the key names alone.
    expect(help).toContain("fictieve profielen");
  });
});
