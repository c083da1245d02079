// What operators do, each with its audit row — who, what, on what,
// before and after — written with the change: credits through the ledger,
// refunds through the payment provider with a ledger entry and a mail, bans,
// photo and report decisions, complaints, packages, member sessions and
// deletion. And the trail itself: no operator (nor any other code) can edit or
// delete it.
import { env, SELF } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findSessionMember } from "#app/server/accounts/session.ts";
import { replyToComplaint, setComplaintStatus } from "#app/server/complaints/handling.ts";
import { armCrash, disarmCrashes } from "#app/server/crash-points.ts";
import { recordCredit } from "#app/server/credits/movements.ts";
import { walletOf } from "#app/server/credits/wallet.ts";
import {
  auditLog,
  complaints,
  creditLedger,
  creditPackages,
  payments,
  photos,
  profiles,
  reports,
  sandboxPayments,
  sessions,
  users,
} from "#app/server/db/schema.ts";
import {
  adjustCredits,
  banMember,
  deleteMember,
  forceLogout,
  resendMemberActivation,
  unbanMember,
} from "#app/server/operators/member-actions.ts";
import { memberDetail } from "#app/server/operators/members.ts";
import { permissions } from "#app/server/operators/roles.ts";
import { handleWebhook, startCheckout } from "#app/server/payments/checkout.ts";
import { savePackage } from "#app/server/payments/packages.ts";
import { refundPayment } from "#app/server/payments/refunds.ts";
import { settleSandboxPayment } from "#app/server/payments/sandbox.ts";
import { decidePhoto, photoQueue } from "#app/server/photos/moderation.ts";
import { viewablePhotos } from "#app/server/photos/visibility.ts";
import { eraseMember } from "#app/server/privacy/erasure.ts";
import { decideReport } from "#app/server/reports/moderation.ts";
import {
  accountsApp,
  db,
  givenAccount,
  givenCredits,
  mailsTo,
  NOW,
  outcome,
  PASSWORD,
  sessionCookieFor,
  settleBackgroundWork,
  walletLedgerSum,
  walletOfMember,
} from "./fixtures.ts";
import { allAuditRows, auditRowsFor, givenOperator } from "./operator-fixtures.ts";

/** The member's balance: their wallet's. */
const balanceOf = async (id: number) => (await walletOfMember(id)).balance;
/** D1's display copy of it (the session's, the console's). */
const copyOf = async (id: number) =>
  (await db.select({ credits: users.credits }).from(users).where(eq(users.id, id)))[0]!.credits;

const apiAs = (cookie: string, path: string) =>
  SELF.fetch(`http://localhost${path}`, { headers: { Cookie: cookie, "X-Requested-With": "XMLHttpRequest" } });

/** The member a session cookie stands for on the next request (null: logged out). */
async function signedInAs(cookie: string): Promise<number | null> {
  const answer = await apiAs(cookie, "/api/user.php");
  expect(answer.status).toBe(200);
  const { user } = (await answer.json()) as { user: { profile: { id: number } } | null };
  return user?.profile.id ?? null;
}

