// Who may reach the operator console: no console page answers a
// logged-out visitor, a member or a half-signed-in operator; each role reaches
// only its own pages (the /admin gate and the console's loaders and actions,
// over SELF.fetch against the real Worker); and every
// console rule checks the role again, whatever page a form was posted to.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { complaintList, replyToComplaint, setComplaintStatus } from "#app/server/complaints/handling.ts";
import { operatorSessions, operators } from "#app/server/db/schema.ts";
import { auditTrail } from "#app/server/operators/audit.ts";
import { dashboard } from "#app/server/operators/dashboard.ts";
import {
  createDomain,
  domainSettings,
  listDomains,
  previewSettings,
  saveDomainSettings,
} from "#app/server/operators/domains.ts";
import { beginEnrolment, confirmSecondFactor, operatorLogIn, verifySecondFactor } from "#app/server/operators/login.ts";
import {
  adjustCredits,
  banMember,
  deleteMember,
  forceLogout,
  resendMemberActivation,
  unbanMember,
} from "#app/server/operators/member-actions.ts";
import { memberDetail, searchMembers } from "#app/server/operators/members.ts";
import type { OperatorRole } from "#app/server/operators/roles.ts";
import { findOperatorSession, OPERATOR_IDLE, OPERATOR_MAX } from "#app/server/operators/session.ts";
import { currentTotp } from "#app/server/operators/totp.ts";
import { listPayments } from "#app/server/payments/history.ts";
import { domainPackages, savePackage } from "#app/server/payments/packages.ts";
import { refundPayment } from "#app/server/payments/refunds.ts";
import { decidePhoto, operatorPhotoFile, photoQueue } from "#app/server/photos/moderation.ts";
import { decideReport, reportQueue } from "#app/server/reports/moderation.ts";
import { builtInSettings } from "#app/server/settings/defaults.ts";
import { accountsApp, db, givenAccount, givenDomainSettings, outcome, PASSWORD, sessionCookieFor } from "./fixtures.ts";
import { allAuditRows, givenOperator, TOTP_SECRET } from "./operator-fixtures.ts";

/** Every console page, with example parameters. */
const consolePages = [
  "/admin",
  "/admin/members",
  "/admin/members/1000",
  "/admin/moderation/photos",
  "/admin/moderation/reports",
  "/admin/complaints",
  "/admin/payments",
  "/admin/domains",
  "/admin/domains/localhost",
  "/admin/outbox",
  "/admin/broadcasts",
  "/admin/audit",
  "/admin/desk",
  "/admin/vulnerable",
  "/admin/notices",
  "/admin/appeals",
  "/admin/transparency",
  "/admin/photos/1/thumb",
];

/** Written out by hand (not read from roles.ts), so a change of the role table shows up here. */
const reachable: Record<OperatorRole, string[]> = {
  admin: consolePages,
  moderator: [
    "/admin",
    "/admin/members",
    "/admin/members/1000",
    "/admin/moderation/photos",
    "/admin/moderation/reports",
    "/admin/complaints",
    "/admin/desk",
    "/admin/vulnerable",
    "/admin/notices",
    "/admin/appeals",
    "/admin/photos/1/thumb",
  ],
  support: [
    "/admin",
    "/admin/members",
    "/admin/members/1000",
    "/admin/complaints",
    "/admin/payments",
    "/admin/outbox",
    "/admin/photos/1/thumb",
  ],
  // A chat operator answers at the desk; members' pages stay closed to them.
  chat: ["/admin", "/admin/desk"],
};

const get = (path: string, cookie?: string) =>
  SELF.fetch(`http://localhost${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });

/** Let through: answered by the page itself (a form's own refusal included), not by a gate or a crash. */
const opened = (status: number) => status < 500 && status !== 401 && status !== 403;

const post = (path: string, cookie?: string) =>
  SELF.fetch(`http://localhost${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      Origin: "http://localhost",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "intent=save",
  });

