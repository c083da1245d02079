// Buying credits and refunding a payment each span two stores: our D1 and the
// payment provider. These tests cut each operation short between two steps,
// the way a dying server does (nothing after the crash point runs, no client
// retries), then let the hourly job run and check that what was left settled
// by itself: every balance equals its ledger, a paid payment is booked once, a
// refunded one is refunded once at the provider and booked once, and no
// payment stays open for good.
import { env } from "cloudflare:test";
import { and, count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findSessionMember, startSession } from "#app/server/accounts/session.ts";
import { armCrash, SimulatedCrash } from "#app/server/crash-points.ts";
import { REPLAY_AFTER_MS, replayMovements } from "#app/server/credits/movements.ts";
import { createDb } from "#app/server/db/client.ts";
import {
  auditLog,
  creditLedger,
  creditPackages,
  mailOutbox,
  payments,
  providerKeys,
  refundRequests,
  sandboxPayments,
  users,
} from "#app/server/db/schema.ts";
import { runHourly } from "#app/server/jobs/hourly.ts";
import { createLogger, type Logger } from "#app/server/log.ts";
import { handleWebhook, startCheckout } from "#app/server/payments/checkout.ts";
import { refundPayment } from "#app/server/payments/refunds.ts";
import { settleSandboxPayment } from "#app/server/payments/sandbox.ts";
import type { MollieFake } from "#tests/fakes/mollie.ts";
import { faultyD1 } from "./faulty-d1.ts";
import { accountsApp, db, givenAccount, NOW, outcome, walletLedgerSum, walletOfMember } from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";
import { givenMollie, mollieApp, mollieEnv } from "./payment-fixtures.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const hourly = (at: number, log: Logger = createLogger("test-hourly"), workerEnv: Env = env) =>
  runHourly({ db, env: workerEnv, log, now: () => at });

afterEach(() => vi.restoreAllMocks());

/** A logger that keeps what it was told, to count what the job reports. */
function recordingLogger() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger;
}

async function givenPackage() {
  const [pkg] = await db
    .insert(creditPackages)
    .values({ domain: "*", country: "NL", currency: "EUR", credits: 60, priceCents: 1995, style: "p1", popular: true })
    .returning();
  return pkg!;
}

/** A member who signed up long ago (no welcome code or time bonus changes the price), as a session sees them. */
async function buyer() {
  const id = await givenAccount({ name: "Petra" });
  await db
    .update(users)
    .set({ signupDate: NOW - 400 * DAY })
    .where(eq(users.id, id));
  const { token, statement } = await startSession(db, { userId: id, now: NOW });
  await statement;
  return (await findSessionMember(db, token, NOW))!;
}

const paymentsOf = (memberId: number) => db.select().from(payments).where(eq(payments.userId, memberId));
const paymentRow = async (id: number) => (await db.select().from(payments).where(eq(payments.id, id)))[0]!;
const sandboxRow = async (ref: string) =>
  (await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, ref)))[0]!;
const ledgerRows = (memberId: number, reason: "purchase" | "refund") =>
  db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, memberId), eq(creditLedger.reason, reason)));

/** What must hold for a member whatever moment the server died at, once the hourly job has run. */
async function expectSettled(memberId: number) {
  const [user] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, memberId));
  expect(user!.credits, "balance equals the ledger").toBe(await walletLedgerSum(memberId));
  const rows = await paymentsOf(memberId);
  expect(
    rows.filter((p) => p.status === "open" || p.status === "pending").map((p) => p.id),
    "no payment left open",
  ).toEqual([]);
  for (const payment of rows) {
    const purchases = (await ledgerRows(memberId, "purchase")).filter(
      (r) => r.idempotencyKey === `payment:${payment.id}`,
    );
    const refunds = (await ledgerRows(memberId, "refund")).filter((r) =>
      r.idempotencyKey.startsWith(`refund:${payment.id}:`),
    );
    const paid = payment.status === "paid" || payment.status === "refunded";
    expect(purchases, `payment ${payment.id} booked ${paid ? "once" : "never"}`).toHaveLength(paid ? 1 : 0);
    expect(refunds, `payment ${payment.id} refund booked`).toHaveLength(payment.status === "refunded" ? 1 : 0);
  }
  expect(await db.select().from(refundRequests), "no refund half-done").toEqual([]);
}

