import { describe, expect, it } from "vitest";
import type { Audience, Door } from "#app/server/access/doors.ts";
import { type Admission, admission, type Knocker } from "#app/server/access/policy.ts";
import { DomainError } from "#app/server/errors.ts";
import { authorize, can, type OperatorRole, operatorRoles, permissions } from "#app/server/operators/roles.ts";

// Written out by hand: a change to the role table must change this test too.
const allowed: Record<string, OperatorRole[]> = {
  "dashboard.view": ["admin", "moderator", "support", "chat"],
  desk: ["admin", "moderator", "chat"],
  "vulnerability.review": ["admin", "moderator"],
  "notices.handle": ["admin", "moderator"],
  "appeals.handle": ["admin", "moderator"],
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
  "payments.directdebit": ["admin", "support"],
  "audit.view": ["admin"],
  "outbox.handle": ["admin", "support"],
  "broadcasts.send": ["admin"],
};
type Permission = keyof typeof permissions;
const roleTable = Object.entries(allowed).flatMap(([permission, roles]) =>
  operatorRoles.map((role) => [role, roles.includes(role) ? "may" : "may not", permission as Permission] as const),
);

describe("operator roles", () => {
  it("has exactly the four roles and the permissions listed here", () => {
    expect([...operatorRoles]).toEqual(["admin", "moderator", "support", "chat"]);
    expect(Object.keys(permissions).sort()).toEqual(Object.keys(allowed).sort());
  });

  it.each(roleTable)("%s %s %s", (role, may, permission) => {
    expect(can(role, permission)).toBe(may === "may");
  });

  it("lets an operator act only with the role's permission", () => {
    expect(() => authorize({ role: "moderator" }, "members.ban")).not.toThrow();
    expect(() => authorize({ role: "support" }, "members.ban")).toThrow(DomainError);
    // A chat operator answers at the desk and sees nothing of members beyond it.
    expect(() => authorize({ role: "chat" }, "desk")).not.toThrow();
    expect(() => authorize({ role: "chat" }, "members.view")).toThrow(DomainError);
    expect(() => authorize({ role: "moderator" }, "payments.refund")).toThrow(
      expect.objectContaining({ code: "operator_forbidden", status: 403 }),
    );
  });
});

const doorFor = (audience: Audience): Door => ({ kind: "page", method: "GET", path: "/somewhere", audience });
const visitor: Knocker = { member: false, operator: null, production: true };
const operator = (role: OperatorRole, verified = true): Knocker => ({ ...visitor, operator: { role, verified } });
const knockers: [string, Knocker][] = [
  ["a visitor", visitor],
  ["a member", { ...visitor, member: true }],
  ["an operator without the second factor", operator("admin", false)],
  ["an admin", operator("admin")],
  ["a moderator", operator("moderator")],
  ["a support operator", operator("support")],
];
const says: Record<Admission, string> = {
  open: "comes in",
  login: "is asked to log in",
  away: "is sent on to the members area",
  forbidden: "is refused",
  hidden: "finds nothing",
};

// Each row: what the six knockers above get at the door, in that order.
const doors: [string, Audience, Admission[]][] = [
  ["anyone", { kind: "anyone" }, ["open", "open", "open", "open", "open", "open"]],
  ["a mailed link", { kind: "link" }, ["open", "open", "open", "open", "open", "open"]],
  ["a provider", { kind: "provider" }, ["open", "open", "open", "open", "open", "open"]],
  ["the operator sign-in", { kind: "operator-sign-in" }, ["open", "open", "open", "open", "open", "open"]],
  ["visitors", { kind: "visitor" }, ["open", "away", "open", "open", "open", "open"]],
  ["members", { kind: "member" }, ["login", "open", "login", "login", "login", "login"]],
  [
    "photo moderation",
    { kind: "operator", permission: "photos.moderate" },
    ["login", "login", "login", "open", "open", "forbidden"],
  ],
  [
    "refunds",
    { kind: "operator", permission: "payments.refund" },
    ["login", "login", "login", "open", "forbidden", "open"],
  ],
  [
    "domain settings",
    { kind: "operator", permission: "domains.edit" },
    ["login", "login", "login", "open", "forbidden", "forbidden"],
  ],
];
const visits = doors.flatMap(([name, audience, answers]) =>
  knockers.map(([who, knocker], i) => {
    const answer = answers[i] as Admission;
    return [name, who, says[answer], audience, knocker, answer] as const;
  }),
);

describe("admission", () => {
  it.each(visits)("at a door for %s, %s %s", (_name, _who, _says, audience, knocker, answer) => {
    expect(admission(doorFor(audience), knocker)).toBe(answer);
  });

  it("lets a member who is also a verified operator through by role", () => {
    const both = { ...operator("support"), member: true };
    expect(admission(doorFor({ kind: "operator", permission: "members.credits" }), both)).toBe("open");
    expect(admission(doorFor({ kind: "operator", permission: "members.ban" }), both)).toBe("forbidden");
  });

  it("hides developer tools from everyone in production and opens them elsewhere", () => {
    const developer = doorFor({ kind: "developer" });
    for (const [, who] of knockers) {
      expect(admission(developer, who)).toBe("hidden");
      expect(admission(developer, { ...who, production: false })).toBe("open");
    }
  });

  it("hides what has no door", () => {
    for (const [, who] of knockers) expect(admission(null, who)).toBe("hidden");
  });
});
