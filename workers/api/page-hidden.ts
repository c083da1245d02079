// POST /api/page-hidden.php: the beacon a page sends when it becomes
// hidden; recorded when the page asked for bounce logging (?lb). The page is
// named by ?page= (the client sends it) or the Referer. Always an empty JSON answer.
import { Hono } from "hono";
import { bouncePath, recordPageHidden } from "#app/server/site/page-events.ts";
import type { AppEnv } from "#workers/server.ts";

export const pageHiddenApi = new Hono<AppEnv>().post("/page-hidden.php", async (c) => {
  const { app } = c.var;
  const path = bouncePath(c.req.query("page") ?? c.req.header("referer"), app.origin);
  if (path) await recordPageHidden(app, path);
  return c.json({});
});
