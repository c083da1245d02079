// The console's session: finds the operator once per request and puts it on
// the request context (where the page gate and the console's loaders read it),
// slides the session, forgets a dead cookie, and keeps every console answer out
// of search engines and caches. Who may open which console page is the page gate's.
import type { MiddlewareHandler } from "hono";
import { errorFields } from "#app/server/log.ts";
import { consolePath } from "#app/server/operators/gate.ts";
import {
  clearedOperatorCookie,
  findOperatorSession,
  operatorToken,
  slideOperatorSession,
} from "#app/server/operators/session.ts";
import type { AppEnv } from "./server.ts";

export const adminGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!consolePath(new URL(c.req.url).pathname)) return next();
  const app = c.var.app;
  const now = app.now();
  const token = operatorToken(c.req.raw);
  const operator = token ? await findOperatorSession(app.db, token, now) : null;
  app.operator = operator;

  await next();

  c.res.headers.set("X-Robots-Tag", "noindex, nofollow");
  c.res.headers.set("Cache-Control", "no-store");
  if (token && !operator) c.res.headers.append("Set-Cookie", clearedOperatorCookie(c.req.raw));
  const slide = operator ? slideOperatorSession(app.db, operator, now) : null;
  if (slide) {
    app.ctx.waitUntil(
      slide.run().catch((e: unknown) => app.log.warn("operator session upkeep failed", errorFields(e))),
    );
  }
};
