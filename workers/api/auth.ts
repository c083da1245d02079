// Guards for /api/*: a logged-out caller of a member endpoint gets 403 with
// `authentication_required` (the client logs out on that answer), and
// state-changing calls must carry the client header, which a
// cross-site form cannot send.
import type { Context, MiddlewareHandler } from "hono";
import { CLIENT_HEADER } from "#app/schemas/client-header.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import type { AppEnv } from "#workers/server.ts";
import { apiError, catalogueError } from "./errors.ts";

export function requireMember(c: Context<AppEnv>): SessionMember | Response {
  return c.var.app.member ?? catalogueError(c, "authentication_required");
}

export const requireClientHeader: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== "GET" && c.req.method !== "HEAD" && !c.req.header(CLIENT_HEADER.name)) {
    return apiError(c, 403, "client_header_required", "errors:clientHeaderRequired");
  }
  await next();
};

/** JSON, or a form post from a page without JavaScript. */
export async function readBody(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  try {
    if (type.includes("application/json")) return await c.req.json();
    if (type.includes("form")) return Object.fromEntries(await c.req.formData());
  } catch {
    return null;
  }
  return null;
}