describe("buying credits when the server dies mid-way", () => {
  it("after our row, before the provider's payment: nobody can pay, and the row expires", async () => {
    const pkg = await givenPackage();
    const member = await buyer();
    armCrash("payment:row-created");
    await expect(
      startCheckout(accountsApp(), member, { packageId: pkg.id, method: "ideal", country: "NL" }),
    ).rejects.toThrow(SimulatedCrash);

    const [payment] = await paymentsOf(member.id);
    expect(payment).toMatchObject({ status: "open", providerRef: null });
    expect(await db.select({ n: count() }).from(sandboxPayments)).toEqual([{ n: 0 }]);

    // Still young: it could be a checkout waiting for the provider's answer.
    await hourly(NOW + 30 * MINUTE);
    expect((await paymentRow(payment!.id)).status).toBe("open");

    await hourly(NOW + 2 * HOUR);
    expect(await paymentRow(payment!.id)).toMatchObject({ status: "expired", updatedAt: NOW + 2 * HOUR });
    await expectSettled(member.id);
    expect(await walletLedgerSum(member.id)).toBe(0);
  });

  it("after the provider's payment, before its reference is stored: the member never got the link, the row expires", async () => {
    const pkg = await givenPackage();
    const member = await buyer();
    armCrash("payment:provider-created");
    await expect(
      startCheckout(accountsApp(), member, { packageId: pkg.id, method: "ideal", country: "NL" }),
    ).rejects.toThrow(SimulatedCrash);

    const [payment] = await paymentsOf(member.id);
    expect(payment).toMatchObject({ status: "open", providerRef: null });
    expect(await db.select({ n: count() }).from(sandboxPayments)).toEqual([{ n: 1 }]);

    await hourly(NOW + 2 * HOUR);
    expect((await paymentRow(payment!.id)).status).toBe("expired");
    await expectSettled(member.id);
    expect(await walletLedgerSum(member.id)).toBe(0);
  });

  it("paid at the provider but the webhook never came: the hourly job asks and books it once", async () => {
    const pkg = await givenPackage();
    const member = await buyer();
    const { paymentId } = await startCheckout(accountsApp(), member, {
      packageId: pkg.id,
      method: "ideal",
      country: "NL",
    });
    const ref = (await paymentRow(paymentId)).providerRef!;
    await settleSandboxPayment(db, ref, "paid");

    // The webhook may still be on its way: a young payment is left to it.
    await hourly(NOW + 5 * MINUTE);
    expect((await paymentRow(paymentId)).status).toBe("open");

    await hourly(NOW + 20 * MINUTE);
    expect((await paymentRow(paymentId)).status).toBe("paid");
    expect(await walletLedgerSum(member.id)).toBe(60);
    // The next run, and the webhook after all, late: nothing more is booked.
    await hourly(NOW + 80 * MINUTE);
    await handleWebhook(accountsApp(), "sandbox", ref);

    expect(await paymentRow(paymentId)).toMatchObject({ status: "paid", credits: 60 });
    const [user] = await db.select().from(users).where(eq(users.id, member.id));
    expect(user).toMatchObject({ credits: 60, paidUser: true });
    await expectSettled(member.id);
  });

  it("paid, and the webhook's booking died before committing: booked once by the hourly job", async () => {
    const pkg = await givenPackage();
    const member = await buyer();
    const { paymentId } = await startCheckout(accountsApp(), member, {
      packageId: pkg.id,
      method: "ideal",
      country: "NL",
    });
    const ref = (await paymentRow(paymentId)).providerRef!;
    await settleSandboxPayment(db, ref, "paid");
    const broken = { ...accountsApp(), db: createDb(faultyD1(env.DB, { on: "batch", when: "before", times: 1 })) };
    await expect(handleWebhook(broken, "sandbox", ref)).rejects.toThrow();

    await hourly(NOW + 20 * MINUTE);
    expect((await paymentRow(paymentId)).status).toBe("paid");
    expect(await walletLedgerSum(member.id)).toBe(60);
    await expectSettled(member.id);
  });

  it.each(["the webhook again", "the minute job's replay"] as const)(
    "paid, and the server died after the purchase was recorded, before the wallet heard of it: credited once by %s",
    async (finisher) => {
      const pkg = await givenPackage();
      const member = await buyer();
      const { paymentId } = await startCheckout(accountsApp(), member, {
        packageId: pkg.id,
        method: "ideal",
        country: "NL",
      });
      const ref = (await paymentRow(paymentId)).providerRef!;
      await settleSandboxPayment(db, ref, "paid");
      armCrash("movement:recorded");
      await expect(handleWebhook(accountsApp(), "sandbox", ref)).rejects.toThrow(SimulatedCrash);

      // The purchase is paid and recorded; the wallet has moved nothing yet.
      expect(await paymentRow(paymentId)).toMatchObject({ status: "paid", credits: 60 });
      expect(await ledgerRows(member.id, "purchase")).toEqual([
        expect.objectContaining({ op: "credit", amount: 60, delta: 0, appliedAt: null }),
      ]);
      expect(await walletLedgerSum(member.id)).toBe(0);

      const later = { db, env, log: createLogger("test-replay"), now: () => NOW + REPLAY_AFTER_MS + MINUTE };
      const finish = () =>
        finisher === "the webhook again" ? handleWebhook(accountsApp(), "sandbox", ref) : replayMovements(later);
      await Promise.all([finish(), finish()]);
      await finish();
      // And the other way too, late: nothing more moves.
      await replayMovements(later);
      await handleWebhook(accountsApp(), "sandbox", ref);

      expect(await ledgerRows(member.id, "purchase")).toEqual([
        expect.objectContaining({ delta: 60, outcome: "booked", appliedAt: expect.any(Number) }),
      ]);
      const wallet = await walletOfMember(member.id);
      expect(wallet.ledger.map((row) => [row.key, row.delta])).toEqual([[`payment:${paymentId}`, 60]]);
      expect(wallet.balance).toBe(60);
      const [user] = await db.select().from(users).where(eq(users.id, member.id));
      expect(user).toMatchObject({ credits: 60, paidUser: true });
      await expectSettled(member.id);
    },
  );

  it("a payment the payer gave up on ends as the provider says", async () => {
    const pkg = await givenPackage();
    const member = await buyer();
    const { paymentId } = await startCheckout(accountsApp(), member, {
      packageId: pkg.id,
      method: "ideal",
      country: "NL",
    });
    await settleSandboxPayment(db, (await paymentRow(paymentId)).providerRef!, "canceled");
    await hourly(NOW + 20 * MINUTE);
    expect((await paymentRow(paymentId)).status).toBe("cancelled");
    await expectSettled(member.id);
  });
});

