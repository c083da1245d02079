// Scheduled notifications go out in the member's daytime, and "once a week"
// means once per week of the member's own calendar. Members are grouped by
// the time zone of their country (geo/time-zones.ts).
import { timeZoneOf, zonedCountries } from "#app/server/geo/time-zones.ts";

/** Local hours in which scheduled mail and pushes may arrive: 9:00 to 20:59. */
const DAYTIME = { from: 9, to: 21 };

export interface ZoneGroup {
  timeZone: string;
  /** The countries in this zone; null for "every country without a zone of its own" (UTC). */
  countries: string[] | null;
  hour: number;
  /** ISO 8601 week of the local date, e.g. "2026-W48". */
  isoWeek: string;
}

/** The local hour and ISO week in a time zone at `now`. */
function localClock(now: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hour: get("hour"), isoWeek: isoWeek(get("year"), get("month"), get("day")) };
}

function isoWeek(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay() || 7;
  // The Thursday of this week decides the week's year.
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/** Every zone group whose local time at `now` is daytime. */
export function daytimeGroups(now: number): ZoneGroup[] {
  const byZone = new Map<string, string[]>();
  for (const country of zonedCountries) {
    const zone = timeZoneOf(country);
    byZone.set(zone, [...(byZone.get(zone) ?? []), country]);
  }
  const groups: ZoneGroup[] = [...byZone].map(([timeZone, countries]) => ({
    timeZone,
    countries,
    ...localClock(now, timeZone),
  }));
  groups.push({ timeZone: "UTC", countries: null, ...localClock(now, "UTC") });
  return groups.filter((g) => g.hour >= DAYTIME.from && g.hour < DAYTIME.to);
}
