// The /admin gate (issue 9): finds the operator's session once per request,
// keeps every console answer out of search engines and caches, and answers a
// document request that has no verified operator (to the login) or the wrong
// role (403) before React Router runs. React Router's own .data fetches pass
// on to the admin layout's middleware, which applies the same rule in a form
// its client understands.
import type { MiddlewareHandler } from "hono";
import { translator } from "#app/i18n/i18next.server.ts";
import { errorFields } from "#app/server/log.ts";
import { operatorOf, rememberOperator } from "#app/server/operators/context.ts";
import { admit, consolePath, loginPath } from "#app/server/operators/gate.ts";
import {
  clearedOperatorCookie,
  findOperatorSession,
  operatorToken,
  slideOperatorSession,
} from "#app/server/operators/session.ts";
import type { AppEnv } from "./server.ts";

export const adminGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  const path = consolePath(url.pathname);
  if (!path) return next();
  const app = c.var.app;
  const now = app.now();
  const token = operatorToken(c.req.raw);
  const operator = token ? await findOperatorSession(app.db, token, now) : null;
  if (operator) rememberOperator(app, operator);

  const admission = admit(path, operator);
  if (admission !== "open" && !url.pathname.endsWith(".data")) {
    const t = translator(app.locale);
    if (admission === "login" && (c.req.method === "GET" || c.req.method === "HEAD")) {
      c.res = c.redirect(loginPath(url.pathname + url.search), 302);
    } else {
      const status = admission === "login" ? 401 : 403;
      const message = t(admission === "login" ? "admin:errors.loginRequired" : "admin:errors.forbidden");
      c.res = c.html(
        `<!doctype html><html lang="${app.locale}"><meta charset="utf-8"><title>${status}</title><p>${message}</p><p><a href="/admin">${t("admin:nav.dashboard")}</a></p></html>`,
        status,
      );
    }
  } else {
    await next();
  }

  c.res.headers.set("X-Robots-Tag", "noindex, nofollow");
  c.res.headers.set("Cache-Control", "no-store");
  if (token && !operator) c.res.headers.append("Set-Cookie", clearedOperatorCookie(c.req.raw));
  const current = operatorOf(app);
  const slide = current && current === operator ? slideOperatorSession(app.db, current, now) : null;
  if (slide) {
    app.ctx.waitUntil(
      slide.run().catch((e: unknown) => app.log.warn("operator session upkeep failed", errorFields(e))),
    );
  }
};