describe("refunding a payment when the server dies mid-way", () => {
  /** A paid, booked purchase of 60 credits for 19.95. */
  async function paidPayment() {
    const pkg = await givenPackage();
    const member = await buyer();
    const app = accountsApp();
    const { paymentId } = await startCheckout(app, member, { packageId: pkg.id, method: "ideal", country: "NL" });
    const ref = (await paymentRow(paymentId)).providerRef!;
    await settleSandboxPayment(db, ref, "paid");
    await handleWebhook(app, "sandbox", ref);
    expect(await walletLedgerSum(member.id)).toBe(60);
    return { member: member.id, email: member.email, paymentId, ref };
  }

  /** Refunded once at the provider, booked once, the member told once, the operator on record once. */
  async function expectRefunded(
    setup: Awaited<ReturnType<typeof paidPayment>>,
    operator: { id: number; email: string },
  ) {
    expect((await sandboxRow(setup.ref)).refundedCents).toBe(1995);
    expect((await paymentRow(setup.paymentId)).status).toBe("refunded");
    expect(await ledgerRows(setup.member, "refund")).toEqual([
      expect.objectContaining({ delta: -60, idempotencyKey: expect.stringMatching(`^refund:${setup.paymentId}:`) }),
    ]);
    expect((await ledgerRows(setup.member, "refund"))[0]!.note).toContain(operator.email);
    expect(await walletLedgerSum(setup.member)).toBe(0);
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, setup.email), eq(mailOutbox.template, "payment_refunded")));
    expect(mails).toHaveLength(1);
    expect(
      await db
        .select({ operatorId: auditLog.operatorId, action: auditLog.action, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.targetType, "payment"), eq(auditLog.targetId, String(setup.paymentId)))),
    ).toEqual([
      {
        operatorId: operator.id,
        action: "payment.refund",
        after: { status: "refunded", amountCents: 1995, credits: 60 },
      },
    ]);
    await expectSettled(setup.member);
  }

  it("after the request, before the provider's refund: the hourly job refunds and books it once", async () => {
    const support = await givenOperator("support");
    const setup = await paidPayment();
    armCrash("refund:requested");
    await expect(refundPayment(support.app, setup.paymentId)).rejects.toThrow(SimulatedCrash);

    expect(await db.select().from(refundRequests)).toEqual([
      { paymentId: setup.paymentId, operatorId: support.id, createdAt: NOW },
    ]);
    expect((await sandboxRow(setup.ref)).refundedCents).toBe(0);
    expect((await paymentRow(setup.paymentId)).status).toBe("paid");

    // The operator may still be on it: a fresh request is left alone.
    await hourly(NOW + MINUTE);
    expect((await sandboxRow(setup.ref)).refundedCents).toBe(0);

    await hourly(NOW + 10 * MINUTE);
    await hourly(NOW + 70 * MINUTE);
    await expectRefunded(setup, support);
  });

  it("refunded at the provider, not yet booked: the hourly job books it, without refunding twice", async () => {
    const support = await givenOperator("support");
    const setup = await paidPayment();
    armCrash("refund:provider-refunded");
    await expect(refundPayment(support.app, setup.paymentId)).rejects.toThrow(SimulatedCrash);

    // The money went back; the payment still says paid and the credits are still there.
    expect((await sandboxRow(setup.ref)).refundedCents).toBe(1995);
    expect((await paymentRow(setup.paymentId)).status).toBe("paid");
    expect(await walletLedgerSum(setup.member)).toBe(60);
    expect(await db.select({ n: count() }).from(refundRequests)).toEqual([{ n: 1 }]);

    await hourly(NOW + 10 * MINUTE);
    await hourly(NOW + 70 * MINUTE);
    await expectRefunded(setup, support);
  });

  it("a second click while the request is open continues the same refund", async () => {
    const support = await givenOperator("support");
    const admin = await givenOperator("admin");
    const setup = await paidPayment();
    armCrash("refund:provider-refunded");
    await expect(refundPayment(support.app, setup.paymentId)).rejects.toThrow(SimulatedCrash);

    expect(await outcome(refundPayment(admin.app, setup.paymentId))).toBe("ok");
    await expectRefunded(setup, admin);
    await hourly(NOW + 10 * MINUTE);
    await expectRefunded(setup, admin);
    expect(await outcome(refundPayment(admin.app, setup.paymentId))).toBe("not_refundable");
  });

  it("a refund the provider refuses for good is left for an operator, reported once per run", async () => {
    const support = await givenOperator("support");
    const setup = await paidPayment();
    armCrash("refund:requested");
    await expect(refundPayment(support.app, setup.paymentId)).rejects.toThrow(SimulatedCrash);
    // Meanwhile the provider will not refund it any more (a chargeback, say).
    await settleSandboxPayment(db, setup.ref, "failed");

    for (const at of [NOW + 10 * MINUTE, NOW + 70 * MINUTE]) {
      const log = recordingLogger();
      await hourly(at, log);
      const refusals = log.error.mock.calls.filter(([msg]) => String(msg).includes("refund"));
      expect(refusals).toEqual([
        [expect.stringContaining("refused"), expect.objectContaining({ paymentId: setup.paymentId })],
      ]);
    }
    expect(await db.select({ n: count() }).from(refundRequests)).toEqual([{ n: 1 }]);
    expect((await paymentRow(setup.paymentId)).status).toBe("paid");
    expect(await walletLedgerSum(setup.member)).toBe(60);
    expect((await sandboxRow(setup.ref)).refundedCents).toBe(0);

    // An operator looks at it: the provider says no, nothing happened, and nothing is left half-done.
    expect(await outcome(refundPayment(support.app, setup.paymentId))).toBe("refund_failed");
    await expectSettled(setup.member);
    expect(await walletLedgerSum(setup.member)).toBe(60);
  });

  it("a refund refused at once leaves no request behind", async () => {
    const support = await givenOperator("support");
    const setup = await paidPayment();
    await settleSandboxPayment(db, setup.ref, "failed");
    expect(await outcome(refundPayment(support.app, setup.paymentId))).toBe("refund_failed");
    expect(await db.select().from(refundRequests)).toEqual([]);
    await hourly(NOW + 10 * MINUTE);
    expect((await paymentRow(setup.paymentId)).status).toBe("paid");
    expect((await sandboxRow(setup.ref)).refundedCents).toBe(0);
    await expectSettled(setup.member);
  });
});