describe("adjusting a member's credits", () => {
  it("books through the ledger with the reason, so the ledger always sums to the balance", async () => {
    const support = await givenOperator("support");
    const member = await givenAccount();
    await givenCredits(member, 10);

    expect(await adjustCredits(support.app, member, { amount: 25, reason: "Goodwill", key: "adjust-0001" })).toEqual({
      credits: 35,
    });
    expect(await adjustCredits(support.app, member, { amount: -5, reason: "Correction", key: "adjust-0002" })).toEqual({
      credits: 30,
    });
    expect(await balanceOf(member)).toBe(30);
    expect(await walletLedgerSum(member)).toBe(30);
    expect(await copyOf(member)).toBe(30);
    const { ledger } = await walletOfMember(member);
    expect(ledger.filter((r) => r.reason === "adjustment").map((r) => [r.delta, r.note])).toEqual([
      [-5, `Correction — ${support.email}`],
      [25, `Goodwill — ${support.email}`],
    ]);

    expect(await auditRowsFor("member", member)).toEqual([
      expect.objectContaining({
        operatorId: support.id,
        action: "member.credits",
        before: { credits: 10 },
        after: { credits: 35, delta: 25, reason: "Goodwill", key: `adjust:${support.id}:adjust-0001` },
        requestId: "req-support",
        createdAt: NOW,
      }),
      expect.objectContaining({
        operatorId: support.id,
        action: "member.credits",
        before: { credits: 35 },
        after: { credits: 30, delta: -5, reason: "Correction", key: `adjust:${support.id}:adjust-0002` },
      }),
    ]);
  });

  it("books a form sent twice once, and never takes the balance below zero", async () => {
    const admin = await givenOperator("admin");
    const member = await givenAccount();
    await givenCredits(member, 3);
    await adjustCredits(admin.app, member, { amount: 7, reason: "Compensation", key: "same-form-1" });
    expect(
      await outcome(adjustCredits(admin.app, member, { amount: 7, reason: "Compensation", key: "same-form-1" })),
    ).toBe("credits_adjusted");
    expect(
      await outcome(adjustCredits(admin.app, member, { amount: -11, reason: "Too much", key: "too-much-1" })),
    ).toBe("insufficient_credits");
    expect(await balanceOf(member)).toBe(10);
    expect(await walletLedgerSum(member)).toBe(10);
    // Only the booking that happened is in the trail.
    expect((await auditRowsFor("member", member)).map((r) => r.after)).toEqual([
      { credits: 10, delta: 7, reason: "Compensation", key: `adjust:${admin.id}:same-form-1` },
    ]);
    // The refused form stays refused when it is sent again.
    expect(
      await outcome(adjustCredits(admin.app, member, { amount: -11, reason: "Too much", key: "too-much-1" })),
    ).toBe("insufficient_credits");
  });

  it("leaves no movement and claims none in the trail when the wallet refuses an adjustment down", async () => {
    const support = await givenOperator("support");
    const member = await givenAccount();
    await givenCredits(member, 10);
    // Spent in a room meanwhile: the wallet holds less than D1's copy still says.
    await walletOf(env, member).charge({ key: "room:spent", amount: 8, reason: "message", now: NOW });
    expect(await copyOf(member)).toBe(10);
    expect(
      await outcome(adjustCredits(support.app, member, { amount: -5, reason: "Correction", key: "refused-1" })),
    ).toBe("insufficient_credits");
    const { balance, ledger } = await walletOfMember(member);
    expect(balance).toBe(2);
    expect(ledger.filter((r) => r.reason === "adjustment")).toEqual([]);
    const [record] = await db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.idempotencyKey, `adjust:${support.id}:refused-1`));
    expect(record).toMatchObject({ op: "charge", amount: 5, delta: 0, outcome: "insufficient" });
    expect(await auditRowsFor("member", member)).toEqual([]);
  });

  it("writes the audit row a crash kept back when the same form is sent again, once", async () => {
    const support = await givenOperator("support");
    const member = await givenAccount();
    armCrash("movement:recorded");
    try {
      await expect(
        adjustCredits(support.app, member, { amount: 4, reason: "Goodwill", key: "cut-1" }),
      ).rejects.toThrow();
    } finally {
      disarmCrashes();
    }
    expect(await auditRowsFor("member", member)).toEqual([]);
    expect(await outcome(adjustCredits(support.app, member, { amount: 4, reason: "Goodwill", key: "cut-1" }))).toBe(
      "credits_adjusted",
    );
    expect(await outcome(adjustCredits(support.app, member, { amount: 4, reason: "Goodwill", key: "cut-1" }))).toBe(
      "credits_adjusted",
    );
    expect(await balanceOf(member)).toBe(4);
    expect((await auditRowsFor("member", member)).map((r) => [r.action, r.before, r.after])).toEqual([
      [
        "member.credits",
        { credits: 0 },
        { credits: 4, delta: 4, reason: "Goodwill", key: `adjust:${support.id}:cut-1` },
      ],
    ]);
  });

  it("shows the new balance to the member on their next request", async () => {
    const support = await givenOperator("support");
    const member = await givenAccount();
    const cookie = await sessionCookieFor(member);
    await adjustCredits(support.app, member, { amount: 12, reason: "Welcome back", key: "badge-0001" });
    const answer = await apiAs(cookie, "/api/user.php");
    const { user } = (await answer.json()) as { user: { credits: number } };
    expect(user.credits).toBe(12);
  });
});

