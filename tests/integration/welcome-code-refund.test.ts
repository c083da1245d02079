// A refund of a member's only purchase makes them a new member again: the
// welcome code that purchase used is theirs to use once more, and they are
// no longer premium. A refund of one purchase among others gives nothing back.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findSessionMember } from "#app/server/accounts/session.ts";
import { discountRedemptions, users } from "#app/server/db/schema.ts";
import { handleWebhook, startCheckout } from "#app/server/payments/checkout.ts";
import { welcomeCode } from "#app/server/payments/discounts.ts";
import { refundPayment } from "#app/server/payments/refunds.ts";
import { settleSandboxPayment } from "#app/server/payments/sandbox.ts";
import { accountsApp, db, givenAccount, NOW, sessionCookieFor } from "./fixtures.ts";
import { givenOperator } from "./operator-fixtures.ts";
import { givenPackage, paymentRow } from "./payment-fixtures.ts";

afterEach(() => vi.restoreAllMocks());

/** A member who signed up yesterday (the welcome code is theirs, the time bonus over). */
async function newMember() {
  const id = await givenAccount();
  const cookie = await sessionCookieFor(id, NOW);
  return (await findSessionMember(db, cookie.split("=")[1]!, NOW))!;
}

async function buy(member: Awaited<ReturnType<typeof newMember>>, packageId: number) {
  const app = accountsApp();
  const { paymentId } = await startCheckout(app, member, { packageId, method: "ideal", country: "NL" });
  const ref = (await paymentRow(paymentId)).providerRef!;
  await settleSandboxPayment(db, ref, "paid");
  await handleWebhook(app, "sandbox", ref);
  return paymentId;
}

const fresh = async (id: number) => {
  const cookie = await sessionCookieFor(id, NOW);
  return (await findSessionMember(db, cookie.split("=")[1]!, NOW))!;
};

describe("a refund and the welcome code", () => {
  it("gives back the welcome code its payment used, when it was the member's only purchase", async () => {
    const pkg = await givenPackage();
    const member = await newMember();
    const paymentId = await buy(member, pkg.id);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "paid", amountCents: 1496 });
    expect(await welcomeCode(accountsApp(), await fresh(member.id))).toBeNull();

    await refundPayment((await givenOperator("support")).app, paymentId);
    expect(await db.select().from(discountRedemptions).where(eq(discountRedemptions.userId, member.id))).toEqual([]);
    expect((await db.select().from(users).where(eq(users.id, member.id)))[0]).toMatchObject({ paidUser: false });
    expect(await welcomeCode(accountsApp(), await fresh(member.id))).toMatchObject({ code: "WELCOME25" });
  });

  it("keeps it used when the member bought more than once", async () => {
    const pkg = await givenPackage();
    const member = await newMember();
    const first = await buy(member, pkg.id);
    await buy(await fresh(member.id), pkg.id);
    await refundPayment((await givenOperator("support")).app, first);
    expect(await db.select().from(discountRedemptions).where(eq(discountRedemptions.userId, member.id))).toHaveLength(
      1,
    );
    expect((await db.select().from(users).where(eq(users.id, member.id)))[0]).toMatchObject({ paidUser: true });
  });
});
