// A profile photo is files in R2 and a row in D1, and no write covers both: a
// server dying between the two would leave files nobody knows about. So the
// files are on record in D1 (unclaimed_files) whenever no row may own them:
// an upload records its keys before writing the files and takes them off in
// the batch that writes its row; a removal records them in the batch that
// deletes the row, then deletes the files. Whatever a crash leaves on record,
// the hourly job settles: a file some photos row names stays, any other leaves
// R2. Chat photos are on record from their upload until a message sends them. Records younger than the grace period are left alone, as the upload or
// removal that wrote them may still be under way.
import { and, asc, lte, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { Database } from "#app/server/db/client.ts";
import { photos, unclaimedFiles } from "#app/server/db/schema.ts";

/** Longer than any upload or removal takes from its record to its row or its files. */
export const UNCLAIMED_GRACE = 15 * 60_000;
/** Records settled per hourly run (one R2 delete call takes up to 1000 keys). */
const PER_RUN = 500;

type FilesContext = Pick<RequestContext, "db" | "env">;

/** `column in (values…)` with one bound parameter, however many values (D1 binds at most 100). */
const inList = (column: SQLWrapper, values: readonly (string | number)[]) =>
  sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;

/**
 * The insert putting `keys` on record, not yet run. A key already there gets
 * the new time, so a settling run that read the old one does not forget it.
 */
export function recordUnclaimed(db: Database, keys: readonly string[], now: number) {
  return db
    .insert(unclaimedFiles)
    .values(keys.map((key) => ({ key, createdAt: now })))
    .onConflictDoUpdate({ target: unclaimedFiles.key, set: { createdAt: now } });
}

/** The delete taking `keys` off the record, not yet run; `when` makes it conditional (the upload: its row exists). */
export function forgetUnclaimed(db: Database, keys: readonly string[], when?: SQL) {
  return db.delete(unclaimedFiles).where(and(inList(unclaimedFiles.key, keys), when));
}

/**
 * Settles `keys` now: the files no photos row names leave R2, then all of
 * `keys` leave the record (those recorded after `recordedBy`, when given, stay:
 * someone recorded them again since they were read). Returns the files deleted.
 */
export async function settleFiles(app: FilesContext, keys: readonly string[], recordedBy?: number) {
  if (!keys.length) return 0;
  const named = await namedByPhotos(app.db, keys);
  const orphans = keys.filter((key) => !named.has(key));
  if (orphans.length) await app.env.PHOTOS.delete(orphans);
  await forgetUnclaimed(app.db, keys, recordedBy === undefined ? undefined : lte(unclaimedFiles.createdAt, recordedBy));
  return orphans.length;
}

/** Hourly: settles the oldest records past the grace period. Returns the files deleted. */
export async function settleUnclaimedFiles(app: FilesContext, now: number) {
  const cutoff = now - UNCLAIMED_GRACE;
  const due = await app.db
    .select({ key: unclaimedFiles.key })
    .from(unclaimedFiles)
    .where(lte(unclaimedFiles.createdAt, cutoff))
    .orderBy(asc(unclaimedFiles.createdAt))
    .limit(PER_RUN);
  return settleFiles(
    app,
    due.map((row) => row.key),
    cutoff,
  );
}

// Uploads name their files u/<member>/… (upload.ts), and only that member's
// rows name them: those keys are looked up through the photos_user index.
// Chat photos (c/<conversation>/…, chat/photos.ts) are never a photos row's:
// the message that sends one takes it off the record, so one still on record
// was never sent. Other keys (seeded photos) are looked for in the whole table.
const MEMBER_FOLDER = /^u\/(\d+)\//;
const CHAT_FOLDER = /^c\/\d+\//;

async function namedByPhotos(db: Database, keys: readonly string[]) {
  const members = new Set<number>();
  const elsewhere: string[] = [];
  for (const key of keys) {
    const folder = MEMBER_FOLDER.exec(key);
    if (folder) members.add(Number(folder[1]));
    else if (!CHAT_FOLDER.test(key)) elsewhere.push(key);
  }
  const naming = (list: readonly string[]) =>
    or(inList(photos.filename, list), inList(photos.thumbFilename, list)) as SQL;
  const lookups: SQL[] = [];
  if (members.size) lookups.push(and(inList(photos.userId, [...members]), naming(keys)) as SQL);
  if (elsewhere.length) lookups.push(naming(elsewhere));

  const named = new Set<string>();
  for (const where of lookups) {
    const rows = await db.select({ filename: photos.filename, thumb: photos.thumbFilename }).from(photos).where(where);
    for (const row of rows) named.add(row.filename).add(row.thumb);
  }
  return named;
}
