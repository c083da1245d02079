// Who may open which console page: one rule for the Worker's /admin gate
// (document requests) and the admin layout's middleware (every request React
// Router serves, including its .data fetches and form posts).
import { areaPermission, can, PUBLIC_ADMIN_PATHS } from "./roles.ts";
import type { SessionOperator } from "./session.ts";

/** The console path a URL path stands for (React Router's `.data` suffix removed), or null if it is not one. */
export function consolePath(pathname: string): string | null {
  const path = pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.replace(/\.data$/, "");
  const clean = path.replace(/\/+$/, "") || "/";
  return clean === "/admin" || clean.startsWith("/admin/") ? clean : null;
}

export type Admission = "open" | "login" | "forbidden";

export function admit(path: string, operator: SessionOperator | null): Admission {
  if ((PUBLIC_ADMIN_PATHS as readonly string[]).includes(path)) return "open";
  if (!operator?.session.verified) return "login";
  const permission = areaPermission(path);
  return permission && can(operator.role, permission) ? "open" : "forbidden";
}

export function loginPath(returnTo: string) {
  return `/admin/login?${new URLSearchParams({ redirectTo: returnTo })}`;
}

/** Where to go after signing in: a console page, nothing else. */
export function safeConsoleRedirect(to: string | null | undefined): string {
  if (!to?.startsWith("/admin") || to.startsWith("//") || to.includes("\\")) return "/admin";
  const path = consolePath(new URL(to, "http://x").pathname);
  return path && !(PUBLIC_ADMIN_PATHS as readonly string[]).includes(path) ? to : "/admin";
}
