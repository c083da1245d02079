// The console's paths: which URL path is a console page, where to sign in, and
// where a sign-in may send the operator on to. Who may open which console page
// is the door table's (app/server/access/doors.ts).
import { doors } from "#app/server/access/doors.ts";
import { safeRedirectPath } from "#app/server/http/redirect.ts";

/** The console path a URL path stands for (React Router's `.data` suffix removed), or null if it is not one. */
export function consolePath(pathname: string): string | null {
  const path = pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.replace(/\.data$/, "");
  const clean = path.replace(/\/+$/, "") || "/";
  return clean === "/admin" || clean.startsWith("/admin/") ? clean : null;
}

/** The sign-in steps, which must not be where a finished sign-in leads. */
const signInPaths = new Set(doors.filter((d) => d.audience.kind === "operator-sign-in").map((d) => d.path));

export function loginPath(returnTo: string) {
  return `/admin/login?${new URLSearchParams({ redirectTo: returnTo })}`;
}

/** Where to go after signing in: a console page, nothing else. */
export function safeConsoleRedirect(to: string | null | undefined): string {
  const next = safeRedirectPath(to, "/admin");
  const path = consolePath(new URL(next, "http://x").pathname);
  return path && !signInPaths.has(path) ? next : "/admin";
}
