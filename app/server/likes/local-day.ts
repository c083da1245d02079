// "Per day" means the member's own day: the daily swipe likes reset at local
// midnight in the time zone of the member's country (geo/time-zones.ts).

/** The moment the local day containing `now` began in `timeZone`. */
export function startOfLocalDay(now: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const sinceMidnight = ((get("hour") * 60 + get("minute")) * 60 + get("second")) * 1000 + (now % 1000);
  return now - sinceMidnight;
}

/** The next local midnight after `now`. */
export function nextLocalMidnight(now: number, timeZone: string): number {
  // Days are 23–25 hours around daylight-saving changes: step past 25 hours, then back to that day's start.
  return startOfLocalDay(startOfLocalDay(now, timeZone) + 25 * 3_600_000, timeZone);
}
