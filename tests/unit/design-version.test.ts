// design_version: the page design a domain uses. Version 1 is the only one, so
// it is kept (not dropped as an unknown key) and anything else is refused.
import { describe, expect, it } from "vitest";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { siteSettingsSchema } from "#app/server/settings/schema.ts";

describe("design_version", () => {
  it("accepts and keeps version 1, the default", () => {
    expect(siteSettingsSchema.parse({ ...builtInSettings, design_version: 1 }).design_version).toBe(1);
    const { design_version: _, ...withoutDesign } = builtInSettings;
    expect(siteSettingsSchema.parse(withoutDesign).design_version).toBe(1);
  });

  it("refuses a design that does not exist", () => {
    expect(siteSettingsSchema.safeParse({ ...builtInSettings, design_version: 2 }).success).toBe(false);
  });
});
