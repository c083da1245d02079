// The Worker's gate for /api, /media, the chat socket and the site files: a
// request reaches a handler only through a door of the table
// (app/server/access/doors.ts) that admits it. Pages have their own gate in
// React Router's middleware (app/middleware/access.server.ts).
import type { MiddlewareHandler } from "hono";
import { admission, isWorkerPath, knockerOf, workerDoor } from "#app/server/access/policy.ts";
import { apiError, catalogueError } from "./api/errors.ts";
import type { AppEnv } from "./server.ts";

export const workerAccess: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  if (!isWorkerPath(url.pathname)) return next();
  const { app } = c.var;
  const door = workerDoor(c.req.method, url.pathname, url.searchParams);
  const verdict = admission(door, knockerOf(app));
  if (!door || verdict === "hidden") {
    if (!door) app.log.warn("no access rule for this path", { method: c.req.method, path: url.pathname });
    return url.pathname.startsWith("/api/") ? apiError(c, 404, "not_found", "errors:apiNotFound") : c.notFound();
  }
  // Media never tells a visitor that a member's file exists.
  if (verdict === "login") return door.kind === "media" ? c.notFound() : catalogueError(c, "authentication_required");
  if (verdict !== "open") return apiError(c, 403, "forbidden", "errors:forbiddenOrigin");
  // A socket is opened only from this site's own pages: browsers always send
  // the page's Origin with the handshake, and cookies ride along cross-site.
  if (door.kind === "socket" && c.req.header("origin") !== app.origin) {
    return apiError(c, 403, "forbidden", "errors:forbiddenOrigin");
  }
  return next();
};
