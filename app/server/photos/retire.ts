// A photo that stops being public (made private, rejected) or goes (deleted)
// must stop serving under the key it was public under: shared caches and
// anyone who kept the URL would otherwise see it still. A photo that stays
// gets a new, unguessable key: its files are copied there and its row moved
// over, then the old files leave R2, so the old URL answers 404 from the
// Worker; the URLs of a photo that was public are purged from the CDN
// (cdn/purge.ts). R2 and D1 cannot be written together, so this runs as an
// upload does (unclaimed.ts): the new keys are on record before their files
// are written and leave it in the batch that moves the row, which also puts
// the old keys on record and queues the purge; a crash anywhere leaves only
// files the hourly job removes, and a purge the outbox run retries.
import { and, eq, exists, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { RequestContext } from "#app/context.ts";
import { randomToken } from "#app/server/accounts/tokens.ts";
import { purgeSoon, purgeStatements } from "#app/server/cdn/purge.ts";
import { crashPoint } from "#app/server/crash-points.ts";
import { photos } from "#app/server/db/schema.ts";
import { createLogger } from "#app/server/log.ts";
import { photoUrl } from "#app/server/members/photo-url.ts";
import { forgetUnclaimed, recordUnclaimed, settleFiles } from "./unclaimed.ts";
import { isPublicPhoto, type PhotoFiles } from "./visibility.ts";

export type RetireContext = Pick<RequestContext, "db" | "env" | "now"> & Partial<Pick<RequestContext, "ctx" | "log">>;
type Retired = Pick<PhotoFiles, "id" | "filename" | "thumbFilename" | "status" | "isPrivate"> & { userId: number };
type Statement = BatchItem<"sqlite">;

/** A photo's files in R2: seeded photos use one file for both sizes. */
export const fileKeys = (photo: Pick<PhotoFiles, "filename" | "thumbFilename">) => [
  ...new Set([photo.filename, photo.thumbFilename]),
];

/** The purge of the photo's public URLs, queued in the caller's batch: none unless it was public. */
export function purgeIfPublic(app: RetireContext, photo: Retired): Statement[] {
  if (!isPublicPhoto(photo)) return [];
  return purgeStatements(
    app,
    fileKeys(photo).map((key) => photoUrl(key)),
    app.now(),
  );
}

/** Delivers what purgeIfPublic queued, after the answer when there is a request. */
export function purgeQueued(app: RetireContext) {
  return purgeSoon({ ...app, log: app.log ?? createLogger("photos") });
}

/**
 * Gives the photo new keys and applies `set` to its row, with `also` in the
 * same batch (the main photo passing on, an audit row). When another change
 * moved the row first, this one's copies leave R2 again and `set` is not applied.
 */
export async function rekeyPhoto(
  app: RetireContext,
  photo: Retired,
  set: Partial<typeof photos.$inferInsert>,
  also: Statement[] = [],
) {
  const { db } = app;
  const name = randomToken(18);
  const extension = (key: string) => /\.[a-z0-9]+$/i.exec(key)?.[0] ?? ".jpg";
  const filename = `u/${photo.userId}/${name}${extension(photo.filename)}`;
  const thumbFilename =
    photo.thumbFilename === photo.filename ? filename : `u/${photo.userId}/${name}-t${extension(photo.thumbFilename)}`;
  const moves = new Map([
    [photo.filename, filename],
    [photo.thumbFilename, thumbFilename],
  ]);
  const newKeys = [...new Set(moves.values())];
  const oldKeys = fileKeys(photo);

  await recordUnclaimed(db, newKeys, app.now());
  try {
    for (const [from, to] of moves) {
      const file = await app.env.PHOTOS.get(from);
      if (file) await app.env.PHOTOS.put(to, file.body, { httpMetadata: file.httpMetadata });
    }
  } catch (error) {
    await settleFiles(app, newKeys).catch(() => 0);
    throw error;
  }
  crashPoint("photo:files-copied");

  const moved = exists(
    db
      .select({ one: sql`1` })
      .from(photos)
      .where(and(eq(photos.id, photo.id), eq(photos.filename, filename))),
  );
  const purge = purgeIfPublic(app, photo);
  const [update] = await db.batch([
    db
      .update(photos)
      .set({ ...set, filename, thumbFilename })
      .where(and(eq(photos.id, photo.id), eq(photos.filename, photo.filename))),
    ...also,
    forgetUnclaimed(db, newKeys, moved),
    recordUnclaimed(db, oldKeys, app.now()),
    ...purge,
  ]);
  crashPoint("photo:rekeyed");
  // The files no row names leave R2: the old ones (and this change's copies, when another change won).
  await settleFiles(app, [...oldKeys, ...newKeys]);
  if (purge.length && (update as D1Result).meta.changes === 1) await purgeQueued(app);
}
