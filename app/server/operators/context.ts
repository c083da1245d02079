// What operator rules get: the request's context plus the signed-in operator.
// The /admin gate (workers/admin.ts) finds the operator once per request and
// remembers it against that request's context, where the console's loaders
// and actions look it up (requireOperator).
import { data, type RouterContextProvider } from "react-router";
import { type RequestContext, requestContext } from "#app/context.ts";
import { translator } from "#app/i18n/i18next.server.ts";
import { can, type Permission } from "./roles.ts";
import type { SessionOperator } from "./session.ts";

export type OperatorContext = Pick<
  RequestContext,
  "db" | "env" | "ctx" | "now" | "log" | "requestId" | "origin" | "domain" | "settings" | "locale" | "country"
> & { operator: SessionOperator };

const signedIn = new WeakMap<RequestContext, SessionOperator>();

export function rememberOperator(app: RequestContext, operator: SessionOperator) {
  signedIn.set(app, operator);
}

/** The operator of this request, verified (password and second factor) or not. */
export function operatorOf(app: RequestContext): SessionOperator | null {
  return signedIn.get(app) ?? null;
}

/**
 * For a console loader or action: the verified operator with the permission,
 * or a 403. (The gate already sent everyone else to the login.)
 */
export function requireOperator(context: Readonly<RouterContextProvider>, permission: Permission): OperatorContext {
  const app = context.get(requestContext);
  const operator = operatorOf(app);
  const t = translator(app.locale);
  if (!operator?.session.verified) throw data({ message: t("admin:errors.loginRequired") }, { status: 401 });
  if (!can(operator.role, permission)) throw data({ message: t("admin:errors.forbidden") }, { status: 403 });
  return { ...app, operator };
}