describe("a member's page in the console", () => {
  it("shows the wallet's balance and movements, with what was only recorded applied first", async () => {
    const support = await givenOperator("support");
    const member = await givenAccount();
    await givenCredits(member, 10);
    await walletOf(env, member).charge({
      key: "room:1",
      amount: 3,
      reason: "message",
      note: "conversation 7",
      now: NOW,
    });
    // Recorded a moment ago, not yet applied.
    await recordCredit(db, {
      userId: member,
      amount: 20,
      reason: "purchase",
      idempotencyKey: "payment:late",
      now: NOW,
    });
    const detail = await memberDetail(support.app, member);
    expect(detail.member.credits).toBe(27);
    expect(detail.ledger.map((row) => [row.delta, row.reason, row.note])).toEqual([
      [20, "purchase", null],
      [-3, "message", "conversation 7"],
      [10, "purchase", null],
    ]);
    expect(detail.ledger[0]).toMatchObject({ key: "payment:late", createdAt: NOW });
  });
});

describe("refunding a payment", () => {
  async function paidPayment(credits = 60) {
    const [pkg] = await db
      .insert(creditPackages)
      .values({ domain: "*", country: "NL", currency: "EUR", credits, priceCents: 1995, style: "p1", popular: true })
      .returning();
    const id = await givenAccount({ name: "Petra" });
    await db
      .update(users)
      .set({ signupDate: NOW - 400 * 86_400_000, language: "en" })
      .where(eq(users.id, id));
    const cookie = await sessionCookieFor(id, NOW);
    const member = (await findSessionMember(db, cookie.split("=")[1]!, NOW))!;
    const app = accountsApp();
    const { paymentId } = await startCheckout(app, member, { packageId: pkg!.id, method: "ideal", country: "NL" });
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    await settleSandboxPayment(db, payment!.providerRef!, "paid");
    await handleWebhook(app, "sandbox", payment!.providerRef!);
    expect(await balanceOf(id)).toBe(credits);
    return { member: id, paymentId, ref: payment!.providerRef! };
  }

  it("refunds through the provider, takes the credits back in the ledger and tells the member by e-mail", async () => {
    const support = await givenOperator("support");
    const { member, paymentId, ref } = await paidPayment();
    await refundPayment(support.app, paymentId);
    await settleBackgroundWork();

    const [sandbox] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, ref));
    expect(sandbox!.refundedCents).toBe(1995);
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment!.status).toBe("refunded");
    const [refund] = await db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, member), eq(creditLedger.reason, "refund")));
    expect(refund).toMatchObject({ delta: -60, idempotencyKey: expect.stringMatching(`^refund:${paymentId}:`) });
    expect(await balanceOf(member)).toBe(0);
    expect(await walletLedgerSum(member)).toBe(0);

    const [mail] = await mailsTo(`member${member}@test.example`).then((mails) =>
      mails.filter((m) => m.template === "payment_refunded"),
    );
    expect(mail).toMatchObject({ locale: "en" });
    expect(mail!.text).toContain("/transactions");

    expect(await auditRowsFor("payment", paymentId)).toEqual([
      expect.objectContaining({
        operatorId: support.id,
        action: "payment.refund",
        before: { status: "paid" },
        after: { status: "refunded", amountCents: 1995, credits: 60 },
      }),
    ]);
    // A second refund of the same payment is refused as a whole.
    expect(await outcome(refundPayment(support.app, paymentId))).toBe("not_refundable");
    expect(await auditRowsFor("payment", paymentId)).toHaveLength(1);
  });

  it("takes back only the credits not yet spent", async () => {
    const admin = await givenOperator("admin");
    const { member, paymentId } = await paidPayment();
    await adjustCredits(admin.app, member, { amount: -45, reason: "Spent elsewhere", key: "spent-0001" });
    await refundPayment(admin.app, paymentId);
    expect(await balanceOf(member)).toBe(0);
    expect(await walletLedgerSum(member)).toBe(0);
  });

  it("changes nothing when the provider refuses the refund", async () => {
    const support = await givenOperator("support");
    const { member, paymentId, ref } = await paidPayment();
    await settleSandboxPayment(db, ref, "failed");
    expect(await outcome(refundPayment(support.app, paymentId))).toBe("refund_failed");
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment!.status).toBe("paid");
    expect(await balanceOf(member)).toBe(60);
    expect(await auditRowsFor("payment", paymentId)).toEqual([]);
    expect((await mailsTo(`member${member}@test.example`)).filter((m) => m.template === "payment_refunded")).toEqual(
      [],
    );
  });
});

