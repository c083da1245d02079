import { describe, expect, it } from "vitest";
import { formatBadge, formatDate } from "#app/i18n/format.ts";
import { safeRedirectPath } from "#app/server/http/redirect.ts";
import { safeConsoleRedirect } from "#app/server/operators/gate.ts";
import { telHref, termsVersionDate } from "#app/server/reference/reference-data.ts";
import { parseSkippedAt, shouldShowSiteEntryWarning } from "#app/server/site/site-entry.ts";

describe("footer rules", () => {
  it("strips dashes and spaces from the support phone for tel: links", () => {
    expect(telHref("+31 20-123 45 67")).toBe("tel:+31201234567");
  });

  it("dates the terms 2023-12-01 12:00 UTC unless the company was added later", () => {
    const base = Date.UTC(2023, 11, 1, 12);
    expect(termsVersionDate(null)).toBe(base);
    expect(termsVersionDate({ added: Date.UTC(2020, 0, 1) })).toBe(base);
    expect(termsVersionDate({ added: Date.UTC(2024, 2, 1) })).toBe(Date.UTC(2024, 2, 1));
  });

  it("formats dates in the active locale, Dutch by default", () => {
    expect(formatDate(Date.UTC(2023, 11, 1, 12), "nl")).toBe("1 december 2023");
    expect(formatDate(Date.UTC(2023, 11, 1, 12), "de")).toBe("1. Dezember 2023");
  });

  it("caps badges at 99+", () => {
    expect(formatBadge(7, "nl")).toBe("7");
    expect(formatBadge(99, "nl")).toBe("99");
    expect(formatBadge(100, "nl")).toBe("99+");
  });
});

describe("site-entry warning", () => {
  const settings = { enable_site_entry_popup: "yes" as const, site_entry_countries: [] as string[] };
  const visitor = { settings, country: "NL", loggedIn: false, skippedAt: null };

  it("is shown once to logged-out visitors", () => {
    expect(shouldShowSiteEntryWarning(visitor)).toBe(true);
    expect(shouldShowSiteEntryWarning({ ...visitor, skippedAt: 1_700_000_000_000 })).toBe(false);
    expect(shouldShowSiteEntryWarning({ ...visitor, loggedIn: true })).toBe(false);
  });

  it("is not shown when the domain switched it off", () => {
    expect(shouldShowSiteEntryWarning({ ...visitor, settings: { ...settings, enable_site_entry_popup: "no" } })).toBe(
      false,
    );
  });

  it("is shown only in the listed countries when there is a list", () => {
    const listed = { ...settings, site_entry_countries: ["DE"] };
    expect(shouldShowSiteEntryWarning({ ...visitor, settings: listed })).toBe(false);
    expect(shouldShowSiteEntryWarning({ ...visitor, settings: listed, country: "DE" })).toBe(true);
  });

  it("reads only a positive whole timestamp from the cookie", () => {
    expect(parseSkippedAt("1700000000000")).toBe(1_700_000_000_000);
    expect(parseSkippedAt("abc")).toBeNull();
    expect(parseSkippedAt("-5")).toBeNull();
    expect(parseSkippedAt(undefined)).toBeNull();
  });
});

describe("redirects after forms", () => {
  it("stay on this site", () => {
    expect(safeRedirectPath("/members?page=2", "/")).toBe("/members?page=2");
    expect(safeRedirectPath("//evil.example/", "/")).toBe("/");
    expect(safeRedirectPath("/\\evil.example", "/")).toBe("/");
    expect(safeRedirectPath("https://evil.example/", "/")).toBe("/");
    expect(safeRedirectPath(undefined, "/home")).toBe("/home");
  });

  it("are resolved as the browser resolves them: tabs, newlines and backslashes lead nowhere else", () => {
    const tricks = [
      "/\t/evil.example/x",
      "/\n/evil.example/x",
      "/\r\n/evil.example",
      "\t//evil.example",
      "/\\/evil.example",
    ];
    for (const trick of tricks) {
      const path = safeRedirectPath(trick, "/");
      expect(new URL(path, "https://hartslag.example").origin, JSON.stringify(trick)).toBe("https://hartslag.example");
      // A Location header with a control character would fail the answer (500).
      expect(
        [...path].some((char) => char.charCodeAt(0) < 0x20 || char === "\\"),
        JSON.stringify(trick),
      ).toBe(false);
    }
    expect(safeRedirectPath("/members/7?tab=photos#top", "/")).toBe("/members/7?tab=photos#top");
    // The console's sign-in leads on to console pages only, by the same reading.
    expect(safeConsoleRedirect("/admin\n/members")).toBe("/admin/members");
    expect(safeConsoleRedirect("/\t/evil.example/admin")).toBe("/admin");
  });
});
