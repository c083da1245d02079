// A charge-back ends what the payment paid for: the credits (in proportion
// for a partial one, within the balance), premium when that payment bought
// it, and direct debit until an operator lifts the block; the member gets a
// mail in their language. A reversed charge-back gives back what it took.
// Against the fake of Mollie's API, and in the local sandbox.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { armCrash, SimulatedCrash } from "#app/server/crash-points.ts";
import { users } from "#app/server/db/schema.ts";
import { applyChargeback } from "#app/server/payments/chargeback.ts";
import { handleWebhook, startCheckout } from "#app/server/payments/checkout.ts";
import { directDebitOffer } from "#app/server/payments/direct-debit.ts";
import { liftDirectDebitBlock } from "#app/server/payments/direct-debit-block.ts";
import { accountsApp, db, mailsTo, outcome, walletLedgerSum } from "./fixtures.ts";
import { auditRowsFor, givenOperator } from "./operator-fixtures.ts";
import { givenMollie, givenPackage, ledgerOf, mollieApp, oldMember, paymentRow, spent } from "./payment-fixtures.ts";

afterEach(() => vi.restoreAllMocks());

const memberRow = async (id: number) => (await db.select().from(users).where(eq(users.id, id)))[0]!;

/** A member (writing in English) who paid 19.95 for 60 credits at Mollie, and its reference. */
async function paidAtMollie(mollie: ReturnType<typeof givenMollie>, buyer?: Awaited<ReturnType<typeof oldMember>>) {
  const pkg = await givenPackage();
  const member = buyer ?? (await oldMember("Anna"));
  await db.update(users).set({ language: "en" }).where(eq(users.id, member.id));
  const { paymentId } = await startCheckout(mollieApp(), member, { packageId: pkg.id, method: "ideal", country: "NL" });
  const ref = (await paymentRow(paymentId)).providerRef!;
  mollie.setStatus(ref, "paid");
  await handleWebhook(mollieApp(), "mollie", ref);
  return { buyer: member, paymentId, ref };
}

const webhook = (ref: string, times = 1) =>
  Promise.all(Array.from({ length: times }, () => handleWebhook(mollieApp(), "mollie", ref)));

describe("a charge-back", () => {
  it("takes back the credits in proportion to a partial charge-back, rounded down", async () => {
    const mollie = givenMollie();
    const { buyer, paymentId, ref } = await paidAtMollie(mollie);
    mollie.chargeBack(ref, "9.95");
    await webhook(ref, 3);
    // 60 credits × 9.95 / 19.95 = 29.9…: 29 go back.
    expect((await ledgerOf(buyer.id)).filter((r) => r.reason === "chargeback")).toEqual([
      expect.objectContaining({ delta: -29, idempotencyKey: `chargeback:${paymentId}` }),
    ]);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "charged_back", chargedBackCents: 995 });
    expect(await memberRow(buyer.id)).toMatchObject({ credits: 31 });

    // The rest of it later: the other 31, once.
    mollie.chargeBack(ref, "10.00");
    await webhook(ref, 3);
    expect((await ledgerOf(buyer.id)).filter((r) => r.reason === "chargeback").map((r) => r.delta)).toEqual([-29, -31]);
    expect(await memberRow(buyer.id)).toMatchObject({ credits: 0 });
    expect(await walletLedgerSum(buyer.id)).toBe(0);
  });

  it("ends the premium this payment bought, blocks direct debit and mails the member in their language", async () => {
    const mollie = givenMollie();
    const { buyer, ref } = await paidAtMollie(mollie);
    expect(await memberRow(buyer.id)).toMatchObject({ paidUser: true, directDebitBlocked: false });
    mollie.chargeBack(ref);
    await webhook(ref, 3);
    expect(await memberRow(buyer.id)).toMatchObject({ credits: 0, paidUser: false, directDebitBlocked: true });
    const mails = (await mailsTo(buyer.email)).filter((m) => m.template === "payment_charged_back");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ locale: "en" });
    expect(mails[0]!.subject).toContain("€");
    expect(mails[0]!.text).toContain("60");

    // Trying to pay by direct debit now says why not, in the member's language, before the form.
    const pkg = await givenPackage();
    expect(await outcome(directDebitOffer(mollieApp(), buyer, { packageId: pkg.id, country: "NL" }))).toBe(
      "direct_debit_blocked",
    );
  });

  it("keeps premium that an earlier purchase bought", async () => {
    const mollie = givenMollie();
    const first = await paidAtMollie(mollie);
    const second = await paidAtMollie(mollie, first.buyer);
    mollie.chargeBack(second.ref);
    await webhook(second.ref);
    expect(await memberRow(first.buyer.id)).toMatchObject({ credits: 60, paidUser: true, directDebitBlocked: true });
  });

  it("gives back what it took, premium too, when the bank reverses it", async () => {
    const mollie = givenMollie();
    const { buyer, paymentId, ref } = await paidAtMollie(mollie);
    await spent(buyer.id, 25, "msg:spent");
    mollie.chargeBack(ref);
    await webhook(ref);
    expect(await memberRow(buyer.id)).toMatchObject({ credits: 0, paidUser: false });

    mollie.reverseChargeBacks(ref);
    await webhook(ref, 3);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "paid", chargedBackCents: 0 });
    // The 35 that were left came back, not the 60 of the package.
    expect((await ledgerOf(buyer.id)).filter((r) => r.reason === "chargeback").map((r) => r.delta)).toEqual([-35, 35]);
    expect(await memberRow(buyer.id)).toMatchObject({ credits: 35, paidUser: true });
    expect(await walletLedgerSum(buyer.id)).toBe(35);
    // The block stays until an operator lifts it.
    expect(await memberRow(buyer.id)).toMatchObject({ directDebitBlocked: true });
  });

  it("reversed in part, gives back only what it took beyond what is still charged back, as the wallet took it", async () => {
    const mollie = givenMollie();
    const { buyer, paymentId, ref } = await paidAtMollie(mollie);
    await spent(buyer.id, 25, "msg:spent");
    mollie.chargeBack(ref);
    // The take-back is recorded, and the server dies before the wallet hears of it.
    armCrash("movement:recorded");
    await expect(webhook(ref)).rejects.toThrow(SimulatedCrash);
    expect(await walletLedgerSum(buyer.id)).toBe(35);

    // 9.98 of 19.95 still charged back stands for 30 credits; the wallet took 35: 5 come back.
    await applyChargeback(mollieApp(), await paymentRow(paymentId), 998);
    expect(await walletLedgerSum(buyer.id)).toBe(5);
    await applyChargeback(mollieApp(), await paymentRow(paymentId), 0);
    expect(await walletLedgerSum(buyer.id)).toBe(35);
    const chargebacks = (await ledgerOf(buyer.id)).filter((r) => r.reason === "chargeback");
    expect(chargebacks.map((r) => [r.op, r.delta])).toEqual([
      ["takeBack", -35],
      ["giveBack", 5],
      ["giveBack", 30],
    ]);
    expect(await memberRow(buyer.id)).toMatchObject({ credits: 35, paidUser: true });
  });
});