describe("banning and unbanning", () => {
  it("bans a member: hidden, logged out everywhere, and sent to the ban notice when logging in", async () => {
    const moderator = await givenOperator("moderator");
    const member = await givenAccount();
    const cookie = await sessionCookieFor(member);
    expect(await signedInAs(cookie)).toBe(member);

    await banMember(moderator.app, member, {
      reason: "Scam messages",
      reasons: { ground: "terms", clause: "Terms 4.2", facts: "Messages asking members for money." },
    });
    const [user] = await db.select().from(users).where(eq(users.id, member));
    expect(user).toMatchObject({ status: "banned", banReason: "Scam messages", bannedAt: NOW });
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, member));
    expect(profile).toMatchObject({ status: "disabled", searchable: 0 });
    expect(await db.select().from(sessions).where(eq(sessions.userId, member))).toEqual([]);
    expect(await signedInAs(cookie)).toBeNull();
    const { logIn } = await import("#app/server/accounts/login.ts");
    expect(
      await outcome(
        logIn(accountsApp(), { email: `member${member}@test.example`, password: PASSWORD, ip: "192.0.2.9" }),
      ),
    ).toBe("account_banned");
    expect(
      await outcome(
        banMember(moderator.app, member, {
          reason: "Twice",
          reasons: { ground: "terms", clause: "Terms 4.2", facts: "Messages asking members for money." },
        }),
      ),
    ).toBe("invalid_input");

    await unbanMember(moderator.app, member);
    const [after] = await db.select().from(users).where(eq(users.id, member));
    expect(after).toMatchObject({ status: "active", banReason: null, bannedAt: null });
    const [visible] = await db.select().from(profiles).where(eq(profiles.userId, member));
    expect(visible).toMatchObject({ status: "active", searchable: 1 });

    expect(
      (await auditRowsFor("member", member)).map(({ operatorId, action, before, after }) => ({
        operatorId,
        action,
        before,
        after,
      })),
    ).toEqual([
      {
        operatorId: moderator.id,
        action: "member.ban",
        before: { status: "active" },
        after: { status: "banned", reason: "Scam messages" },
      },
      {
        operatorId: moderator.id,
        action: "member.unban",
        before: { status: "banned", reason: "Scam messages" },
        after: { status: "active" },
      },
    ]);
  });
});

