// A member's own photos: list, make main, make private or public, delete.
// Every query is scoped to the member, so another member's photo id is simply
// "not found" (404), never "forbidden": the answer does not reveal it exists.
import { and, asc, eq, exists, inArray, isNull, ne, not, or, type SQL, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { crashPoint } from "#app/server/crash-points.ts";
import type { Database } from "#app/server/db/client.ts";
import { photos, profiles } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { refreshHasPhoto } from "./has-photo.ts";
import { PREMIUM_PHOTO_LIMIT, photoLimit } from "./limits.ts";
import { fileKeys, purgeIfPublic, purgeQueued, rekeyPhoto } from "./retire.ts";
import { forgetUnclaimed, recordUnclaimed } from "./unclaimed.ts";
import { ownPhotoUrls, type PhotoStatus } from "./visibility.ts";

export type PhotosContext = Pick<RequestContext, "db" | "env" | "settings" | "now"> &
  Partial<Pick<RequestContext, "ctx" | "log">>;
export type PhotoOwner = { id: number; paidUser: boolean };
type Photo = typeof photos.$inferSelect;

/** One of the member's own photos, as /api/photos answers it. */
export interface OwnPhotoJson {
  id: number;
  thumb: string;
  url: string;
  status: PhotoStatus;
  is_private: boolean;
  is_main: boolean;
  position: number;
}

/** GET /api/photos: the member's photos and how many of their allowance they use. */
interface OwnPhotosJson {
  photos: OwnPhotoJson[];
  /** `premium_max` lets a free member's screen say what premium would allow. */
  limit: { used: number; max: number; premium_max: number };
}

/** Photos that count towards the limit: pending and active, not rejected. */
export const COUNTED_STATUSES = ["pending", "active"] as const;

export function ownPhotoJson(photo: Photo, mainPhotoId: number | null): OwnPhotoJson {
  return {
    id: photo.id,
    ...ownPhotoUrls(photo),
    status: photo.status,
    is_private: photo.isPrivate,
    is_main: photo.id === mainPhotoId,
    position: photo.position,
  };
}

export async function listOwnPhotos(app: Pick<PhotosContext, "db" | "settings">, member: PhotoOwner) {
  const [rows, [profile]] = await app.db.batch([
    app.db.select().from(photos).where(eq(photos.userId, member.id)).orderBy(asc(photos.position), asc(photos.id)),
    app.db.select({ mainPhotoId: profiles.mainPhotoId }).from(profiles).where(eq(profiles.userId, member.id)),
  ]);
  const mainPhotoId = profile?.mainPhotoId ?? null;
  return {
    photos: rows.map((photo) => ownPhotoJson(photo, mainPhotoId)),
    limit: {
      used: rows.filter((photo) => (COUNTED_STATUSES as readonly string[]).includes(photo.status)).length,
      max: photoLimit(member),
      premium_max: PREMIUM_PHOTO_LIMIT,
    },
  } satisfies OwnPhotosJson;
}

/**
 * Makes a photo main, private or public. Made private, it moves to a new key
 * (retire.ts): its public URL stops serving and is purged from the CDN.
 */
export async function updatePhoto(
  app: PhotosContext,
  member: PhotoOwner,
  id: number,
  changes: { isPrivate?: boolean; main?: boolean },
): Promise<OwnPhotoJson> {
  const { photo, mainPhotoId } = await findOwnPhoto(app.db, member.id, id);
  const isPrivate = changes.isPrivate ?? photo.isPrivate;
  // The main photo shows in search and on the profile for everyone: never a private or rejected one.
  if (changes.main && (isPrivate || photo.status === "rejected")) throw new DomainError("invalid_input");

  const statements = [];
  const madePrivate = changes.isPrivate === true && !photo.isPrivate;
  if (changes.isPrivate !== undefined && changes.isPrivate !== photo.isPrivate && !madePrivate) {
    statements.push(
      app.db
        .update(photos)
        .set({ isPrivate: changes.isPrivate })
        .where(and(eq(photos.id, id), eq(photos.userId, member.id))),
    );
  }
  if (changes.main) {
    statements.push(app.db.update(profiles).set({ mainPhotoId: id }).where(eq(profiles.userId, member.id)));
  } else if (isPrivate && mainPhotoId === id) {
    statements.push(passMainOn(app.db, member.id, id));
  }
  statements.push(refreshHasPhoto(app.db, member.id));
  const [first, ...rest] = statements;
  if (madePrivate) await rekeyPhoto(app, photo, { isPrivate: true }, statements);
  else if (first) await app.db.batch([first, ...rest]);

  const updated = await findOwnPhoto(app.db, member.id, id);
  return ownPhotoJson(updated.photo, updated.mainPhotoId);
}

/**
 * Deletes the photo's row, puts its files on record as unclaimed and queues
 * the purge of its public URLs in one batch, then deletes the files and the
 * record (unclaimed.ts: after a crash in between, the hourly job does) and
 * sends the purge (retire.ts). The main photo passes to the next active public one.
 */
export async function deletePhoto(app: Omit<PhotosContext, "settings">, member: PhotoOwner, id: number) {
  const { photo } = await findOwnPhoto(app.db, member.id, id);
  const keys = fileKeys(photo);
  const purge = purgeIfPublic(app, photo);
  await app.db.batch([
    app.db.delete(photos).where(and(eq(photos.id, id), eq(photos.userId, member.id))),
    passMainOn(app.db, member.id, id),
    refreshHasPhoto(app.db, member.id),
    recordUnclaimed(app.db, keys, app.now()),
    ...purge,
  ]);
  crashPoint("photo:row-deleted");
  await app.env.PHOTOS.delete(keys);
  await forgetUnclaimed(app.db, keys);
  if (purge.length) await purgeQueued(app);
}

async function findOwnPhoto(db: Database, userId: number, id: number) {
  if (!Number.isSafeInteger(id)) throw new DomainError("photo_not_found");
  const [row] = await db
    .select({ photo: photos, mainPhotoId: profiles.mainPhotoId })
    .from(photos)
    .innerJoin(profiles, eq(profiles.userId, photos.userId))
    .where(and(eq(photos.id, id), eq(photos.userId, userId)))
    .limit(1);
  if (!row) throw new DomainError("photo_not_found");
  return row;
}

/** If `fromId` is the member's main photo, the first other active public photo becomes main, else none. */
export function passMainOn(db: Database, userId: number, fromId: number) {
  const next = db
    .select({ id: photos.id })
    .from(photos)
    .where(
      and(eq(photos.userId, userId), eq(photos.status, "active"), eq(photos.isPrivate, false), ne(photos.id, fromId)),
    )
    .orderBy(asc(photos.position), asc(photos.id))
    .limit(1);
  return db
    .update(profiles)
    .set({ mainPhotoId: sql`${next}` })
    .where(and(eq(profiles.userId, userId), eq(profiles.mainPhotoId, fromId)));
}

/**
 * The photo becomes the member's main photo when they have none they still
 * show (none set, or it points at a photo gone or rejected). `photoId` may be
 * a subquery; `when` adds a condition (the upload: that the photo was stored).
 */
export function takeMainIfFree(db: Database, userId: number, photoId: number | SQL, when?: SQL) {
  const currentMainShown = exists(
    db
      .select({ one: sql`1` })
      .from(photos)
      .where(and(eq(photos.id, profiles.mainPhotoId), eq(photos.userId, userId), sql`${photos.status} <> 'rejected'`)),
  );
  return db
    .update(profiles)
    .set({ mainPhotoId: sql`${photoId}` })
    .where(and(eq(profiles.userId, userId), when, or(isNull(profiles.mainPhotoId), not(currentMainShown))));
}

/** How many photos count towards the member's limit (for the upload check). */
export async function countedPhotos(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(photos)
    .where(and(eq(photos.userId, userId), inArray(photos.status, COUNTED_STATUSES)));
  return row?.count ?? 0;
}
