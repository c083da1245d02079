// The adapters between React Router and the domain: who a page's loader or
// action is for. The page gate (app/middleware/access.server.ts) already sent
// visitors to the login and everyone else away from the console, so this is
// where the type narrows; it refuses the same way if reached.
import { data, type RouterContextProvider, redirect } from "react-router";
import { requestContext } from "#app/context.ts";
import { translator } from "#app/i18n/i18next.server.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { can, type Permission } from "#app/server/operators/roles.ts";

/** Where a visitor goes to log in first, coming back to `here` afterwards. */
export function loginRedirect(here: string) {
  return `/login?${new URLSearchParams({ redirectTo: here })}`;
}

/** The member of a member page, or the way to the login. */
export function requireMember(context: Readonly<RouterContextProvider>, request: Request) {
  const app = context.get(requestContext);
  if (app.member) return { app, member: app.member };
  const url = new URL(request.url);
  throw redirect(loginRedirect(url.pathname + url.search));
}

/** For a console loader or action: the verified operator with the permission, or a 401/403. */
export function requireOperator(context: Readonly<RouterContextProvider>, permission: Permission): OperatorContext {
  const app = context.get(requestContext);
  const { operator } = app;
  const t = translator(app.locale);
  if (!operator?.session.verified) throw data({ message: t("admin:errors.loginRequired") }, { status: 401 });
  if (!can(operator.role, permission)) throw data({ message: t("admin:errors.forbidden") }, { status: 403 });
  return { ...app, operator };
}
