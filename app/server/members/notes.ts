// Private profile notes: what a member writes down about another member, for
// their eyes only, on that member's profile and beside their conversation.
// The domain setting visible_profile_notes switches the feature; while it is
// off nothing is shown or saved, but notes already written are kept. A note
// can be saved only about a member whose profile the writer may see, and a
// note about a member who blocked its writer is neither shown nor changed
// while the block stands (it is kept, and shows again once it is lifted).
import { and, eq } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import { profileNotes, profiles } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { notBlockedBy, profileVisibleTo } from "./profile.ts";

type NotesContext = Pick<RequestContext, "db" | "settings" | "now">;

/** The panel's content for the owner, or null when this domain shows no notes or the member blocked the owner. */
export async function readNote(app: NotesContext, ownerId: number, memberId: number) {
  if (!app.settings.visible_profile_notes || ownerId === memberId) return null;
  const [[row], [unblocked]] = await app.db.batch([
    app.db
      .select({ text: profileNotes.text, updatedAt: profileNotes.updatedAt })
      .from(profileNotes)
      .where(and(eq(profileNotes.ownerId, ownerId), eq(profileNotes.memberId, memberId))),
    app.db
      .select({ id: profiles.userId })
      .from(profiles)
      .where(and(eq(profiles.userId, memberId), notBlockedBy(memberId, ownerId))),
  ]);
  if (!unblocked) return null;
  return { text: row?.text ?? "", updatedAt: row?.updatedAt ?? null };
}

/** Saves the owner's note about a member; an empty text deletes it. */
export async function saveNote(app: NotesContext, ownerId: number, memberId: number, text: string) {
  if (!app.settings.visible_profile_notes) throw new DomainError("notes_off");
  if (ownerId === memberId) throw new DomainError("not_yourself");
  // Only about a member whose profile the writer may see: any other answers as one who does not exist.
  const [member] = await app.db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(profileVisibleTo(memberId, ownerId));
  if (!member) throw new DomainError("member_not_found");
  const about = and(eq(profileNotes.ownerId, ownerId), eq(profileNotes.memberId, memberId));
  if (!text) {
    await app.db.delete(profileNotes).where(about);
    return { saved: true as const, text: "" };
  }
  const updatedAt = app.now();
  await app.db
    .insert(profileNotes)
    .values({ ownerId, memberId, text, updatedAt })
    .onConflictDoUpdate({ target: [profileNotes.ownerId, profileNotes.memberId], set: { text, updatedAt } });
  return { saved: true as const, text };
}
