import { describe, expect, it } from "vitest";
import { formatDate } from "#app/i18n/format.ts";

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
