import { describe, expect, it } from "vitest";
import { daysUntil, sizeAfter } from "../../scripts/bench/lib/projection.ts";

describe("a store's growth projected forward", () => {
  it("adds a year of days to what the store starts with", () => {
    expect(sizeAfter({ start: 1_000, perDay: 10 }, 365)).toBe(4_650);
  });

  it("counts the whole days until the store reaches a size", () => {
    expect(daysUntil({ start: 1_000, perDay: 10 }, 1_095)).toBe(9);
    expect(daysUntil({ start: 1_000, perDay: 10 }, 1_100)).toBe(10);
  });

  it("says 0 days for a store that starts at the size, and never for one that does not grow", () => {
    expect(daysUntil({ start: 5_000, perDay: 10 }, 5_000)).toBe(0);
    expect(daysUntil({ start: 1_000, perDay: 0 }, 5_000)).toBeNull();
  });
});