describe("refunding a Mollie payment when the server dies mid-way", () => {
  const refundPosts = (mollie: MollieFake) =>
    mollie.requests.filter((r) => r.method === "POST" && r.path.endsWith("/refunds"));

  /** A member's Mollie payment of 60 credits for 19.95, paid and booked. */
  async function paidMolliePayment(mollie: MollieFake) {
    const pkg = await givenPackage();
    const member = await buyer();
    const app = mollieApp();
    const { paymentId } = await startCheckout(app, member, { packageId: pkg.id, method: "ideal", country: "NL" });
    const ref = (await paymentRow(paymentId)).providerRef!;
    mollie.setStatus(ref, "paid");
    await handleWebhook(app, "mollie", ref);
    expect(await walletLedgerSum(member.id)).toBe(60);
    return { member, paymentId };
  }

  it("Mollie refunded but its answer was lost: the click fails, the request stays, the hourly job books it", async () => {
    const mollie = givenMollie();
    const { member, paymentId } = await paidMolliePayment(mollie);
    mollie.fail({ kind: "lost-answer", times: 1, match: (r) => r.method === "POST" && r.url.endsWith("/refunds") });
    const support = await givenOperator("support");

    expect(await outcome(refundPayment({ ...support.app, env: mollieEnv }, paymentId))).toBe("refund_failed");
    expect(await db.select({ n: count() }).from(refundRequests)).toEqual([{ n: 1 }]);
    // Mollie keeps idempotency keys only for a while: the refund's metadata must find it.
    mollie.forgetIdempotencyKeys();
    await hourly(NOW + 10 * MINUTE, createLogger("test-hourly"), mollieEnv);

    expect(mollie.refunds).toHaveLength(1);
    expect(refundPosts(mollie)).toHaveLength(1);
    expect((await paymentRow(paymentId)).status).toBe("refunded");
    expect(await walletLedgerSum(member.id)).toBe(0);
    await expectSettled(member.id);
  });

  it.each(["refund:requested", "refund:provider-refunded"] as const)(
    "crash at %s: refunded once at Mollie, booked once, even after Mollie forgot the key",
    async (point) => {
      const mollie = givenMollie();
      const { member, paymentId } = await paidMolliePayment(mollie);

      const support = await givenOperator("support");
      armCrash(point);
      await expect(refundPayment({ ...support.app, env: mollieEnv }, paymentId)).rejects.toThrow(SimulatedCrash);
      expect(mollie.refunds).toHaveLength(point === "refund:requested" ? 0 : 1);

      mollie.forgetIdempotencyKeys();
      await hourly(NOW + 10 * MINUTE, createLogger("test-hourly"), mollieEnv);
      await hourly(NOW + 70 * MINUTE, createLogger("test-hourly"), mollieEnv);

      // The refund's key: random, kept in D1, the same however often it was asked.
      const [{ key } = { key: "" }] = await db
        .select()
        .from(providerKeys)
        .where(eq(providerKeys.operation, `refund:${paymentId}`));
      expect(mollie.refunds).toEqual([
        expect.objectContaining({ amount: { currency: "EUR", value: "19.95" }, metadata: { idempotencyKey: key } }),
      ]);
      expect(refundPosts(mollie).map((p) => p.idempotencyKey)).toEqual([key]);
      expect((await paymentRow(paymentId)).status).toBe("refunded");
      expect(await ledgerRows(member.id, "refund")).toEqual([expect.objectContaining({ delta: -60 })]);
      expect(await walletLedgerSum(member.id)).toBe(0);
      await expectSettled(member.id);
    },
  );
});
