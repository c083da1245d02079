// What a notice is about, read once for the form, the filing and the queue: a
// profile, a photo or a message, with the member it belongs to. Anyone may
// report what they may see (a visible profile, a public photo, a private one
// for a premium member); a message
// only a member who took part in its conversation, and only another's. Content
// that existed but is gone (a photo rejected, its member banned) is still
// named, as unavailable: a notice about it is decided at once.
import { eq } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { NoticeTarget } from "#app/schemas/notices.ts";
import { senderOfReceivedMessage } from "#app/server/chat/received-message.ts";
import { photos, profiles, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { ageOn } from "#app/server/members/age.ts";

export interface ResolvedTarget {
  type: "profile" | "photo" | "message";
  memberId: number;
  name: string;
  age: number;
  photoId: number | null;
  conversationId: number | null;
  seq: number | null;
  /** False when the content was already removed: the photo rejected, or its member banned. */
  available: boolean;
}

type TargetContext = Pick<RequestContext, "db" | "env" | "now">;

const owner = {
  memberId: users.id,
  name: profiles.name,
  dateOfBirth: profiles.dateOfBirth,
  searchable: profiles.searchable,
  userStatus: users.status,
  bannedAt: users.bannedAt,
};

type Owner = { memberId: number; name: string; dateOfBirth: string; userStatus: string; bannedAt: number | null };
const banned = (row: Owner) => row.userStatus === "banned" || row.bannedAt !== null;

function resolved(app: TargetContext, row: Owner, rest: Omit<ResolvedTarget, "memberId" | "name" | "age">) {
  return { memberId: row.memberId, name: row.name, age: ageOn(row.dateOfBirth, app.now()), ...rest };
}

/** The target a notice names, as the reporter (null for a visitor) may report it; refuses what they may not. */
export async function resolveTarget(
  app: TargetContext,
  target: NoticeTarget,
  reporter: { id: number; paidUser?: boolean } | null,
): Promise<ResolvedTarget> {
  const none = { photoId: null, conversationId: null, seq: null };
  if (target.photo !== undefined) {
    const [row] = await app.db
      .select({ ...owner, status: photos.status, isPrivate: photos.isPrivate })
      .from(photos)
      .innerJoin(users, eq(users.id, photos.userId))
      .innerJoin(profiles, eq(profiles.userId, photos.userId))
      .where(eq(photos.id, target.photo));
    if (!row) throw new DomainError("photo_not_found");
    const gone = row.status === "rejected" || banned(row);
    // A private photo only for a premium member, who may see it.
    if (!gone && (row.status !== "active" || (row.isPrivate && !reporter?.paidUser) || row.searchable !== 1)) {
      throw new DomainError("photo_not_found");
    }
    return resolved(app, row, { ...none, type: "photo", photoId: target.photo, available: !gone });
  }
  if (target.conversation !== undefined && target.seq !== undefined) {
    if (!reporter) throw new DomainError("conversation_not_found");
    const senderId = await senderOfReceivedMessage(app, target.conversation, target.seq, reporter.id);
    if (senderId === null) throw new DomainError("conversation_not_found");
    const [row] = await app.db
      .select(owner)
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, senderId));
    if (!row) throw new DomainError("conversation_not_found");
    return resolved(app, row, {
      type: "message",
      photoId: null,
      conversationId: target.conversation,
      seq: target.seq,
      available: !banned(row),
    });
  }
  if (target.member === undefined) throw new DomainError("member_not_found");
  const [row] = await app.db
    .select(owner)
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, target.member));
  if (!row) throw new DomainError("member_not_found");
  if (!banned(row) && row.searchable !== 1) throw new DomainError("member_not_found");
  return resolved(app, row, { ...none, type: "profile", available: !banned(row) });
}
