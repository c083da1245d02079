import { describe, expect, it } from "vitest";
import { visibleLocales } from "#app/i18n/locales.ts";
import { localeOfDomainLanguage, negotiateLocale, parseAcceptLanguage } from "#app/i18n/negotiate.ts";

const none = { cookie: undefined, domainLanguage: null, acceptLanguage: null, country: "NL" };

describe("locale negotiation", () => {
  it("uses a supported locale cookie before anything else", () => {
    expect(negotiateLocale({ ...none, cookie: "fi", domainLanguage: "de-DE", acceptLanguage: "sv" })).toBe("fi");
  });

  it("ignores an unsupported cookie value", () => {
    expect(negotiateLocale({ ...none, cookie: "xx" })).toBe("nl");
    expect(negotiateLocale({ ...none, cookie: "<script>" })).toBe("nl");
  });

  it("then uses the domain's domain_language when its first two letters are a locale", () => {
    expect(negotiateLocale({ ...none, domainLanguage: "de-DE", acceptLanguage: "fr" })).toBe("de");
    expect(localeOfDomainLanguage("pt-BR")).toBeNull();
  });

  it("then picks Accept-Language among the locales visible for the visitor's country", () => {
    expect(negotiateLocale({ ...none, country: "BE", acceptLanguage: "fr-BE,fr;q=0.9,en;q=0.5" })).toBe("fr");
    // English is not offered in the Netherlands, so nl wins.
    expect(negotiateLocale({ ...none, country: "NL", acceptLanguage: "en-US,en;q=0.9" })).toBe("nl");
    expect(negotiateLocale({ ...none, country: "CH", acceptLanguage: "it-CH;q=0.8, de;q=0.9" })).toBe("de");
  });

  it("maps the Norwegian macrolanguage to Bokmål", () => {
    expect(negotiateLocale({ ...none, country: "NO", acceptLanguage: "no" })).toBe("nb");
  });

  it("falls back to nl", () => {
    expect(negotiateLocale(none)).toBe("nl");
    expect(negotiateLocale({ ...none, acceptLanguage: ";;;,q=abc" })).toBe("nl");
  });

  it("parses Accept-Language by quality, then by order, dropping q=0 and *", () => {
    expect(parseAcceptLanguage("da, en-gb;q=0.8, en;q=0.7, *;q=0.5, de;q=0")).toEqual(["da", "en-gb", "en"]);
    expect(parseAcceptLanguage("")).toEqual([]);
  });

  it("shows every locale to visitors from countries outside the language table", () => {
    expect(visibleLocales("JP")).toHaveLength(11);
    expect(visibleLocales("FI")).toEqual(["fi", "sv"]);
  });
});
