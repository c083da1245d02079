import { describe, expect, it } from "vitest";
import { creditsInProportion } from "#app/server/payments/proportion.ts";

describe("creditsInProportion", () => {
  it("takes back the credits in proportion to the money, rounded down", () => {
    expect(creditsInProportion(100, 995, 1995)).toBe(49); // 49.87
    expect(creditsInProportion(100, 1000, 2000)).toBe(50);
    expect(creditsInProportion(3, 1, 2)).toBe(1); // 1.5
  });

  it("takes back all credits for the whole amount, and never more", () => {
    expect(creditsInProportion(100, 1995, 1995)).toBe(100);
    expect(creditsInProportion(100, 5000, 1995)).toBe(100);
  });

  it("takes back nothing for nothing (and for a payment of nothing)", () => {
    expect(creditsInProportion(100, 0, 1995)).toBe(0);
    expect(creditsInProportion(100, -5, 1995)).toBe(0);
    expect(creditsInProportion(100, 500, 0)).toBe(0);
    expect(creditsInProportion(0, 500, 1995)).toBe(0);
  });
});