describe("the /admin gate", () => {
  it("sends a logged-out visitor to the console's login and refuses their posts", async () => {
    for (const path of consolePages) {
      const page = await get(`${path}?x=1`);
      expect(page.status, path).toBe(302);
      expect(page.headers.get("Location"), path).toBe(
        `/admin/login?${new URLSearchParams({ redirectTo: `${path}?x=1` })}`,
      );
      expect(page.headers.get("X-Robots-Tag"), path).toBe("noindex, nofollow");
      expect(page.headers.get("Cache-Control"), path).toBe("no-store");
      expect((await post(path)).status, path).toBe(401);
    }
  });

  it("leaves the sign-in pages open to everyone", async () => {
    for (const path of ["/admin/login", "/admin/login/verify", "/admin/logout"]) {
      expect(opened((await get(path)).status), path).toBe(true);
    }
  });

  it("does not take a member's session for an operator's", async () => {
    const member = await givenAccount();
    const cookie = await sessionCookieFor(member);
    for (const path of consolePages) {
      expect((await get(path, cookie)).status, path).toBe(302);
      expect((await post(path, cookie)).status, path).toBe(401);
    }
  });

  it("lets a password-only session (no second factor yet) reach nothing but the sign-in", async () => {
    const halfway = await givenOperator("admin", { verified: false });
    for (const path of consolePages) expect((await get(path, halfway.cookie)).status, path).toBe(302);
    expect((await get("/admin/login/verify", halfway.cookie)).status).toBe(200);
  });

  it("forgets an unknown or expired operator cookie", async () => {
    const page = await get("/admin", "operator_session=not-a-real-token");
    expect(page.status).toBe(302);
    expect(page.headers.get("Set-Cookie")).toMatch(/^operator_session=;.*Max-Age=0/);
  });

  for (const role of ["admin", "moderator", "support"] as const) {
    it(`opens to a ${role} exactly the ${role}'s pages`, async () => {
      const operator = await givenOperator(role);
      const member = await givenAccount();
      for (const path of consolePages) {
        const allowed = reachable[role].includes(path);
        const url = path.replace("/members/1000", `/members/${member}`);
        const page = (await get(url, operator.cookie)).status;
        const form = (await post(url, operator.cookie)).status;
        if (!allowed) {
          expect(page, `GET ${path}`).toBe(403);
          expect(form, `POST ${path}`).toBe(403);
          continue;
        }
        // Every console page renders; the photo file of a photo that does not exist is a 404.
        expect(page, `GET ${path}`).toBe(path.startsWith("/admin/photos/") ? 404 : 200);
        expect(opened(form), `POST ${path} answered ${form}`).toBe(true);
      }
    });
  }
});

describe("operator sign-in", () => {
  it("asks for the password, then a TOTP code that works once, and audits the sign-in", async () => {
    const operator = await givenOperator("support", { verified: false });
    // Real time: the gate the sessions are tried against reads the real clock.
    const now = Date.now();
    const app = { ...accountsApp({ now: () => now }), requestId: "req-login" };
    expect(
      await outcome(operatorLogIn(app, { email: operator.email, password: "wrong password!", ip: "192.0.2.1" })),
    ).toBe("operator_login_failed");
    const { token, next } = await operatorLogIn(app, { email: operator.email, password: PASSWORD, ip: "192.0.2.1" });
    expect(next).toBe("verify");
    const halfway = (await findOperatorSession(db, token, now))!;
    expect(halfway.session.verified).toBe(false);
    expect((await get("/admin", `operator_session=${token}`)).status).toBe(302);

    expect(await outcome(verifySecondFactor(app, halfway, "000000"))).toBe("totp_invalid");
    const code = await currentTotp(TOTP_SECRET);
    const verified = await verifySecondFactor(app, halfway, code);
    expect((await get("/admin", `operator_session=${verified.token}`)).status).toBe(200);
    // The password-only session is gone; the same code does not open a second session.
    expect(await findOperatorSession(db, token, now)).toBeNull();
    const again = await operatorLogIn(app, { email: operator.email, password: PASSWORD, ip: "192.0.2.1" });
    const second = (await findOperatorSession(db, again.token, now))!;
    expect(await outcome(verifySecondFactor(app, second, code))).toBe("totp_invalid");

    const rows = (await allAuditRows()).filter((row) => row.action === "operator.login");
    expect(rows).toEqual([expect.objectContaining({ operatorId: operator.id, targetId: String(operator.id) })]);
  });

  it("enrols an operator without an authenticator by the same second step, once", async () => {
    const operator = await givenOperator("support", { verified: false });
    await db.update(operators).set({ totpEnabled: false, totpSecret: null }).where(eq(operators.id, operator.id));
    const now = Date.now();
    const app = { ...accountsApp({ now: () => now }), requestId: "req-enrol" };
    const { token } = await operatorLogIn(app, { email: operator.email, password: PASSWORD, ip: "192.0.2.1" });
    const halfway = (await findOperatorSession(db, token, now))!;
    expect(halfway.totpEnabled).toBe(false);
    const { secret } = await beginEnrolment(app, halfway);
    const { token: verified } = await confirmSecondFactor(app, halfway, await currentTotp(secret));
    expect((await get("/admin", `operator_session=${verified}`)).status).toBe(200);
    const [row] = await db.select().from(operators).where(eq(operators.id, operator.id));
    expect(row!.totpEnabled).toBe(true);
    const enrolled = (await findOperatorSession(db, verified, now))!;
    expect(await outcome(beginEnrolment(app, enrolled))).toBe("operator_forbidden");
  });

  it("keeps operator sessions short: 30 minutes idle, 8 hours at most", async () => {
    const operator = await givenOperator("admin");
    const token = operator.cookie.split("=")[1]!;
    const [row] = await db.select().from(operatorSessions);
    expect(row!.expiresAt - row!.createdAt).toBe(OPERATOR_IDLE);
    expect(await findOperatorSession(db, token, row!.createdAt + OPERATOR_IDLE - 1)).not.toBeNull();
    expect(await findOperatorSession(db, token, row!.createdAt + OPERATOR_IDLE)).toBeNull();
    await db.update(operatorSessions).set({ expiresAt: row!.createdAt + 10 * OPERATOR_MAX });
    expect(await findOperatorSession(db, token, row!.createdAt + OPERATOR_MAX)).toBeNull();
  });
});

