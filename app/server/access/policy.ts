// Asking the door table (doors.ts) who may come in. A page's door is found by
// the route pattern React Router matched; the rest are matched with Hono's
// router on the same patterns Hono serves them with, so a door here matches
// exactly the requests its route answers. The answer is an admission; the
// gates (app/middleware/access.ts for pages, workers/access.ts for /api,
// /media, the chat socket and site files) turn it into the HTTP answer.
import { RegExpRouter } from "hono/router/reg-exp-router";
import { appConfig } from "#app/server/config/env.ts";
import { can, type OperatorRole } from "#app/server/operators/roles.ts";
import { type Door, type DoorMethod, doors } from "./doors.ts";

export type Admission =
  /** Come in; the resource's rule (if any) is applied behind the door. */
  | "open"
  /** A visitor at a member's door: log in first (or go to the door's `visitorTo`). */
  | "login"
  /** A member at a visitor's door (login, signup): on to the members area. */
  | "away"
  /** No door here, or one that must not be seen to exist (developer tools in production). */
  | "hidden"
  /** An operator whose role lacks the door's permission. */
  | "forbidden";

export interface Knocker {
  /** A logged-in member. */
  member: boolean;
  /** The operator of this request, if any; only a verified one (second factor done) counts. */
  operator: { role: OperatorRole; verified: boolean } | null;
  /** Production refuses developer tools. */
  production: boolean;
}

/** Who knocks, as the request context knows them (an operator only on console paths). */
export function knockerOf(
  app: { member: object | null; env: Env },
  operator: { role: OperatorRole; session: { verified: boolean } } | null = null,
): Knocker {
  return {
    member: app.member !== null,
    operator: operator && { role: operator.role, verified: operator.session.verified },
    production: appConfig(app.env).production,
  };
}

export function admission(door: Door | null, who: Knocker): Admission {
  if (!door) return "hidden";
  const { audience } = door;
  switch (audience.kind) {
    case "anyone":
    case "link":
    case "provider":
    case "operator-sign-in":
      return "open";
    case "developer":
      return who.production ? "hidden" : "open";
    case "visitor":
      return who.member ? "away" : "open";
    case "member":
      return who.member ? "open" : "login";
    case "operator":
      if (!who.operator?.verified) return "login";
      return can(who.operator.role, audience.permission) ? "open" : "forbidden";
  }
}

/** Pages act through one method (the action) whatever the form's method; HEAD reads like GET. */
const pageMethod = (method: string): DoorMethod => (method === "GET" || method === "HEAD" ? "GET" : "POST");

const pageDoors = doors.filter((d) => d.kind === "page");

/**
 * The page door for the route pattern React Router matched (a middleware's
 * `pattern`: "members/:id"); a door told apart by a query parameter (a mailed
 * link's token) wins over the plain one.
 */
export function pageDoor(method: string, pattern: string, query?: URLSearchParams): Door | null {
  const wanted = pageMethod(method);
  const path = `/${pattern.replace(/^\/+/, "")}`;
  const found = pageDoors.filter((d) => d.method === wanted && d.path === path);
  return found.find((d) => d.query && query?.has(d.query)) ?? found.find((d) => !d.query) ?? null;
}

/** Whether an operator's role opens a console page (for the console's menu). */
export function operatorMayOpen(role: OperatorRole, pattern: string): boolean {
  const door = pageDoor("GET", pattern);
  return door?.audience.kind === "operator" && can(role, door.audience.permission);
}

const routerDoors = doors.filter((d) => d.kind !== "page");
const router = new RegExpRouter<Door>();
for (const d of routerDoors) router.add(d.method, d.path, d);

/** Paths only the Worker's own routes serve: a request here without a door is refused. */
export function isWorkerPath(pathname: string): boolean {
  return (
    pathname.startsWith("/api/") ||
    pathname.startsWith("/media/") ||
    routerDoors.some((d) => d.kind === "site" && d.path === pathname)
  );
}

/** The /api, /media, socket or site door a request reaches (HEAD reads like GET). */
export function workerDoor(method: string, pathname: string, query: URLSearchParams): Door | null {
  const [matches] = router.match(method === "HEAD" ? "GET" : method, pathname);
  const found = matches.map(([d]) => d);
  // A door told apart by a query parameter wins over the plain one.
  return found.find((d) => d.query && query.has(d.query)) ?? found.find((d) => !d.query) ?? null;
}
