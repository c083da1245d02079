// Photo moderation by operators: the queue of new photos — pending ones (domains
// with photo_moderation "pre" show them only after approval) first, then recent
// active ones nobody has reviewed yet, newest first ("post": shown at once,
// rejected afterwards).
// A reviewed photo is one with an audit row. Rejecting hides the photo from
// everyone but its owner, who sees "rejected" in their photo manager
// (visibility.ts); a rejected main photo passes the role on. A rejection comes
// with its reasons: the statement of reasons (decisions/) is written and mailed
// to the member in the same batch. Operators see every photo through the
// console's own media path.
import { and, asc, desc, eq, gt, inArray, notExists, or, sql } from "drizzle-orm";
import { photoStatuses } from "#app/schemas/enums.ts";
import { deliverAfterResponse } from "#app/server/accounts/mail.ts";
import { auditLog, photos, profiles, users } from "#app/server/db/schema.ts";
import { memberStatement, type Reasons } from "#app/server/decisions/statements.ts";
import { DomainError } from "#app/server/errors.ts";
import { decisionAuditStatement } from "#app/server/operators/audit.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { authorize } from "#app/server/operators/roles.ts";
import { refreshHasPhoto } from "./has-photo.ts";
import { passMainOn, takeMainIfFree } from "./manage.ts";
import { rekeyPhoto } from "./retire.ts";
import type { PhotoVariant } from "./visibility.ts";

/** Active photos newer than this still wait for a moderator's look. */
const REVIEW_WINDOW = 14 * 24 * 3_600_000;
const QUEUE_SIZE = 60;

const operatorPhotoUrl = (id: number, variant: PhotoVariant) => `/admin/photos/${id}/${variant}`;

export async function photoQueue(app: OperatorContext) {
  authorize(app.operator, "photos.moderate");
  const reviewed = app.db
    .select({ one: sql`1` })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, "photo"), eq(auditLog.targetId, sql`cast(${photos.id} as text)`)));
  const rows = await app.db
    .select({
      id: photos.id,
      status: photos.status,
      isPrivate: photos.isPrivate,
      createdAt: photos.createdAt,
      member: { id: users.id, name: profiles.name, domain: users.domain },
    })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .innerJoin(profiles, eq(profiles.userId, photos.userId))
    .where(
      or(
        eq(photos.status, "pending"),
        and(eq(photos.status, "active"), gt(photos.createdAt, app.now() - REVIEW_WINDOW), notExists(reviewed)),
      ),
    )
    // Pending photos first (their members wait for them), then the newest public ones: the
    // queue shows one screenful, and a new upload must not wait behind a backlog.
    .orderBy(sql`${photos.status} = 'pending' desc`, desc(photos.createdAt), desc(photos.id))
    .limit(QUEUE_SIZE);
  return rows.map((row) => ({
    ...row,
    thumb: operatorPhotoUrl(row.id, "thumb"),
    url: operatorPhotoUrl(row.id, "full"),
  }));
}

/** Approves a photo, or rejects it with its reasons (required: the member is told why). */
export async function decidePhoto(
  app: OperatorContext,
  input: { photo: number; decision: "approve" | "reject"; reasons?: Reasons },
) {
  authorize(app.operator, "photos.moderate");
  const [photo] = await app.db
    .select({
      id: photos.id,
      userId: photos.userId,
      status: photos.status,
      isPrivate: photos.isPrivate,
      filename: photos.filename,
      thumbFilename: photos.thumbFilename,
    })
    .from(photos)
    .where(eq(photos.id, input.photo));
  if (!photo) throw new DomainError("photo_not_found");
  const status = input.decision === "approve" ? "active" : "rejected";
  const audit = decisionAuditStatement(app, {
    action: `photo.${input.decision}`,
    targetType: "photo",
    targetId: photo.id,
    member: photo.userId,
    before: photo.status,
    after: status,
  });
  if (status === "rejected") {
    if (!input.reasons) throw new DomainError("reasons_required");
    // A rejected main photo passes the role on. Newly rejected, the photo moves to a new key: the
    // URL it may have been public under stops serving and is purged (retire.ts).
    const passOn = passMainOn(app.db, photo.userId, photo.id);
    const hasPhoto = refreshHasPhoto(app.db, photo.userId);
    if (photo.status === "rejected") {
      await app.db.batch([passOn, hasPhoto, audit]);
      return { status };
    }
    const statement = await memberStatement(app, {
      kind: "photo_rejected",
      member: photo.userId,
      targetType: "photo",
      targetId: photo.id,
      reasons: input.reasons,
      operatorId: app.operator.id,
      now: app.now(),
    });
    await rekeyPhoto(app, photo, { status }, [passOn, hasPhoto, audit, ...statement]);
    deliverAfterResponse(app);
    return { status };
  }
  // An approved public photo becomes main when no photo is.
  await app.db.batch([
    app.db.update(photos).set({ status }).where(eq(photos.id, photo.id)),
    ...(photo.isPrivate ? [] : [takeMainIfFree(app.db, photo.userId, photo.id)]),
    refreshHasPhoto(app.db, photo.userId),
    audit,
  ]);
  return { status };
}

/** The R2 key of any photo's file, for operators (the console's own media path). */
export async function operatorPhotoFile(app: OperatorContext, id: number, variant: PhotoVariant) {
  authorize(app.operator, "members.view");
  if (!Number.isSafeInteger(id)) return null;
  const [photo] = await app.db
    .select({ filename: photos.filename, thumb: photos.thumbFilename })
    .from(photos)
    .where(eq(photos.id, id));
  if (!photo) return null;
  return variant === "full" ? photo.filename : photo.thumb;
}

/** A member's photos with their statuses, for the member page. */
export async function memberPhotos(app: OperatorContext, memberId: number) {
  const rows = await app.db
    .select({ id: photos.id, status: photos.status, isPrivate: photos.isPrivate, createdAt: photos.createdAt })
    .from(photos)
    .where(and(eq(photos.userId, memberId), inArray(photos.status, photoStatuses)))
    .orderBy(asc(photos.position), asc(photos.id));
  return rows.map((row) => ({ ...row, thumb: operatorPhotoUrl(row.id, "thumb") }));
}
