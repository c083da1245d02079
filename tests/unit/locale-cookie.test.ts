import { describe, expect, it } from "vitest";
import { languageSchema } from "#app/schemas/language.ts";
import { localeCookie } from "#app/server/http/cookies.ts";

describe("the locale cookie", () => {
  it("keeps the language for a year on the whole site", () => {
    expect(localeCookie(new Request("http://localhost/lang-config"), "de")).toBe(
      "lng=de; Max-Age=31536000; Path=/; SameSite=Lax",
    );
  });

  it("is secure on https", () => {
    expect(localeCookie(new Request("https://example.nl/"), "nl")).toBe(
      "lng=nl; Max-Age=31536000; Path=/; Secure; SameSite=Lax",
    );
  });
});

describe("a chosen language", () => {
  it("is one of the site's locales", () => {
    expect(languageSchema.safeParse("fi").success).toBe(true);
    expect(languageSchema.safeParse("xx").success).toBe(false);
    expect(languageSchema.safeParse("NL").success).toBe(false);
  });
});
