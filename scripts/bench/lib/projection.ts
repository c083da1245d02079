// A store's growth projected forward: what it holds after some days, and the
// days until it reaches a size, given what it starts with and adds each day.

export interface Growth {
  /** Bytes held on the first day (members, conversations: what exists whatever the traffic). */
  start: number;
  /** Bytes added a day. */
  perDay: number;
}

export const sizeAfter = (growth: Growth, days: number) => growth.start + days * growth.perDay;

/** Whole days until the store holds `limit` bytes: 0 when it starts there, null when it never gets there. */
export function daysUntil(growth: Growth, limit: number): number | null {
  if (growth.start >= limit) return 0;
  if (growth.perDay <= 0) return null;
  return Math.floor((limit - growth.start) / growth.perDay);
}
