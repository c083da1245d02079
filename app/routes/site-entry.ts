// POST /site-entry: the visitor entered past the site-entry warning. Records
// the skip timestamp so the warning is not shown again.
import { redirect } from "react-router";
import { requestContext } from "#app/context.ts";
import { cookieHeader } from "#app/server/http/cookies.ts";
import { safeRedirectPath } from "#app/server/http/redirect.ts";
import { SITE_ENTRY_COOKIE, SITE_ENTRY_MAX_AGE } from "#app/server/site/site-entry.ts";
import type { Route } from "./+types/site-entry";

export async function action({ request, context }: Route.ActionArgs) {
  const { now } = context.get(requestContext);
  const form = await request.formData();
  const to = form.get("redirectTo");
  return redirect(safeRedirectPath(typeof to === "string" ? to : null, "/"), {
    headers: { "Set-Cookie": cookieHeader(request, SITE_ENTRY_COOKIE, String(now()), { maxAge: SITE_ENTRY_MAX_AGE }) },
  });
}

export function loader() {
  return redirect("/");
}
