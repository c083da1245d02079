// Route guards: a member page's loader or action takes the member from here.
// The page gate (app/middleware/access.server.ts) already sent visitors to the
// login, so this is where the type narrows; it refuses the same way if reached.
import { type RouterContextProvider, redirect } from "react-router";
import { requestContext } from "#app/context.ts";

/** Where a visitor goes to log in first, coming back to `here` afterwards. */
export function loginRedirect(here: string) {
  return `/login?${new URLSearchParams({ redirectTo: here })}`;
}

export function requireMember(context: Readonly<RouterContextProvider>, request: Request) {
  const app = context.get(requestContext);
  if (app.member) return { app, member: app.member };
  const url = new URL(request.url);
  throw redirect(loginRedirect(url.pathname + url.search));
}