describe("a ban outlasts deletion and reactivation", () => {
  it("no operator deletes a banned account, so no reactivation link can lift the ban", async () => {
    const moderator = await givenOperator("moderator");
    const support = await givenOperator("support");
    const admin = await givenOperator("admin");
    const member = await givenAccount();
    await banMember(moderator.app, member, {
      reason: "Scam messages",
      reasons: { ground: "terms", clause: "Terms 4.2", facts: "Messages asking members for money." },
    });

    // Support may delete accounts but not lift bans: deleting would mail a reactivation link.
    expect(await outcome(deleteMember(support.app, member))).toBe("member_banned");
    expect(await outcome(deleteMember(admin.app, member))).toBe("member_banned");
    const [user] = await db.select().from(users).where(eq(users.id, member));
    expect(user).toMatchObject({ status: "banned", banReason: "Scam messages" });
    // The ban's statement of reasons, and no reactivation link.
    expect((await mailsTo(`member${member}@test.example`)).map((mail) => mail.template)).toEqual([
      "decision_statement",
    ]);
  });

  it("refuses the reactivation link of an account banned before it was deleted", async () => {
    // Accounts closed while banned (as earlier versions allowed) keep their ban.
    const member = await givenAccount({ status: "deleted", deletedAt: NOW - 1000 });
    await db
      .update(users)
      .set({ bannedAt: NOW - 5000, banReason: "Scam messages" })
      .where(eq(users.id, member));
    const { issueToken } = await import("#app/server/accounts/tokens.ts");
    const { followAccountLink } = await import("#app/server/accounts/activation.ts");
    const link = await issueToken(db, {
      userId: member,
      purpose: "reactivation",
      now: NOW,
      expiresAt: NOW + 86_400_000,
    });
    await link.statement;
    expect(await outcome(followAccountLink(accountsApp(), { token: link.token, loggedInAs: null }))).toBe(
      "link_invalid",
    );
    const [user] = await db.select().from(users).where(eq(users.id, member));
    expect(user).toMatchObject({ status: "deleted" });
    expect(await db.select().from(sessions).where(eq(sessions.userId, member))).toEqual([]);
  });

  it("tells a banned member who logs in through the API about the ban in their language", async () => {
    const moderator = await givenOperator("moderator");
    const member = await givenAccount();
    await banMember(moderator.app, member, {
      reason: "Scam messages",
      reasons: { ground: "terms", clause: "Terms 4.2", facts: "Messages asking members for money." },
    });
    const response = await SELF.fetch("http://localhost/api/user.php", {
      method: "POST",
      headers: { "X-Requested-With": "XMLHttpRequest", Origin: "http://localhost", "Content-Type": "application/json" },
      body: JSON.stringify({ email: `member${member}@test.example`, password: PASSWORD }),
    });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe("account_banned");
    expect(body.message).not.toMatch(/accountBanned/);
    expect(body.message).toMatch(/\/pages\/ban|geblokkeerd|verbannen|uitgesloten/i);
  });
});

describe("photo moderation", () => {
  it("queues new photos; a rejected one is hidden from others, shown as rejected to its owner, and audited", async () => {
    const moderator = await givenOperator("moderator");
    const member = await givenAccount({ photos: [{ status: "active" }, { status: "pending" }] });
    const own = await db.select().from(photos).where(eq(photos.userId, member));
    const [main, pending] = [own[0]!, own[1]!];
    await db
      .update(photos)
      .set({ createdAt: NOW - 60_000 })
      .where(eq(photos.id, main.id));
    const someoneElse = await givenAccount({ photos: [{ status: "active" }] });
    const [newest] = await db.select().from(photos).where(eq(photos.userId, someoneElse));
    // Pending photos first (their members wait), then the newest public ones.
    const queued = await photoQueue({ ...moderator.app, now: () => NOW + 1000 });
    expect(queued.map((p) => p.id)).toEqual([pending.id, newest!.id, main.id]);

    expect(
      await decidePhoto(moderator.app, {
        photo: main.id,
        decision: "reject",
        reasons: { ground: "terms", clause: "Terms 4.2", facts: "Messages asking members for money." },
      }),
    ).toEqual({ status: "rejected" });
    expect(await decidePhoto(moderator.app, { photo: pending.id, decision: "approve" })).toEqual({ status: "active" });
    // The main photo role passes on to the approved one; decided photos leave the queue.
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, member));
    expect(profile!.mainPhotoId).toBe(pending.id);
    expect((await photoQueue({ ...moderator.app, now: () => NOW + 1000 })).map((p) => p.id)).toEqual([newest!.id]);

    const answer = await apiAs(await sessionCookieFor(member), "/api/photos");
    const { photos: listed } = (await answer.json()) as { photos: { id: number; status: string }[] };
    expect(listed.map((p) => [p.id, p.status])).toEqual([
      [main.id, "rejected"],
      [pending.id, "active"],
    ]);
    // Others see only the approved photo.
    const now = await db.select().from(photos).where(eq(photos.userId, member));
    expect(viewablePhotos(now, { id: member + 1, paidUser: true }, member).map((p) => p.id)).toEqual([pending.id]);

    expect(await auditRowsFor("photo", main.id)).toEqual([
      expect.objectContaining({
        operatorId: moderator.id,
        action: "photo.reject",
        before: { status: "active", member },
        after: { status: "rejected", member },
      }),
    ]);
    expect(await auditRowsFor("photo", pending.id)).toEqual([
      expect.objectContaining({ action: "photo.approve", before: { status: "pending", member } }),
    ]);
  });
});

