// What the head says of a domain in a language: only what its operator wrote
// for that language (a text written once is the domain's own language), else
// nothing, so the page uses its own words.
import { describe, expect, it } from "vitest";
import { siteTexts, textIn } from "#app/i18n/localized-text.ts";

describe("an operator's text for the page head", () => {
  it("is the text written for the page's language, or none", () => {
    expect(textIn({ nl: "Hallo", en: "Hello" }, "en", "nl")).toBe("Hello");
    expect(textIn({ nl: "Hallo", en: "Hello" }, "de", "nl")).toBe("");
    expect(textIn({}, "nl", "nl")).toBe("");
    expect(textIn(undefined, "nl", "nl")).toBe("");
  });

  it("counts a text written once as the domain's own language only", () => {
    expect(textIn("Hallo", "nl", "nl")).toBe("Hallo");
    expect(textIn("Hallo", "fr", "nl")).toBe("");
  });

  it("takes the domain's own language from domain_language, Dutch without one", () => {
    const settings = { index_title: "Herzklopfen", description: { de: "Für Singles ab 50" } };
    expect(siteTexts({ ...settings, domain_language: "de-DE" }, "de")).toEqual({
      title: "Herzklopfen",
      description: "Für Singles ab 50",
    });
    expect(siteTexts({ ...settings, domain_language: null }, "de")).toEqual({
      title: "",
      description: "Für Singles ab 50",
    });
    expect(siteTexts({ ...settings, domain_language: null }, "nl").title).toBe("Herzklopfen");
  });
});
