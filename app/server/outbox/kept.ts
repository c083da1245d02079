// How long the outboxes keep what they are done with. Mail and texts sent or
// given up stay 30 days after they were queued: support can look into a mail
// or a code that never came, and the console lists what was given up in that
// time. Then the hourly job forgets them, a bounded bite at a time
// (db/forget-in-bites.ts), found through the index on their age; whatever is
// still queued or being retried stays.
import { and, gte, inArray, lt, ne, type SQL } from "drizzle-orm";
import type { Database } from "#app/server/db/client.ts";
import { BITE, forgetInBites } from "#app/server/db/forget-in-bites.ts";
import type { mailOutbox, smsOutbox } from "#app/server/db/schema.ts";

export const KEPT_FOR_MS = 30 * 86_400_000;

type KeptTable = typeof mailOutbox | typeof smsOutbox;

/** SQL: a row queued within the time the outbox keeps it (what the console lists). */
export const stillKept = (table: KeptTable, now: number): SQL => gte(table.createdAt, now - KEPT_FOR_MS);

/** The hourly job: rows sent or given up more than 30 days after they were queued leave the outbox. */
export function forgetDelivered(db: Database, table: KeptTable, now: number) {
  // "Not queued" rather than the two other statuses: the query then reads the rows by their age's index.
  const t = table as typeof smsOutbox;
  const due = db
    .select({ id: t.id })
    .from(t)
    .where(and(lt(t.createdAt, now - KEPT_FOR_MS), ne(t.status, "queued")))
    .limit(BITE);
  return forgetInBites(() => db.delete(t).where(inArray(t.id, due)).run());
}