describe("reports and complaints", () => {
  it("records a report's decision", async () => {
    const moderator = await givenOperator("moderator");
    const reporter = await givenAccount();
    const member = await givenAccount();
    const [report] = await db
      .insert(reports)
      .values({ reporterId: reporter, memberId: member, reason: "spam", createdAt: NOW })
      .returning();
    expect(await decideReport(moderator.app, { report: report!.id, decision: "action" })).toEqual({
      status: "actioned",
      memberId: member,
    });
    const [row] = await db.select().from(reports).where(eq(reports.id, report!.id));
    expect(row!.status).toBe("actioned");
    expect(await auditRowsFor("report", report!.id)).toEqual([
      expect.objectContaining({
        operatorId: moderator.id,
        action: "report.action",
        before: { status: "open", member },
        after: { status: "actioned", member },
      }),
    ]);
  });

  it("answers a complaint by e-mail and records the status", async () => {
    const support = await givenOperator("support");
    const [complaint] = await db
      .insert(complaints)
      .values({
        domain: "localhost",
        name: "Karin",
        email: "karin@test.example",
        subject: "Afschrijving",
        message: "Ik zie een afschrijving die ik niet herken.",
        createdAt: NOW,
      })
      .returning();
    await setComplaintStatus(support.app, { complaint: complaint!.id, status: "in_progress" });
    await replyToComplaint(support.app, {
      complaint: complaint!.id,
      message: "We hebben het bedrag teruggestort.",
      close: true,
    });
    await settleBackgroundWork();
    const [mail] = await mailsTo("karin@test.example");
    expect(mail).toMatchObject({ template: "complaint_reply", locale: "nl" });
    expect(mail!.text).toContain("We hebben het bedrag teruggestort.");
    const [row] = await db.select().from(complaints).where(eq(complaints.id, complaint!.id));
    expect(row!.status).toBe("closed");
    expect(
      (await auditRowsFor("complaint", complaint!.id)).map(({ operatorId, action, before, after }) => ({
        operatorId,
        action,
        before,
        after,
      })),
    ).toEqual([
      {
        operatorId: support.id,
        action: "complaint.status",
        before: { status: "open" },
        after: { status: "in_progress" },
      },
      {
        operatorId: support.id,
        action: "complaint.reply",
        before: { status: "in_progress" },
        after: { status: "closed", to: "karin@test.example", message: "We hebben het bedrag teruggestort." },
      },
    ]);
  });
});