describe("every console rule checks the operator's role itself", () => {
  const rules: [
    name: string,
    roles: OperatorRole[],
    run: (app: Parameters<typeof listDomains>[0]) => Promise<unknown>,
  ][] = [
    ["dashboard", ["admin", "moderator", "support"], (app) => dashboard(app)],
    ["list domains", ["admin"], (app) => listDomains(app)],
    ["open a domain", ["admin"], (app) => domainSettings(app, "localhost")],
    ["preview settings", ["admin"], (app) => previewSettings(app, "localhost", "{}")],
    ["save settings", ["admin"], (app) => saveDomainSettings(app, { domain: "localhost", json: "{}", version: "" })],
    ["create a domain", ["admin"], (app) => createDomain(app, { domain: "vlinder.example" })],
    ["list packages", ["admin"], (app) => domainPackages(app, "localhost")],
    [
      "save a package",
      ["admin"],
      (app) =>
        savePackage(app, "localhost", {
          id: 999_999,
          country: "NL",
          currency: "EUR",
          credits: 10,
          price: 100,
          style: "p0",
          popular: false,
          active: true,
        }),
    ],
    ["photo queue", ["admin", "moderator"], (app) => photoQueue(app)],
    ["decide a photo", ["admin", "moderator"], (app) => decidePhoto(app, { photo: 999_999, decision: "reject" })],
    ["photo file", ["admin", "moderator", "support"], (app) => operatorPhotoFile(app, 999_999, "thumb")],
    ["report queue", ["admin", "moderator"], (app) => reportQueue(app)],
    ["decide a report", ["admin", "moderator"], (app) => decideReport(app, { report: 999_999, decision: "dismiss" })],
    ["complaints", ["admin", "moderator", "support"], (app) => complaintList(app)],
    [
      "complaint status",
      ["admin", "moderator", "support"],
      (app) => setComplaintStatus(app, { complaint: 999_999, status: "closed" }),
    ],
    [
      "complaint reply",
      ["admin", "moderator", "support"],
      (app) => replyToComplaint(app, { complaint: 999_999, message: "Hallo", close: true }),
    ],
    ["search members", ["admin", "moderator", "support"], (app) => searchMembers(app, "x")],
    ["member detail", ["admin", "moderator", "support"], (app) => memberDetail(app, 999_999)],
    [
      "adjust credits",
      ["admin", "support"],
      (app) => adjustCredits(app, 999_999, { amount: 5, reason: "goodwill", key: "key-12345678" }),
    ],
    ["resend activation", ["admin", "support"], (app) => resendMemberActivation(app, 999_999)],
    ["force logout", ["admin", "moderator", "support"], (app) => forceLogout(app, 999_999)],
    ["delete a member", ["admin", "support"], (app) => deleteMember(app, 999_999)],
    [
      "ban",
      ["admin", "moderator"],
      (app) =>
        banMember(app, 999_999, {
          reason: "spam",
          reasons: { ground: "terms", clause: "Terms 4.2", facts: "Messages asking members for money." },
        }),
    ],
    ["unban", ["admin", "moderator"], (app) => unbanMember(app, 999_999)],
    ["list payments", ["admin", "support"], (app) => listPayments(app, {})],
    ["refund", ["admin", "support"], (app) => refundPayment(app, 999_999)],
    ["audit trail", ["admin"], (app) => auditTrail(app)],
  ];

  it("refuses every rule to the roles without it, before touching anything", async () => {
    await givenDomainSettings("vlinder.example", { ...builtInSettings, domain: "vlinder.example" });
    const operators = {
      admin: await givenOperator("admin"),
      moderator: await givenOperator("moderator"),
      support: await givenOperator("support"),
    };
    for (const [name, roles, run] of rules) {
      for (const role of ["admin", "moderator", "support"] as const) {
        const result = await outcome(run(operators[role].app));
        if (roles.includes(role)) expect(result, `${role}: ${name}`).not.toBe("operator_forbidden");
        else expect(result, `${role}: ${name}`).toBe("operator_forbidden");
      }
    }
    // Nothing was done by a refused rule (the allowed ones found nothing to act on).
    expect(await allAuditRows()).toEqual([]);
  });
});
