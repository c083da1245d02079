import { describe, expect, it } from "vitest";
import { discounted } from "#app/server/payments/catalogue.ts";

describe("discounted", () => {
  it("takes the percentage off the price", () => {
    expect(discounted(2000, 25)).toBe(1500);
    expect(discounted(4999, 10)).toBe(4499);
  });

  it("charges whole cents, rounding to the nearest and half a cent up", () => {
    expect(discounted(1999, 15)).toBe(1699); // 1699.15
    expect(discounted(1999, 20)).toBe(1599); // 1599.2
    expect(discounted(999, 33)).toBe(669); // 669.33
    expect(discounted(999, 50)).toBe(500); // 499.5
    expect(discounted(995, 10)).toBe(896); // 895.5
  });

  it("leaves the price unchanged at 0 % and makes it free at 100 %", () => {
    expect(discounted(1999, 0)).toBe(1999);
    expect(discounted(1999, 100)).toBe(0);
  });
});
