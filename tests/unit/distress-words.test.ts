// Words of distress are found whatever the case, the accents or the language,
// but only as whole words and phrases.
import { describe, expect, it } from "vitest";
import { locales } from "#app/i18n/locales.ts";
import { distressIn, distressWords } from "#app/server/fictional/distress-words.ts";

describe("words of distress", () => {
  it("finds a word or phrase ignoring case, accents and punctuation", () => {
    expect(distressIn("Ik ben zo EENZAAM.")).toBe("eenzaam");
    expect(distressIn("Ich bin süchtig nach dir")).toBe("suchtig");
    expect(distressIn("I can’t live without you!")).toBe("can't live without you");
    expect(distressIn("Nie mogę bez ciebie żyć")).toBe("nie moge bez ciebie zyc");
    expect(distressIn("Det er mine sidste penge")).toBe("mine sidste penge");
  });

  it("holds only on word boundaries", () => {
    expect(distressIn("eenzaamheid is een mooi boek")).toBeNull();
    expect(distressIn("debutant")).toBeNull();
    expect(distressIn("Hoi, hoe gaat het?")).toBeNull();
  });

  it("has a list for every language, each entry found as written", () => {
    for (const locale of locales) {
      expect(distressWords[locale].length, locale).toBeGreaterThan(5);
      for (const phrase of distressWords[locale]) expect(distressIn(`x ${phrase} x`), phrase).not.toBeNull();
    }
  });
});
