// Ages from dates of birth (YYYY-MM-DD) at an injected moment, in UTC.

export function ageOn(dateOfBirth: string, now: number): number {
  const [y, m, d] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const today = new Date(now);
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

function isoDate(y: number, m: number, d: number) {
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
}

/**
 * The dates of birth of people aged minAge..maxAge at `now`, inclusive, as
 * ISO strings that compare correctly as text (so the search index can use them).
 */
export function birthDateRange(minAge: number, maxAge: number, now: number): { from: string; to: string } {
  const today = new Date(now);
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() + 1;
  const d = today.getUTCDate();
  // Youngest allowed: born on this day minAge years ago. Oldest: born the day
  // after this day (maxAge + 1) years ago.
  const to = isoDate(y - minAge, m, d);
  const fromDate = new Date(Date.UTC(y - maxAge - 1, m - 1, d + 1));
  return { from: fromDate.toISOString().slice(0, 10), to };
}
