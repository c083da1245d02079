import { describe, expect, it } from "vitest";
import { languageSchema } from "#app/schemas/language.ts";
import { domainLocaleCookie, localeCookie } from "#app/server/http/cookies.ts";

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

describe("the domain's language", () => {
  const visit = (url: string, cookie?: string) =>
    new Request(url, { headers: cookie ? { Cookie: cookie } : undefined });

  it("becomes the locale cookie of a visitor who has not chosen one", () => {
    expect(domainLocaleCookie(visit("https://example.de/"), "de-DE")).toBe(
      "lng=de; Max-Age=31536000; Path=/; Secure; SameSite=Lax",
    );
  });

  it("never overrides a language chosen by cookie or in the address", () => {
    expect(domainLocaleCookie(visit("https://example.de/", "lng=en"), "de-DE")).toBeNull();
    expect(domainLocaleCookie(visit("https://example.de/?lng=fr"), "de-DE")).toBeNull();
  });

  it("sets nothing when the domain names no supported language", () => {
    expect(domainLocaleCookie(visit("https://example.pt/"), "pt-PT")).toBeNull();
    expect(domainLocaleCookie(visit("https://example.nl/"), undefined)).toBeNull();
  });
});

describe("a chosen language", () => {
  it("is one of the site's locales", () => {
    expect(languageSchema.safeParse("fi").success).toBe(true);
    expect(languageSchema.safeParse("xx").success).toBe(false);
    expect(languageSchema.safeParse("NL").success).toBe(false);
  });
});
