import { describe, expect, it } from "vitest";
import { timeZoneOf, zonedCountries } from "#app/server/geo/time-zones.ts";

describe("timeZoneOf", () => {
  it("gives a member the zone of their country", () => {
    expect(timeZoneOf("NL")).toBe("Europe/Amsterdam");
    expect(timeZoneOf("FI")).toBe("Europe/Helsinki");
  });

  it("gives a country with several zones the one most of its people live in", () => {
    expect(timeZoneOf("US")).toBe("America/New_York");
  });

  it("counts a country without a zone of its own in UTC", () => {
    expect(timeZoneOf("BR")).toBe("UTC");
    expect(timeZoneOf("")).toBe("UTC");
    expect(zonedCountries).not.toContain("BR");
  });

  it("names only zones the runtime knows", () => {
    for (const country of zonedCountries) {
      expect(() => new Intl.DateTimeFormat("en", { timeZone: timeZoneOf(country) })).not.toThrow();
    }
  });
});
