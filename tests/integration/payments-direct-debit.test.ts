// Direct debit as a SEPA collection: the SMS code signs the mandate, the
// mandate and the collection are made at Mollie (the fake of its API) or, for
// a developer, in the sandbox; the payment stays pending and books credits
// only when the provider says the bank paid, once. A failed collection books
// nothing; a charge-back takes the credits back through the ledger, once.
import { SELF } from "cloudflare:test";
import { and, count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { directDebitMandates, payments, sandboxPayments, users } from "#app/server/db/schema.ts";
import { handleWebhook } from "#app/server/payments/checkout.ts";
import { confirmCode, directDebitOffer, startDirectDebit } from "#app/server/payments/direct-debit.ts";
import { recentPayments } from "#app/server/payments/history.ts";
import { accountsApp, db, NOW, outcome, sessionCookieFor, walletLedgerSum } from "./fixtures.ts";
import {
  directDebitForm,
  givenMollie,
  givenPackage,
  ledgerOf,
  mollieApp,
  oldMember,
  paymentRow,
  smsCodeTo,
  spent,
} from "./payment-fixtures.ts";

afterEach(() => vi.restoreAllMocks());

/** A member who fills in the form for 60 credits at 19.95 and confirms the texted code. */
async function signedDirectDebit(app: ReturnType<typeof accountsApp> = mollieApp()) {
  const pkg = await givenPackage();
  const buyer = await oldMember("Anna");
  const input = directDebitForm({ package: String(pkg.id) });
  if (!input.success) throw input.error;
  const { mandateId, paymentId } = await startDirectDebit(app, buyer, input.data, "NL");
  expect(await paymentRow(paymentId)).toMatchObject({ status: "open", providerRef: null });
  await confirmCode(app, buyer, { mandate: mandateId, code: (await smsCodeTo())! });
  return { buyer, mandateId, paymentId, ref: (await paymentRow(paymentId)).providerRef };
}

describe("the direct-debit form", () => {
  it("checks the IBAN's mod-97 digits and wants consent", () => {
    expect(directDebitForm().success).toBe(true);
    expect(directDebitForm({ iban: "NL91 ABNA 0417 1643 01" }).error?.issues[0]?.message).toBe(
      "validation:ibanInvalid",
    );
    expect(directDebitForm({ consent: "" }).success).toBe(false);
  });

  it("refuses a wrong code and signs nothing", async () => {
    const mollie = givenMollie();
    const pkg = await givenPackage();
    const buyer = await oldMember();
    const input = directDebitForm({ package: String(pkg.id) });
    if (!input.success) throw input.error;
    const { mandateId, paymentId } = await startDirectDebit(mollieApp(), buyer, input.data, "NL");
    const sent = (await smsCodeTo())!;
    const wrong = sent === "000000" ? "111111" : "000000";
    expect(await outcome(confirmCode(mollieApp(), buyer, { mandate: mandateId, code: wrong }))).toBe("code_invalid");
    expect(await paymentRow(paymentId)).toMatchObject({ status: "open", providerRef: null });
    expect(mollie.requests).toEqual([]);
  });

  it("texts the code to the number in international form, as the member's country dials it", async () => {
    givenMollie();
    const pkg = await givenPackage();
    const buyer = await oldMember();
    const national = directDebitForm({ package: String(pkg.id), mobile: "06 1234 5678" });
    if (!national.success) throw national.error;
    const { mobile } = await startDirectDebit(mollieApp(), buyer, national.data, "NL");
    expect(mobile).toBe("+31612345678");
    expect(await smsCodeTo("+31612345678")).toMatch(/^\d{6}$/);

    for (const wrong of ["0201234567", "06123456"]) {
      const input = directDebitForm({ package: String(pkg.id), mobile: wrong });
      if (!input.success) throw input.error;
      expect(await outcome(startDirectDebit(mollieApp(), buyer, input.data, "NL")), wrong).toBe("mobile_invalid");
    }
  });

  it("refuses a country that does not offer direct debit, and the package page too", async () => {
    const pkg = await givenPackage("BE");
    const buyer = await oldMember();
    const input = directDebitForm({ package: String(pkg.id) });
    if (!input.success) throw input.error;
    expect(await outcome(startDirectDebit(mollieApp(), buyer, input.data, "BE"))).toBe("method_not_offered");
    expect(await outcome(directDebitOffer(mollieApp(), buyer, { packageId: pkg.id, country: "BE" }))).toBe(
      "method_not_offered",
    );
    expect(await db.select({ n: count() }).from(payments).where(eq(payments.userId, buyer.id))).toEqual([{ n: 0 }]);
  });

  it("refuses blocked members and payments over the limit", async () => {
    givenMollie();
    const pkg = await givenPackage("NL", 9000);
    const buyer = await oldMember();
    const input = directDebitForm({ package: String(pkg.id) });
    if (!input.success) throw input.error;
    await startDirectDebit(mollieApp(), buyer, input.data, "NL");
    await startDirectDebit(mollieApp(), buyer, input.data, "NL");
    expect(await outcome(startDirectDebit(mollieApp(), buyer, input.data, "NL"))).toBe("direct_debit_limit");
    await db.update(users).set({ directDebitBlocked: true }).where(eq(users.id, buyer.id));
    expect(await outcome(startDirectDebit(mollieApp(), buyer, input.data, "NL"))).toBe("direct_debit_blocked");
    expect(await db.select({ n: count() }).from(payments).where(eq(payments.userId, buyer.id))).toEqual([{ n: 2 }]);
  });
});

describe("a direct debit collected at Mollie", () => {
  it("makes the customer, the mandate and the collection at Mollie on the code, and books no credits yet", async () => {
    const mollie = givenMollie();
    const { buyer, mandateId, paymentId, ref } = await signedDirectDebit();
    const [customer] = [...mollie.customers.values()];
    const [mandate] = [...mollie.mandates.values()];
    expect(customer).toMatchObject({ id: expect.stringMatching(/^cst_/), name: "A. de Vries", email: buyer.email });
    expect(mandate).toMatchObject({
      id: expect.stringMatching(/^mdt_/),
      customerId: customer!.id,
      method: "directdebit",
      details: { consumerName: "A. de Vries", consumerAccount: "NL91ABNA0417164300", consumerBic: null },
      signatureDate: new Date(NOW).toISOString().slice(0, 10),
      mandateReference: `DD-${mandateId}`,
    });
    expect(mollie.payments.get(ref!)).toMatchObject({
      status: "pending",
      sequenceType: "recurring",
      customerId: customer!.id,
      mandateId: mandate!.id,
      amount: { currency: "EUR", value: "19.95" },
      description: "Hartslag: 60 credits",
      webhookUrl: "http://localhost/api/payments/webhook/mollie",
      metadata: { paymentId },
    });
    expect(await paymentRow(paymentId)).toMatchObject({ status: "pending", provider: "mollie", credits: 60 });
    const [row] = await db.select().from(directDebitMandates).where(eq(directDebitMandates.id, mandateId));
    expect(row).toMatchObject({ status: "signed", signedAt: NOW, providerMandateId: mandate!.id });
    expect(await ledgerOf(buyer.id)).toEqual([]);
    expect((await db.select().from(users).where(eq(users.id, buyer.id)))[0]).toMatchObject({
      credits: 0,
      paidUser: false,
    });
    expect((await recentPayments(accountsApp(), buyer.id)).map((p) => p.status)).toEqual(["pending"]);
  });

  it("books the credits once when Mollie says the bank paid", async () => {
    const mollie = givenMollie();
    const { buyer, paymentId, ref } = await signedDirectDebit();
    expect(await handleWebhook(mollieApp(), "mollie", ref!)).toBe("pending");
    expect(await walletLedgerSum(buyer.id)).toBe(0);
    mollie.setStatus(ref!, "paid");
    await Promise.all([0, 1, 2].map(() => handleWebhook(mollieApp(), "mollie", ref!)));
    expect(await paymentRow(paymentId)).toMatchObject({ status: "paid", credits: 60 });
    expect((await db.select().from(users).where(eq(users.id, buyer.id)))[0]).toMatchObject({
      credits: 60,
      paidUser: true,
    });
    expect(await ledgerOf(buyer.id)).toEqual([expect.objectContaining({ delta: 60, reason: "purchase" })]);
  });

  it("books nothing when the collection fails", async () => {
    const mollie = givenMollie();
    const { buyer, paymentId, ref } = await signedDirectDebit();
    mollie.setStatus(ref!, "failed");
    await handleWebhook(mollieApp(), "mollie", ref!);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "failed" });
    expect(await ledgerOf(buyer.id)).toEqual([]);
    expect((await db.select().from(users).where(eq(users.id, buyer.id)))[0]).toMatchObject({
      credits: 0,
      paidUser: false,
    });
  });

  it("takes the credits back through the ledger on a charge-back, once", async () => {
    const mollie = givenMollie();
    const { buyer, paymentId, ref } = await signedDirectDebit();
    mollie.setStatus(ref!, "paid");
    await handleWebhook(mollieApp(), "mollie", ref!);
    mollie.chargeBack(ref!);
    await Promise.all([0, 1, 2].map(() => handleWebhook(mollieApp(), "mollie", ref!)));
    expect(await paymentRow(paymentId)).toMatchObject({ status: "charged_back" });
    expect(await ledgerOf(buyer.id)).toEqual([
      expect.objectContaining({ delta: 60, reason: "purchase" }),
      expect.objectContaining({ delta: -60, reason: "chargeback", idempotencyKey: `chargeback:${paymentId}` }),
    ]);
    expect(await walletLedgerSum(buyer.id)).toBe(0);
    expect((await db.select().from(users).where(eq(users.id, buyer.id)))[0]!.credits).toBe(0);
  });

  it("takes back only what is left of spent credits, and a paid collection turned failed is a charge-back", async () => {
    const mollie = givenMollie();
    const { buyer, ref } = await signedDirectDebit();
    mollie.setStatus(ref!, "paid");
    await handleWebhook(mollieApp(), "mollie", ref!);
    await spent(buyer.id, 25, "msg:test");
    mollie.setStatus(ref!, "failed");
    await handleWebhook(mollieApp(), "mollie", ref!);
    await handleWebhook(mollieApp(), "mollie", ref!);
    const back = (await ledgerOf(buyer.id)).filter((r) => r.reason === "chargeback");
    expect(back).toEqual([expect.objectContaining({ delta: -35 })]);
    expect((await db.select().from(users).where(eq(users.id, buyer.id)))[0]!.credits).toBe(0);
    expect(await walletLedgerSum(buyer.id)).toBe(0);
  });

  it("reuses the member's Mollie customer for the next direct debit, with a mandate of its own", async () => {
    const mollie = givenMollie();
    const { buyer } = await signedDirectDebit();
    const pkg = await givenPackage("NL", 995, 25);
    const input = directDebitForm({ package: String(pkg.id) });
    if (!input.success) throw input.error;
    const again = await startDirectDebit(mollieApp(), buyer, input.data, "NL");
    await confirmCode(mollieApp(), buyer, { mandate: again.mandateId, code: (await smsCodeTo())! });
    expect(mollie.customers.size).toBe(1);
    expect(mollie.mandates.size).toBe(2);
    expect([...mollie.payments.values()].map((p) => p.amount.value)).toEqual(["19.95", "9.95"]);
  });

  it("ends the payment as failed when Mollie refuses the mandate", async () => {
    const mollie = givenMollie();
    mollie.fail({ kind: "down", status: 422, match: (r) => r.url.endsWith("/mandates") });
    const { buyer, mandateId, paymentId } = await signedDirectDebit();
    expect(await paymentRow(paymentId)).toMatchObject({ status: "failed", providerRef: null });
    const [row] = await db.select().from(directDebitMandates).where(eq(directDebitMandates.id, mandateId));
    expect(row!.status).toBe("failed");
    expect(await ledgerOf(buyer.id)).toEqual([]);
  });
});

