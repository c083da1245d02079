import { describe, expect, it } from "vitest";
import { countryName, formatDate, formatMoney, formatNumber } from "#app/i18n/format.ts";

describe("formatDate", () => {
  const day = Date.UTC(2026, 10, 3);

  it("writes a long date in the member's language by default", () => {
    expect(formatDate(day, "nl")).toBe("3 november 2026");
    expect(formatDate(day, "en")).toBe("3 November 2026");
  });

  it("takes the parts a caller names instead of the long style (a chart's day labels)", () => {
    expect(formatDate(day, "nl", { day: "numeric", month: "short" })).toBe("3 nov");
    expect(formatDate(day, "de", { day: "numeric", month: "short" })).toBe("3. Nov.");
  });
});

// Formatters and country names are kept per isolate: each locale and options keep their own.
describe("kept formatters", () => {
  const day = Date.UTC(2026, 10, 3);

  it("never answer one locale or option set with another's", () => {
    for (let i = 0; i < 2; i++) {
      expect(formatDate(day, "nl")).toBe("3 november 2026");
      expect(formatDate(day, "de")).toBe("3. November 2026");
      expect(formatDate(day, "nl", { month: "long" })).toBe("november");
      expect(formatNumber(1234.5, "nl")).toBe("1.234,5");
      expect(formatNumber(1234.5, "en")).toBe("1,234.5");
      expect(formatNumber(0.5, "nl", { style: "percent" })).toBe("50%");
      expect(formatMoney(1999, "EUR", "nl")).toMatch(/^€\s19,99$/);
      expect(formatMoney(1999, "GBP", "nl")).toMatch(/^£\s19,99$/);
      expect(countryName("DE", "nl")).toBe("Duitsland");
      expect(countryName("DE", "en")).toBe("Germany");
      expect(countryName("NL", "en")).toBe("Netherlands");
    }
  });
});
