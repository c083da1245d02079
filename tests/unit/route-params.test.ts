import { describe, expect, it } from "vitest";
import { parseId } from "#app/routing/params.ts";

describe("an id in a path or query", () => {
  it("reads a positive whole number of up to 12 digits", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("42")).toBe(42);
    expect(parseId("999999999999")).toBe(999_999_999_999);
  });

  it("names no id when it is missing, zero, signed, padded, fractional or longer", () => {
    for (const value of [undefined, null, "", "0", "007", "-1", "+1", "1.5", "1e3", " 1", "abc", "1000000000000"]) {
      expect(parseId(value)).toBeNull();
    }
  });
});