describe("a direct debit in the local sandbox", () => {
  it("stays pending until someone chooses the bank's answer on the sandbox page, then books once", async () => {
    const { buyer, paymentId, ref } = await signedDirectDebit(accountsApp());
    expect(ref).toBe(`sbx_dd_${paymentId}`);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "pending", provider: "sandbox" });
    const [sandbox] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, ref!));
    expect(sandbox).toMatchObject({ status: "pending", method: "directdebit", amountCents: 1995 });

    // The member sees the collection pending, with (locally) the way to the sandbox's choice.
    const cookie = await sessionCookieFor(buyer.id);
    const page = await (
      await SELF.fetch(`http://localhost/transactions/${paymentId}`, { headers: { Cookie: cookie } })
    ).text();
    expect(page).toContain("Je incasso is aangevraagd");
    expect(page).toContain(`href="/payments/sandbox/${ref}"`);
    expect(await walletLedgerSum(buyer.id)).toBe(0);

    for (let i = 0; i < 2; i++) {
      const chosen = await SELF.fetch(`http://localhost/payments/sandbox/${ref}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
        body: "outcome=paid",
        redirect: "manual",
      });
      expect(chosen.status).toBe(302);
      expect(chosen.headers.get("Location")).toBe(`http://localhost/transactions/${paymentId}`);
    }
    expect(await paymentRow(paymentId)).toMatchObject({ status: "paid" });
    expect(await ledgerOf(buyer.id)).toEqual([expect.objectContaining({ delta: 60 })]);
    expect(
      await db
        .select({ n: count() })
        .from(payments)
        .where(and(eq(payments.userId, buyer.id), eq(payments.status, "paid"))),
    ).toEqual([{ n: 1 }]);
  });
});