describe("members' accounts", () => {
  it("logs a member out everywhere", async () => {
    const support = await givenOperator("support");
    const member = await givenAccount();
    const cookie = await sessionCookieFor(member);
    await sessionCookieFor(member);
    await forceLogout(support.app, member);
    expect(await db.select().from(sessions).where(eq(sessions.userId, member))).toEqual([]);
    expect(await signedInAs(cookie)).toBeNull();
    expect(await auditRowsFor("member", member)).toEqual([
      expect.objectContaining({ operatorId: support.id, action: "member.logout" }),
    ]);
  });

  it("resends the activation mail to a member who has not confirmed", async () => {
    const support = await givenAccountAndOperator("not_confirmed");
    await resendMemberActivation(support.operator.app, support.member);
    await settleBackgroundWork();
    expect((await mailsTo(`member${support.member}@test.example`)).map((m) => m.template)).toContain("activation");
    expect(await auditRowsFor("member", support.member)).toEqual([
      expect.objectContaining({ operatorId: support.operator.id, action: "member.resend_activation" }),
    ]);
    const active = await givenAccount();
    expect(await outcome(resendMemberActivation(support.operator.app, active))).toBe("invalid_input");
  });

  it("deletes an account at the member's request", async () => {
    const { operator, member } = await givenAccountAndOperator("active");
    await deleteMember(operator.app, member);
    const [user] = await db.select().from(users).where(eq(users.id, member));
    expect(user!.status).toBe("deleted");
    expect(await auditRowsFor("member", member)).toEqual([
      expect.objectContaining({
        operatorId: operator.id,
        action: "member.delete",
        before: { status: "active" },
        after: { status: "deleted" },
      }),
    ]);
  });
});

/** Why D1 refused a statement (Drizzle keeps D1's words in the error's cause). */
const refusal = (statement: PromiseLike<unknown>) =>
  Promise.resolve(statement).then(
    () => "done",
    (error: unknown) => String((error as { cause?: unknown }).cause ?? error),
  );

async function givenAccountAndOperator(status: "active" | "not_confirmed") {
  return { operator: await givenOperator("support"), member: await givenAccount({ status }) };
}

describe("credit packages", () => {
  it("adds and changes a domain's package, each with its audit row", async () => {
    const admin = await givenOperator("admin");
    const input = {
      country: "BE",
      currency: "EUR",
      credits: 100,
      price: 2995,
      style: "p2" as const,
      popular: false,
      active: true,
    };
    await savePackage(admin.app, "localhost", input);
    const [created] = await db.select().from(creditPackages).where(eq(creditPackages.domain, "localhost"));
    expect(created).toMatchObject({ country: "BE", credits: 100, priceCents: 2995 });
    await savePackage(admin.app, "localhost", { ...input, id: created!.id, price: 2495, active: false });
    expect(await auditRowsFor("package", created!.id)).toEqual([
      expect.objectContaining({ action: "package.create", after: expect.objectContaining({ priceCents: 2995 }) }),
      expect.objectContaining({
        action: "package.update",
        before: expect.objectContaining({ priceCents: 2995, active: true }),
        after: expect.objectContaining({ priceCents: 2495, active: false }),
      }),
    ]);
  });
});

describe("the audit trail", () => {
  it("cannot be edited or deleted, only blanked by a member's erasure", async () => {
    const moderator = await givenOperator("moderator");
    const member = await givenAccount();
    await banMember(moderator.app, member, {
      reason: `Spam from member${member}@test.example`,
      reasons: { ground: "terms", clause: "Terms 4.2", facts: "Messages asking members for money." },
    });
    const [row] = await allAuditRows();

    for (const change of [
      db.update(auditLog).set({ action: "member.unban" }),
      db.update(auditLog).set({ operatorId: moderator.id + 1 }),
      db.update(auditLog).set({ createdAt: NOW - 1 }),
      db.update(auditLog).set({ after: { status: "active" } }),
      db.delete(auditLog).where(eq(auditLog.id, row!.id)),
      db.run(sql`delete from audit_log`),
    ]) {
      expect(await refusal(change)).toMatch(/audit_log is append-only/);
    }
    expect(await allAuditRows()).toEqual([row]);

    // The privacy erasure may blank what the row says about the member, and nothing more.
    await eraseMember(accountsApp(), member);
    expect(await allAuditRows()).toEqual([{ ...row, before: null, after: null }]);
  });

  it("has no permission to change it in any role", () => {
    expect(Object.keys(permissions).filter((permission) => permission.startsWith("audit."))).toEqual(["audit.view"]);
  });
});
