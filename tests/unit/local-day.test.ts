import { describe, expect, it } from "vitest";
import { nextLocalMidnight } from "#app/server/likes/local-day.ts";

const at = (iso: string) => Date.parse(iso);
const next = (now: string, zone: string) => new Date(nextLocalMidnight(at(now), zone)).toISOString();

describe("nextLocalMidnight", () => {
  it("is the coming midnight in the member's zone", () => {
    expect(next("2026-06-15T12:00:00Z", "UTC")).toBe("2026-06-16T00:00:00.000Z");
    expect(next("2026-01-15T12:00:00Z", "Europe/Amsterdam")).toBe("2026-01-15T23:00:00.000Z");
    expect(next("2026-06-15T12:00:00Z", "Europe/Amsterdam")).toBe("2026-06-15T22:00:00.000Z");
  });

  it("is the next day's midnight for an instant exactly at midnight", () => {
    expect(next("2026-06-16T00:00:00Z", "UTC")).toBe("2026-06-17T00:00:00.000Z");
    expect(next("2026-06-15T22:00:00Z", "Europe/Amsterdam")).toBe("2026-06-16T22:00:00.000Z");
  });

  it("is a millisecond away a millisecond before midnight", () => {
    expect(next("2026-06-15T23:59:59.999Z", "UTC")).toBe("2026-06-16T00:00:00.000Z");
  });

  it("comes after 23 hours on the day the clocks go forward (Amsterdam, last Sunday of March)", () => {
    expect(next("2026-03-28T23:00:00Z", "Europe/Amsterdam")).toBe("2026-03-29T22:00:00.000Z");
    expect(next("2026-03-29T00:30:00Z", "Europe/Amsterdam")).toBe("2026-03-29T22:00:00.000Z");
    expect(next("2026-03-29T21:59:59Z", "Europe/Amsterdam")).toBe("2026-03-29T22:00:00.000Z");
  });

  it("comes after 25 hours on the day the clocks go back (Amsterdam, last Sunday of October)", () => {
    expect(next("2026-10-24T22:00:00Z", "Europe/Amsterdam")).toBe("2026-10-25T23:00:00.000Z");
    // 02:30 happens twice that night; both are the same day.
    expect(next("2026-10-25T00:30:00Z", "Europe/Amsterdam")).toBe("2026-10-25T23:00:00.000Z");
    expect(next("2026-10-25T01:30:00Z", "Europe/Amsterdam")).toBe("2026-10-25T23:00:00.000Z");
    expect(next("2026-10-25T22:59:59Z", "Europe/Amsterdam")).toBe("2026-10-25T23:00:00.000Z");
  });

  it("keeps to the hour all year in a zone without daylight saving", () => {
    expect(next("2026-03-29T12:00:00Z", "Asia/Tokyo")).toBe("2026-03-29T15:00:00.000Z");
    expect(next("2026-10-25T12:00:00Z", "Asia/Tokyo")).toBe("2026-10-25T15:00:00.000Z");
  });

  it("follows zones whose offset is not whole hours", () => {
    // Kathmandu is 5:45 ahead of UTC.
    expect(next("2026-06-15T12:00:00Z", "Asia/Kathmandu")).toBe("2026-06-15T18:15:00.000Z");
    // Adelaide: 10:30 ahead in summer, 9:30 in winter; the clocks go back on 5 April and forward on 4 October.
    expect(next("2026-04-04T14:00:00Z", "Australia/Adelaide")).toBe("2026-04-05T14:30:00.000Z");
    expect(next("2026-10-03T15:00:00Z", "Australia/Adelaide")).toBe("2026-10-04T13:30:00.000Z");
  });

  it("lands on the following day's midnight from every hour around the changes", () => {
    const weeks: [string, string][] = [
      ["2026-03-27T00:00:00Z", "2026-04-07T00:00:00Z"],
      ["2026-10-02T00:00:00Z", "2026-10-27T00:00:00Z"],
    ];
    for (const timeZone of ["Europe/Amsterdam", "Australia/Adelaide", "Asia/Kathmandu"]) {
      const local = new Intl.DateTimeFormat("en-CA", {
        timeZone,
        hourCycle: "h23",
        dateStyle: "short",
        timeStyle: "short",
      });
      const wrong: string[] = [];
      for (const [from, to] of weeks) {
        for (let now = at(from); now < at(to); now += 3_600_000) {
          const midnight = nextLocalMidnight(now, timeZone);
          const lands = local.format(midnight);
          // Just before it is still the day of `now`: no day is skipped.
          const sameDay = local.format(midnight - 1).slice(0, 10) === local.format(now).slice(0, 10);
          if (!lands.endsWith("00:00") || !sameDay || midnight <= now) wrong.push(new Date(now).toISOString());
        }
      }
      expect(wrong, timeZone).toEqual([]);
    }
  });
});
