// Opening a member's profile page: the profile as the viewer may see it, the
// viewer's own note about the member, and what opening it changes: a like
// from that member stops being new.
import type { RequestContext } from "#app/context.ts";
import { markLikeSeen } from "#app/server/likes/likes.ts";
import { readNote } from "./notes.ts";
import { getMemberProfile, type ProfileViewer } from "./profile.ts";

/** The profile page's content for `viewer` (null for a visitor), or null when they may not see the member. */
export async function openProfile(
  app: Pick<RequestContext, "db" | "settings" | "now">,
  memberId: number,
  viewer: ProfileViewer | null,
) {
  const profile = await getMemberProfile(app, memberId, viewer);
  if (!profile) return null;
  const [likeSeen, note] = await Promise.all([
    viewer && profile.relation?.likedBy ? markLikeSeen(app, viewer.id, profile.id) : false,
    viewer ? readNote(app, viewer.id, profile.id) : null,
  ]);
  return { profile, likeSeen, note };
}
