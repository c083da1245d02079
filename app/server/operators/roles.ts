// Operator roles (issue 9): what each role may do in the console, in one table.
// The /admin gate (workers/admin.ts) checks a page's area before React Router
// sees the request; every operator rule checks its own permission again, so a
// form posted to the wrong page cannot do more than the role allows.
import { DomainError } from "#app/server/errors.ts";

export const operatorRoles = ["admin", "moderator", "support"] as const;
export type OperatorRole = (typeof operatorRoles)[number];

export const permissions = {
  "dashboard.view": ["admin", "moderator", "support"],
  "domains.edit": ["admin"],
  "photos.moderate": ["admin", "moderator"],
  "reports.handle": ["admin", "moderator"],
  "complaints.handle": ["admin", "moderator", "support"],
  "members.view": ["admin", "moderator", "support"],
  "members.ban": ["admin", "moderator"],
  "members.credits": ["admin", "support"],
  "members.activation": ["admin", "support"],
  "members.logout": ["admin", "moderator", "support"],
  "members.delete": ["admin", "support"],
  "payments.view": ["admin", "support"],
  "payments.refund": ["admin", "support"],
  "audit.view": ["admin"],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type Permission = keyof typeof permissions;

export function can(role: OperatorRole, permission: Permission): boolean {
  return (permissions[permission] as readonly OperatorRole[]).includes(role);
}

/** Throws `operator_forbidden` unless the operator's role has the permission. */
export function authorize(operator: { role: OperatorRole }, permission: Permission) {
  if (!can(operator.role, permission)) throw new DomainError("operator_forbidden");
}

/** Pages anyone may open: signing in (the second step needs a password-checked session). */
export const PUBLIC_ADMIN_PATHS = ["/admin/login", "/admin/login/verify", "/admin/logout"] as const;

/** The permission a console page needs, by path prefix; the longest match wins. */
const areas: [prefix: string, permission: Permission][] = [
  ["/admin", "dashboard.view"],
  ["/admin/domains", "domains.edit"],
  ["/admin/moderation/photos", "photos.moderate"],
  ["/admin/moderation/reports", "reports.handle"],
  ["/admin/photos", "members.view"],
  ["/admin/complaints", "complaints.handle"],
  ["/admin/members", "members.view"],
  ["/admin/payments", "payments.view"],
  ["/admin/audit", "audit.view"],
];

export function areaPermission(pathname: string): Permission | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  let best: [string, Permission] | null = null;
  for (const area of areas) {
    const [prefix] = area;
    if ((path === prefix || path.startsWith(`${prefix}/`)) && (!best || prefix.length > best[0].length)) best = area;
  }
  return best?.[1] ?? null;
}

/** The console pages a role may open, for the navigation. */
export const consolePages = [
  { path: "/admin", key: "dashboard", permission: "dashboard.view" },
  { path: "/admin/members", key: "members", permission: "members.view" },
  { path: "/admin/moderation/photos", key: "photos", permission: "photos.moderate" },
  { path: "/admin/moderation/reports", key: "reports", permission: "reports.handle" },
  { path: "/admin/complaints", key: "complaints", permission: "complaints.handle" },
  { path: "/admin/payments", key: "payments", permission: "payments.view" },
  { path: "/admin/domains", key: "domains", permission: "domains.edit" },
  { path: "/admin/audit", key: "audit", permission: "audit.view" },
] as const satisfies readonly { path: string; key: string; permission: Permission }[];
