// Crash points: the places between two writes to different stores (the room
// and D1, R2 and D1, the provider and D1) where a dying server would leave an
// operation half-done. Each multi-store operation names its points here, and
// the crash tests arm one to prove that what a crash leaves behind settles by
// itself. Nothing outside a test arms a point, so in production every call is
// a lookup in an empty set. docs/crash-safety.md lists who finishes what.
const crashPoints = [
  // Sending a message: the room's pending row, D1's charge, the room's "sent".
  "message:stored-pending",
  "message:charged",
  // Behind the acknowledgement: the conversation's summary in D1 (unread counts), then notifications.
  "message:acknowledged",
  // Delivering a confirmed member's held messages: the room releases them, then D1's summary counts them.
  "message:released",
  // A credit movement from outside the rooms: recorded in D1, then applied to the member's wallet.
  "movement:recorded",
  // A profile photo: its files in R2, its row in D1; and the way back.
  "photo:files-stored",
  "photo:row-deleted",
  // A photo that stops being public: its files copied to new keys in R2, its row moved to them in D1.
  "photo:files-copied",
  "photo:rekeyed",
  // Buying credits: our payment row, the provider's payment, the provider's reference.
  "payment:row-created",
  "payment:provider-created",
  // A direct debit: the mandate signed in D1, the provider's collection, its reference.
  "collection:signed",
  "collection:provider-created",
  // A refund: the intent in D1, the provider's refund, the booking.
  "refund:requested",
  "refund:provider-refunded",
  // Erasing an account: the promise in D1, the provider's customer on record, then the provider, rooms, R2, the time bonus, D1.
  "erasure:provider-recorded",
  "erasure:rooms-erased",
  "erasure:files-deleted",
] as const;

export type CrashPoint = (typeof crashPoints)[number];

/** What an armed point throws where no Durable Object can be reset: nothing after it runs. */
export class SimulatedCrash extends Error {
  readonly point: CrashPoint;
  constructor(point: CrashPoint) {
    super(`simulated crash at ${point}`);
    this.point = point;
  }
}

/** Armed points, with how many passes they let through before they crash. */
const armed = new Map<CrashPoint, number>();

/** Tests only: the pass through `point` after `passes` more crashes. */
export function armCrash(point: CrashPoint, passes = 0) {
  armed.set(point, passes);
}

/** Whether this pass through an armed point is the one that crashes (and disarms it). */
function crashesNow(point: CrashPoint) {
  const passes = armed.get(point);
  if (passes === undefined) return false;
  if (passes > 0) armed.set(point, passes - 1);
  else armed.delete(point);
  return passes === 0;
}

/** Tests only: no point stays armed into the next test. */
export function disarmCrashes() {
  armed.clear();
}

/** Marks a step boundary. Armed (by a test), it crashes once: nothing after it runs. */
export function crashPoint(point: CrashPoint) {
  if (crashesNow(point)) throw new SimulatedCrash(point);
}

/**
 * The same in a Durable Object: what it wrote so far is made durable, then the
 * object is reset on the spot (in-memory state lost, storage kept), as a
 * restart would leave it.
 */
export async function crashPointIn(durableObject: DurableObjectState, point: CrashPoint) {
  if (!crashesNow(point)) return;
  await durableObject.storage.sync();
  durableObject.abort(`simulated crash at ${point}`);
  throw new SimulatedCrash(point);
}
