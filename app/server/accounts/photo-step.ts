// The signup flow's photo step: asked after the member said where they live,
// and again on the welcome page after activation, until the member has a photo
// (any, even one still awaiting review) or chose "skip for now". The skip is
// kept in a cookie for the weeks a signup flow lasts, so the flow does not ask
// twice; the profile page and its banner still offer a photo afterwards.

import { cookieHeader, readCookie } from "#app/server/http/cookies.ts";
import type { SessionMember } from "./session.ts";

const SKIPPED_COOKIE = "photo_step_skipped";
const SKIP_KEPT_FOR_S = 30 * 86_400;

/** Where the step leads on: the signup flow's matches, or back to the welcome page it sat on. */
export const afterPhotoStep = (next: unknown) => (next === "/activate/done" ? "/activate/done" : "/signup-matches");

/** Whether the flow asks this member for a photo now. */
export function asksForPhoto(request: Request, member: Pick<SessionMember, "profile">) {
  return member.profile.mainImage === null && readCookie(request, SKIPPED_COOKIE) !== "1";
}

/** The Set-Cookie that remembers "skip for now". */
export const skipPhotoStep = (request: Request) =>
  cookieHeader(request, SKIPPED_COOKIE, "1", { maxAge: SKIP_KEPT_FOR_S, httpOnly: true });