describe("the direct-debit block after a charge-back", () => {
  it("is lifted by an operator who may see payments, with an audit row", async () => {
    const mollie = givenMollie();
    const { buyer, ref } = await paidAtMollie(mollie);
    mollie.chargeBack(ref);
    await webhook(ref);
    const moderator = await givenOperator("moderator");
    expect(await outcome(liftDirectDebitBlock(moderator.app, buyer.id))).toBe("operator_forbidden");
    const support = await givenOperator("support");
    await liftDirectDebitBlock(support.app, buyer.id);
    expect(await memberRow(buyer.id)).toMatchObject({ directDebitBlocked: false });
    expect(await auditRowsFor("member", buyer.id)).toEqual([
      expect.objectContaining({
        action: "member.direct_debit_unblock",
        operatorId: support.id,
        before: { directDebitBlocked: true },
        after: { directDebitBlocked: false },
      }),
    ]);
    const pkg = await givenPackage();
    expect(await directDebitOffer(mollieApp(), buyer, { packageId: pkg.id, country: "NL" })).toBeTruthy();
  });

  it("is lifted from the member's console page", async () => {
    const buyer = await oldMember();
    await db.update(users).set({ directDebitBlocked: true }).where(eq(users.id, buyer.id));
    const admin = await givenOperator("admin");
    const page = await (
      await SELF.fetch(`http://localhost/admin/members/${buyer.id}`, { headers: { Cookie: admin.cookie } })
    ).text();
    expect(page.includes(`value="directdebit"`)).toBe(true);
    const lifted = await SELF.fetch(`http://localhost/admin/members/${buyer.id}`, {
      method: "POST",
      headers: {
        Cookie: admin.cookie,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://localhost",
      },
      body: "intent=directdebit",
    });
    expect(lifted.status).toBe(200);
    expect(await memberRow(buyer.id)).toMatchObject({ directDebitBlocked: false });
  });
});

describe("a charge-back in the local sandbox", () => {
  it("is chosen on the sandbox page for a paid payment, and reversed there", async () => {
    const pkg = await givenPackage();
    const buyer = await oldMember();
    const app = accountsApp();
    const { paymentId } = await startCheckout(app, buyer, { packageId: pkg.id, method: "ideal", country: "NL" });
    const ref = (await paymentRow(paymentId)).providerRef!;
    const choose = (choice: string) =>
      SELF.fetch(`http://localhost/payments/sandbox/${ref}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
        body: `outcome=${choice}`,
        redirect: "manual",
      });
    expect((await choose("paid")).status).toBe(302);
    const page = await (await SELF.fetch(`http://localhost/payments/sandbox/${ref}`)).text();
    expect(page).toContain('value="chargeback"');

    expect((await choose("chargeback")).status).toBe(302);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "charged_back", chargedBackCents: 1995 });
    expect(await memberRow(buyer.id)).toMatchObject({ credits: 0, paidUser: false, directDebitBlocked: true });

    expect((await choose("reversed")).status).toBe(302);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "paid", chargedBackCents: 0 });
    expect(await memberRow(buyer.id)).toMatchObject({ credits: 60, paidUser: true });
  });
});
