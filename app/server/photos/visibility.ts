// Who may see a photo, written once: public active photos everyone;
// private active photos the owner and premium members; pending and rejected
// photos only the owner. Others see a member's photos only while the member is
// shown to others (profiles.searchable: not banned, invisible, unconfirmed or
// deleted); the owner always sees their own. Photos others may see only as
// "locked" carry no URL, and private files (and the owner's own, which may be
// hidden from everyone else) are served through /media/private/<id>/..., which
// asks this rule on every request, never through the public, cacheable path.
// On the profile screen a visitor sees the main photo only and a free member
// every public one; the rest are locked with what unlocks them: logging in
// (more photos), or premium (private photos).
import { and, eq, or } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { photoStatuses } from "#app/schemas/enums.ts";
import { photos, profiles } from "#app/server/db/schema.ts";
import { blockBetween } from "#app/server/members/blocks.ts";
import { photoUrl } from "#app/server/members/photo-url.ts";

export type PhotoStatus = (typeof photoStatuses)[number];
export type PhotoViewer = { id: number; paidUser: boolean } | null;
export type PhotoVariant = "full" | "thumb";

export interface PhotoFiles {
  id: number;
  filename: string;
  thumbFilename: string;
  status: PhotoStatus;
  isPrivate: boolean;
}

/** What unlocks a locked photo for this viewer: logging in (a visitor) or premium (a free member). */
type PhotoUnlock = "login" | "premium";
export type ViewablePhoto =
  | { id: number; locked: true; unlock: PhotoUnlock }
  | { id: number; locked: false; thumb: string; url: string };

/** How many of a member's photos a visitor sees on the profile screen: more ask to log in. */
const VISITOR_PREVIEW = 1;

function canViewPhoto(
  photo: { status: PhotoStatus; isPrivate: boolean },
  viewer: PhotoViewer,
  ownerId: number,
): boolean {
  if (viewer && viewer.id === ownerId) return true;
  if (photo.status !== "active") return false;
  return !photo.isPrivate || viewer?.paidUser === true;
}

/** Public photos may be served from the cacheable public path (and a domain's CDN). */
export function isPublicPhoto(photo: { status: PhotoStatus; isPrivate: boolean }): boolean {
  return photo.status === "active" && !photo.isPrivate;
}

/**
 * How long the public path's answer may be kept. Any public photo may stop
 * being public (made private, rejected, deleted, its owner hidden), so no key
 * is kept long: a browser 5 minutes, a shared cache (the CDN) 55 minutes, so
 * a copy a browser took from the CDN at the last moment is gone within the
 * hour too. A photo that stops being public gets a new key and its old URLs
 * are purged (retire.ts); should that purge be missed, this heals it.
 */
export const PUBLIC_PHOTO_CACHE = "public, max-age=300, s-maxage=3300";

function privatePhotoUrl(id: number, variant: PhotoVariant): string {
  return `/media/private/${id}/${variant}`;
}

/** Where others load a photo they may see: public ones from the cacheable path, the rest through the private door. */
function photoUrls(photo: PhotoFiles, cdnPrefix = ""): { thumb: string; url: string } {
  return isPublicPhoto(photo)
    ? { thumb: photoUrl(photo.thumbFilename, cdnPrefix), url: photoUrl(photo.filename, cdnPrefix) }
    : ownPhotoUrls(photo);
}

/** Where the owner loads their own photo: the private door, which serves it whatever the owner's standing. */
export function ownPhotoUrls(photo: Pick<PhotoFiles, "id">): { thumb: string; url: string } {
  return { thumb: privatePhotoUrl(photo.id, "thumb"), url: privatePhotoUrl(photo.id, "full") };
}

/**
 * A member's photos as `viewer` may see them on the profile screen, the main
 * photo first: viewable ones with their URLs; active ones the viewer may not
 * open (private, or beyond a visitor's preview) as locked,
 * with what unlocks them; pending or rejected ones of someone else not at all.
 */
export function viewablePhotos(
  memberPhotos: readonly PhotoFiles[],
  viewer: PhotoViewer,
  ownerId: number,
  options: { cdnPrefix?: string; mainPhotoId?: number | null } = {},
): ViewablePhoto[] {
  const main = memberPhotos.filter((photo) => photo.id === options.mainPhotoId);
  const ordered = [...main, ...memberPhotos.filter((photo) => photo.id !== options.mainPhotoId)];
  const own = viewer !== null && viewer.id === ownerId;
  const full = own || viewer?.paidUser === true;
  const unlock: PhotoUnlock = viewer ? "premium" : "login";
  let shown = 0;
  return ordered.flatMap((photo): ViewablePhoto[] => {
    if (canViewPhoto(photo, viewer, ownerId) && (full || viewer !== null || shown < VISITOR_PREVIEW)) {
      shown += 1;
      const urls = own ? ownPhotoUrls(photo) : photoUrls(photo, options.cdnPrefix);
      return [{ id: photo.id, locked: false, ...urls }];
    }
    return photo.status === "active" ? [{ id: photo.id, locked: true, unlock }] : [];
  });
}

// Keys of profile photos name their owner: uploads `u/<userId>/...`, seeded
// photos `seed/<userId>-...`. The owner narrows the lookup to one member's
// photos (an index), so the public path costs one small query.
const OWNED_KEY = /^(?:u\/(\d+)\/|seed\/(\d+)-)/;

/**
 * Whether the public, cacheable path may serve this R2 key. Default deny: only
 * the file of an existing, active, non-private profile photo of a member shown
 * to others. Every other key (a chat photo, a file whose row is gone, anything
 * a later feature stores) is served through its own door with its own rule, or
 * not at all.
 */
export async function isPublicPhotoFile(app: Pick<RequestContext, "db">, key: string): Promise<boolean> {
  const match = OWNED_KEY.exec(key);
  if (!match) return false;
  const ownerId = Number(match[1] ?? match[2]);
  const [photo] = await app.db
    .select({ status: photos.status, isPrivate: photos.isPrivate })
    .from(photos)
    .innerJoin(profiles, and(eq(profiles.userId, photos.userId), eq(profiles.searchable, 1)))
    .where(and(eq(photos.userId, ownerId), or(eq(photos.filename, key), eq(photos.thumbFilename, key))))
    .limit(1);
  return photo ? isPublicPhoto(photo) : false;
}

/** The R2 key of a photo's file if `viewer` may see it, else null (whether it exists or not). */
export async function viewablePhotoFile(
  app: Pick<RequestContext, "db">,
  photoId: number,
  variant: PhotoVariant,
  viewer: PhotoViewer,
): Promise<string | null> {
  if (!Number.isSafeInteger(photoId)) return null;
  const [photo] = await app.db
    .select({
      userId: photos.userId,
      filename: photos.filename,
      thumbFilename: photos.thumbFilename,
      status: photos.status,
      isPrivate: photos.isPrivate,
      ownerShown: profiles.searchable,
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.userId, photos.userId))
    .where(eq(photos.id, photoId))
    .limit(1);
  if (!photo || !canViewPhoto(photo, viewer, photo.userId)) return null;
  const own = viewer?.id === photo.userId;
  if (!own && photo.ownerShown !== 1) return null;
  // A member who blocked the viewer keeps their private photos from them too.
  if (viewer && !own) {
    const { aBlockedB } = await blockBetween(app.db, photo.userId, viewer.id);
    if (aBlockedB) return null;
  }
  return variant === "full" ? photo.filename : photo.thumbFilename;
}
