// What part of a payment's credits goes with part of its money: a partial
// charge-back or a partial refund takes back credits in proportion to the
// amount taken back, rounded down (the member keeps the fraction), never more
// than the payment booked. Whether the balance still holds them is the
// wallet's business (a take-back takes only what is there).

/** The credits that `partCents` of a `wholeCents` payment which booked `credits` stand for, rounded down. */
export function creditsInProportion(credits: number, partCents: number, wholeCents: number): number {
  if (credits <= 0 || partCents <= 0 || wholeCents <= 0) return 0;
  if (partCents >= wholeCents) return credits;
  // Integers throughout: cents times credits stays far below 2^53.
  return Math.floor((credits * partCents) / wholeCents);
}
