// The page gate: every request React Router serves (documents, .data fetches,
// form posts, resource routes) asks the door table for the route it matched
// before any loader or action runs. A route without a row answers 404.
import { data, type MiddlewareFunction, redirect } from "react-router";
import { requestContext } from "#app/context.ts";
import { translator } from "#app/i18n/i18next.server.ts";
import { loginRedirect } from "#app/routing/guards.server.ts";
import { admission, knockerOf, pageDoor } from "#app/server/access/policy.ts";
import { loginPath } from "#app/server/operators/gate.ts";

export const pageAccess: MiddlewareFunction<Response> = async ({ request, context, pattern, params, url }, next) => {
  const app = context.get(requestContext);
  const door = pageDoor(request.method, pattern, url.searchParams);
  // A page posted to without an action is still that page's: its own rule first, then 405.
  const page = door ?? pageDoor("GET", pattern);
  const verdict = admission(page, knockerOf(app, app.operator));
  const t = (key: string) => translator(app.locale)(key);
  switch (verdict) {
    case "open":
      if (!door) throw data({ message: t("errors:methodNotAllowed") }, { status: 405 });
      return next();
    case "away": {
      const memberTo = page?.audience.kind === "visitor" ? page.audience.memberTo : undefined;
      throw redirect(memberTo ? fillParams(memberTo, params) : "/members");
    }
    case "forbidden":
      throw data({ message: t("admin:errors.forbidden") }, { status: 403 });
    case "hidden":
      if (!page) app.log.warn("no access rule for this page", { method: request.method, pattern });
      throw data({ message: t("errors:notFound") }, { status: 404 });
    case "login": {
      const here = url.pathname + url.search;
      if (page?.audience.kind === "operator") {
        if (request.method === "GET" || request.method === "HEAD") throw redirect(loginPath(here));
        throw data({ message: t("admin:errors.loginRequired") }, { status: 401 });
      }
      const visitorTo = page?.audience.kind === "member" ? page.audience.visitorTo : undefined;
      throw redirect(visitorTo ? fillParams(visitorTo, params) : loginRedirect(here));
    }
  }
};

/** "/members/:id/signup" with the request's own params. */
function fillParams(path: string, params: Record<string, string | undefined>) {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
}
