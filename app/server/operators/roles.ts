// Operator roles: what each role may do in the console, in one table. The
// page gate asks the door table which permission a console page needs; every
// operator rule checks its own permission again, so a form posted to the
// wrong page cannot do more than the role allows.
import { operatorRoles } from "#app/schemas/enums.ts";

export { operatorRoles };

import { DomainError } from "#app/server/errors.ts";

export type OperatorRole = (typeof operatorRoles)[number];

export const permissions = {
  "dashboard.view": ["admin", "moderator", "support", "chat"],
  // Answering members as the domain's fictional profiles, and flagging members who seem vulnerable.
  desk: ["admin", "moderator", "chat"],
  // Reviewing the signs that a member may be vulnerable, which lifts the cap on their paid messages.
  "vulnerability.review": ["admin", "moderator"],
  // Notices from anyone (illegal content, breaches of the terms) and the decisions on them.
  "notices.handle": ["admin", "moderator"],
  // Appeals against a decision: decided by another operator than the decision's author.
  "appeals.handle": ["admin", "moderator"],
  // The transparency figures (notices, decisions, appeals per period).
  "transparency.export": ["admin"],
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
  // Lifting the direct-debit block a charge-back set: a money decision, as a refund is.
  "payments.directdebit": ["admin", "support"],
  "audit.view": ["admin"],
  // Stuck mail and texts: support answers members who got nothing.
  "outbox.handle": ["admin", "support"],
  // Promotions and news to many members at once: the site's owners only.
  "broadcasts.send": ["admin"],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type Permission = keyof typeof permissions;

export function can(role: OperatorRole, permission: Permission): boolean {
  return (permissions[permission] as readonly OperatorRole[]).includes(role);
}

/** Throws `operator_forbidden` unless the operator's role has the permission. */
export function authorize(operator: { role: OperatorRole }, permission: Permission) {
  if (!can(operator.role, permission)) throw new DomainError("operator_forbidden");
}

/** The console's navigation; each page's permission is its door's (app/server/access/doors.ts). */
export const consolePages = [
  { path: "/admin", key: "dashboard" },
  { path: "/admin/members", key: "members" },
  { path: "/admin/moderation/photos", key: "photos" },
  { path: "/admin/moderation/reports", key: "reports" },
  { path: "/admin/desk", key: "desk" },
  { path: "/admin/vulnerable", key: "vulnerable" },
  { path: "/admin/notices", key: "notices" },
  { path: "/admin/appeals", key: "appeals" },
  { path: "/admin/complaints", key: "complaints" },
  { path: "/admin/payments", key: "payments" },
  { path: "/admin/domains", key: "domains" },
  { path: "/admin/outbox", key: "outbox" },
  { path: "/admin/broadcasts", key: "broadcasts" },
  { path: "/admin/audit", key: "audit" },
  { path: "/admin/transparency", key: "transparency" },
] as const;
