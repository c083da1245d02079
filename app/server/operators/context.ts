// What operator rules get: the request's context plus the signed-in operator.
// The /admin gate (workers/admin.ts) finds the operator once per request and
// puts it on the request context; console pages narrow it with requireOperator.
import type { RequestContext } from "#app/context.ts";
import type { SessionOperator } from "./session.ts";

export type OperatorContext = Pick<
  RequestContext,
  "db" | "env" | "ctx" | "now" | "log" | "requestId" | "origin" | "domain" | "settings" | "locale" | "country"
> & { operator: SessionOperator };
