// A chat photo's claim by the message that sends it, apart from the upload so
// that sending a message never loads the image codecs: the record the upload
// left must still be there, and young enough that the hourly job cannot take
// the file while its message is being sent.
import { and, eq, gt, type SQL, sql } from "drizzle-orm";
import type { Database } from "#app/server/db/client.ts";
import { unclaimedFiles } from "#app/server/db/schema.ts";
import { forgetUnclaimed, UNCLAIMED_GRACE } from "#app/server/photos/unclaimed.ts";

/** How long after its upload a photo may be sent: well inside the grace the hourly job leaves a record. */
const SEND_WITHIN = UNCLAIMED_GRACE - 5 * 60_000;

/** SQL: 1 while the uploaded photo may still be sent (on record, uploaded within SEND_WITHIN), else 0. */
export function unsentChatPhoto(key: string, now: number): SQL<number> {
  return sql<number>`exists (select 1 from ${unclaimedFiles} where ${and(eq(unclaimedFiles.key, key), gt(unclaimedFiles.createdAt, now - SEND_WITHIN))})`;
}

/** The delete taking a sent photo off the record, not yet run; `when`: only if it holds. */
export function claimChatPhoto(db: Database, key: string, when?: SQL) {
  return forgetUnclaimed(db, [key], when);
}
