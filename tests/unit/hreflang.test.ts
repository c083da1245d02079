// hreflang per country and locale: which domain of a site group each
// country belongs to, which address (bare or ?lng=) each locale has there,
// and the one x-default every domain of the group names.
import { describe, expect, it } from "vitest";
import { localeAlternates } from "#app/i18n/alternates.ts";
import { hreflangTargets, type SiteVersion } from "#app/server/site/hreflang.ts";

const version = (domain: string, countries: string[], extra: Partial<SiteVersion> = {}): SiteVersion => ({
  domain,
  countries,
  visible_locales: {},
  domain_language: null,
  geoip_selected_country: countries[0]!,
  site_group: "",
  ...extra,
});

const hrefs = (own: SiteVersion, group: SiteVersion[], path = "/pricing") =>
  Object.fromEntries(
    localeAlternates(path, hreflangTargets(own, `https://${own.domain}`, group)).map((l) => [l.hreflang, l.href]),
  );

describe("hreflang targets", () => {
  it("name each country with each locale offered there, the domain's own language without ?lng=", () => {
    const swiss = version("herz.example", ["DE", "CH"], {
      domain_language: "de-DE",
      visible_locales: { CH: ["de", "fr", "it"] },
    });
    expect(hrefs(swiss, [])).toEqual({
      "de-DE": "https://herz.example/pricing",
      "de-CH": "https://herz.example/pricing",
      "fr-CH": "https://herz.example/pricing?lng=fr",
      "it-CH": "https://herz.example/pricing?lng=it",
      "x-default": "https://herz.example/pricing",
    });
  });

  it("take the default locale table where the domain has none, Bokmål as nb-NO, Dutch bare without a domain language", () => {
    expect(hrefs(version("nord.example", ["NO", "FI"]), [])).toEqual({
      "nb-NO": "https://nord.example/pricing?lng=nb",
      "fi-FI": "https://nord.example/pricing?lng=fi",
      "sv-FI": "https://nord.example/pricing?lng=sv",
      "x-default": "https://nord.example/pricing",
    });
    expect(hrefs(version("nl.example", ["NL"]), [])["nl-NL"]).toBe("https://nl.example/pricing");
  });

  it("give a country two domains serve to the one that selects it, else to the first by name", () => {
    const group = "b.example";
    const a = version("a.example", ["NL", "BE"], {
      domain_language: "nl-NL",
      geoip_selected_country: "NL",
      site_group: group,
    });
    const b = version("b.example", ["BE", "NL"], {
      domain_language: "fr-BE",
      geoip_selected_country: "BE",
      site_group: group,
    });
    const fromA = hrefs(a, [a, b]);
    expect(fromA).toEqual({
      "nl-NL": "https://a.example/pricing",
      "nl-BE": "https://b.example/pricing?lng=nl",
      "fr-BE": "https://b.example/pricing",
      "de-BE": "https://b.example/pricing?lng=de",
      // Named after b.example, the group's x-default is there.
      "x-default": "https://b.example/pricing",
    });
    expect(hrefs(b, [a, b])).toEqual(fromA);

    // Neither selects Germany: the first by name takes it.
    const c = version("c.example", ["DE"], { site_group: group, geoip_selected_country: "AT" });
    const d = version("d.example", ["DE"], { site_group: group, geoip_selected_country: "AT" });
    expect(hrefs(d, [c, d, a, b])["de-DE"]).toBe("https://c.example/pricing?lng=de");
  });

  it("fall back to the first domain by name for x-default when the group names none of its domains", () => {
    const x = version("x.example", ["NL"], { site_group: "brand" });
    const y = version("y.example", ["BE"], { site_group: "brand" });
    expect(hrefs(y, [x, y])["x-default"]).toBe("https://x.example/pricing");
    expect(hrefs(x, [x, y])["x-default"]).toBe("https://x.example/pricing");
  });

  it("link the domain asked at the origin it was asked on, the others at https://<domain>", () => {
    const a = version("a.example", ["NL"], { site_group: "a.example" });
    const b = version("b.example", ["BE"], { site_group: "a.example" });
    const targets = hreflangTargets(b, "http://b.example:8787", [a, b]);
    expect(localeAlternates("/", targets).map((l) => l.href)).toEqual([
      "https://a.example/",
      "http://b.example:8787/",
      "http://b.example:8787/?lng=fr",
      "http://b.example:8787/?lng=de",
      "https://a.example/",
    ]);
  });
});
