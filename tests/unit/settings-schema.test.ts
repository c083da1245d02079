import { describe, expect, it } from "vitest";
import { localizedText } from "#app/i18n/localized-text.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { domainOf, parseSettings } from "#app/server/settings/resolve.ts";
import { siteSettingsSchema } from "#app/server/settings/schema.ts";
import { visitorCountry } from "#app/server/settings/visitor-country.ts";

const minimal = { name: "Flirt", domain: "flirt.example", countries: ["DE"], company_id: 1 };

describe("domain settings schema", () => {
  it("fills every field from a minimal document", () => {
    const settings = siteSettingsSchema.parse(minimal);
    expect(settings.signups).toBe("all");
    expect(settings.minimum_age).toBe(18);
    expect(settings.enable_site_entry_popup).toBe("yes");
    expect(settings.message_length).toBeGreaterThan(0);
  });

  it("rejects values outside the allowed ranges with the field named", () => {
    const result = parseSettings({ ...minimal, niche: 9, signups: "some", countries: ["de"] });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toContain("niche");
      expect(result.error).toContain("signups");
      expect(result.error).toContain("countries.0");
    }
  });

  it("refuses a minimum age below 18", () => {
    expect(parseSettings({ ...minimal, minimum_age: 16 }).ok).toBe(false);
  });

  it("has a valid built-in default for localhost", () => {
    expect(siteSettingsSchema.parse(builtInSettings)).toEqual(builtInSettings);
    expect(builtInSettings.domain).toBe("localhost");
  });

  it("reads the domain from a host name", () => {
    expect(domainOf("WWW.Hartslag.NL:8443")).toBe("hartslag.nl");
    expect(domainOf("localhost:5173")).toBe("localhost");
  });

  it("resolves an operator's text per locale, then nl, then en", () => {
    expect(localizedText("Same for all", "de")).toBe("Same for all");
    expect(localizedText({ nl: "Hallo", de: "Hallo!" }, "de")).toBe("Hallo!");
    expect(localizedText({ nl: "Hallo", en: "Hello" }, "fr")).toBe("Hallo");
    expect(localizedText({ en: "Hello" }, "fr")).toBe("Hello");
    expect(localizedText({}, "fr")).toBe("");
  });
});

describe("visitor country", () => {
  const settings = siteSettingsSchema.parse(minimal);
  const request = (headers: Record<string, string> = {}) => new Request("https://x.example/", { headers });

  it("trusts CF-IPCountry, ignoring unknown and Tor codes", () => {
    expect(visitorCountry(request({ "cf-ipcountry": "be" }), settings, false)).toBe("BE");
    expect(visitorCountry(request({ "cf-ipcountry": "XX" }), settings, false)).toBe("NL");
    expect(visitorCountry(request({ "cf-ipcountry": "T1" }), settings, false)).toBe("NL");
  });

  it("in production takes Cloudflare's geo-IP only, never a header the client sent", () => {
    const fromBelgium = Object.assign(request({ "cf-ipcountry": "BE" }), { cf: { country: "DE" } });
    expect(visitorCountry(fromBelgium, settings, true)).toBe("DE");
    expect(visitorCountry(request({ "cf-ipcountry": "BE" }), settings, true)).toBe("NL");
  });

  it("lets the domain force a country", () => {
    const forced = { ...settings, geoip_country: "AT" };
    expect(visitorCountry(request({ "cf-ipcountry": "BE" }), forced, false)).toBe("AT");
  });
});
