// Whether a member's face shows: profiles.has_photo is 1 exactly when the main
// photo exists, is approved (active) and public. Search, suggestions and the
// swipe game put those members first and read it from their index, so every
// change to a main photo or to a photo's status or privacy adds this statement
// at the end of its batch, as searchable.ts does for who may appear at all.
import { and, eq, exists, sql } from "drizzle-orm";
import type { Database } from "#app/server/db/client.ts";
import { photos, profiles } from "#app/server/db/schema.ts";

/** The statement that sets has_photo of one member (of every member without `userId`: the seed). */
export function refreshHasPhoto(db: Database, userId?: number) {
  const shown = db
    .select({ one: sql`1` })
    .from(photos)
    .where(and(eq(photos.id, profiles.mainPhotoId), eq(photos.status, "active"), eq(photos.isPrivate, false)));
  return db
    .update(profiles)
    .set({ hasPhoto: sql`${exists(shown)}` })
    .where(userId === undefined ? undefined : eq(profiles.userId, userId));
}
