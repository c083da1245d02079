// Uploading a photo (free members 3, premium 25): check the limit,
// re-encode (process.ts), put the files' keys on record as unclaimed, store
// both files in R2 under unguessable keys, then write the row and take the
// keys off the record in one batch (unclaimed.ts: a crash in between leaves
// them on record, and the hourly job removes the files). The row is inserted
// only while the member is under the limit (checked again inside the D1
// batch, so two uploads at once cannot both squeeze in); if the write fails
// or is refused, the files leave R2 again at once.
import { and, eq, exists, sql } from "drizzle-orm";
import { randomToken } from "#app/server/accounts/tokens.ts";
import { crashPoint } from "#app/server/crash-points.ts";
import { photos, profiles } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { refreshHasPhoto } from "./has-photo.ts";
import { inspectUpload, photoLimit } from "./limits.ts";
import {
  COUNTED_STATUSES,
  countedPhotos,
  type OwnPhotoJson,
  ownPhotoJson,
  type PhotoOwner,
  type PhotosContext,
  takeMainIfFree,
} from "./manage.ts";
import { processPhoto } from "./process.ts";
import { forgetUnclaimed, recordUnclaimed, settleFiles } from "./unclaimed.ts";

const JPEG = { contentType: "image/jpeg" };

export async function uploadPhoto(
  app: PhotosContext,
  member: PhotoOwner,
  file: { bytes: Uint8Array; private: boolean },
): Promise<OwnPhotoJson> {
  const max = photoLimit(member);
  const info = inspectUpload(file.bytes);
  if ((await countedPhotos(app.db, member.id)) >= max) throw new DomainError("photo_limit", { max });

  const processed = processPhoto(file.bytes, info);
  const name = randomToken(18);
  const fullKey = `u/${member.id}/${name}.jpg`;
  const thumbKey = `u/${member.id}/${name}-t.jpg`;
  const keys = [fullKey, thumbKey];
  // On a failure the files leave R2 at once, unless a row names them (a batch whose answer was lost may
  // have written it). Should that fail too, their record stays, and the hourly job removes them.
  const removeFiles = () => settleFiles(app, keys).catch(() => 0);

  const db = app.db;
  await recordUnclaimed(db, keys, app.now());
  try {
    await Promise.all([
      app.env.PHOTOS.put(fullKey, processed.full, { httpMetadata: JPEG }),
      app.env.PHOTOS.put(thumbKey, processed.thumb, { httpMetadata: JPEG }),
    ]);
  } catch (error) {
    await removeFiles();
    throw error;
  }
  crashPoint("photo:files-stored");

  const counted = sql`(select count(*) from ${photos} where ${photos.userId} = ${member.id} and ${photos.status} in ${COUNTED_STATUSES})`;
  const isNew = and(eq(photos.userId, member.id), eq(photos.filename, fullKey));
  const newId = db.select({ id: photos.id }).from(photos).where(isNew);
  const insert = db.insert(photos).select(
    db
      .select({
        id: sql<number>`null`.as("id"),
        userId: profiles.userId,
        filename: sql<string>`${fullKey}`.as("filename"),
        thumbFilename: sql<string>`${thumbKey}`.as("thumb_filename"),
        contentType: sql<string>`${JPEG.contentType}`.as("content_type"),
        status: sql<"pending" | "active">`${app.settings.photo_moderation === "post" ? "active" : "pending"}`.as(
          "status",
        ),
        isPrivate: sql<boolean>`${file.private ? 1 : 0}`.as("is_private"),
        width: sql<number>`${processed.width}`.as("width"),
        height: sql<number>`${processed.height}`.as("height"),
        position:
          sql<number>`coalesce((select max(${photos.position}) from ${photos} where ${photos.userId} = ${member.id}), -1) + 1`.as(
            "position",
          ),
        createdAt: sql<number>`${app.now()}`.as("created_at"),
      })
      .from(profiles)
      .where(and(eq(profiles.userId, member.id), sql`${counted} < ${max}`)),
  );
  const makeMain = takeMainIfFree(db, member.id, sql`${newId}`, exists(newId));
  // The row claims its files: off the record in the same batch, and only if the row was written.
  const claim = forgetUnclaimed(db, keys, exists(newId));
  const select = db
    .select({ photo: photos, mainPhotoId: profiles.mainPhotoId })
    .from(photos)
    .innerJoin(profiles, eq(profiles.userId, photos.userId))
    .where(isNew);

  let row: Awaited<typeof select>[number] | undefined;
  try {
    // A private photo never becomes the main photo: that one shows in search.
    const results = file.private
      ? await db.batch([insert, claim, select])
      : await db.batch([insert, makeMain, refreshHasPhoto(db, member.id), claim, select]);
    [row] = results[results.length - 1] as Awaited<typeof select>;
  } catch (error) {
    await removeFiles();
    throw error;
  }
  if (!row) {
    await removeFiles();
    throw new DomainError("photo_limit", { max });
  }
  return ownPhotoJson(row.photo, row.mainPhotoId);
}
