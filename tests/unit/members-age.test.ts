import { describe, expect, it } from "vitest";
import { ageOn, birthDateRange } from "#app/server/members/age.ts";

const at = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

describe("ages", () => {
  it("counts a birthday from its day on", () => {
    expect(ageOn("2000-06-15", at("2026-06-14"))).toBe(25);
    expect(ageOn("2000-06-15", at("2026-06-15"))).toBe(26);
    expect(ageOn("2008-02-29", at("2026-02-28"))).toBe(17);
    expect(ageOn("2008-02-29", at("2026-03-01"))).toBe(18);
  });

  it("turns an age range into an inclusive range of birth dates", () => {
    const now = at("2026-11-23");
    const { from, to } = birthDateRange(18, 30, now);
    expect(to).toBe("2008-11-23");
    expect(from).toBe("1995-11-24");
    expect(ageOn(to, now)).toBe(18);
    expect(ageOn(from, now)).toBe(30);
    expect(ageOn("1995-11-23", now)).toBe(31);
  });
});
