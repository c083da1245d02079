// A direct-debit mandate's counters under requests fired at once: codes
// resent and wrong codes typed share the mandate's tries, each taken in one
// guarded statement, so parallel requests cannot all read "one left".
import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { directDebitMandates, payments, smsOutbox } from "#app/server/db/schema.ts";
import { confirmCode, resendCode, startDirectDebit } from "#app/server/payments/direct-debit.ts";
import { db, outcome } from "./fixtures.ts";
import { directDebitForm, givenMollie, givenPackage, mollieApp, oldMember } from "./payment-fixtures.ts";

afterEach(() => vi.restoreAllMocks());

/** The parsed direct-debit form for a package, texting `mobile`. */
function form(packageId: number, mobile = "+31 6 1234 5678") {
  const input = directDebitForm({ package: String(packageId), mobile });
  if (!input.success) throw input.error;
  return input.data;
}

const texts = async () => (await db.select({ n: count() }).from(smsOutbox))[0]!.n;
const mandateRow = async (id: number) =>
  (await db.select().from(directDebitMandates).where(eq(directDebitMandates.id, id)))[0]!;

describe("a mandate's counters under requests fired at once", () => {
  it("resends a code no more often than the mandate allows", async () => {
    givenMollie();
    const pkg = await givenPackage();
    const buyer = await oldMember();
    const { mandateId } = await startDirectDebit(mollieApp(), buyer, form(pkg.id), "NL");
    // Three of its four resends (or wrong codes) are used already.
    await db.update(directDebitMandates).set({ attempts: 3 }).where(eq(directDebitMandates.id, mandateId));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => outcome(resendCode(mollieApp(), buyer, mandateId))),
    );
    expect(answers.filter((a) => a === "ok")).toHaveLength(1);
    expect(await texts()).toBe(2);
    expect((await mandateRow(mandateId)).attempts).toBe(4);
  });

  it("compares no more wrong codes than the allowed 5 tries, however many arrive at once", async () => {
    givenMollie();
    const pkg = await givenPackage();
    const buyer = await oldMember();
    const { mandateId, paymentId } = await startDirectDebit(mollieApp(), buyer, form(pkg.id), "NL");
    const sent = (await db.select().from(smsOutbox))[0]!.text.match(/\d{6}/)![0];
    const guesses = Array.from({ length: 20 }, (_, i) => String(100_000 + i)).filter((guess) => guess !== sent);
    const answers = await Promise.all(
      guesses.map((code) => outcome(confirmCode(mollieApp(), buyer, { mandate: mandateId, code }))),
    );
    expect(answers.filter((a) => a === "code_invalid")).toHaveLength(5);
    expect(answers.filter((a) => a !== "code_invalid")).toEqual(Array(guesses.length - 5).fill("payment_not_found"));
    expect(await mandateRow(mandateId)).toMatchObject({ status: "failed", attempts: 5 });
    expect((await db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.status).toBe("failed");
    // The mandate is over: the right code signs nothing now.
    expect(await outcome(confirmCode(mollieApp(), buyer, { mandate: mandateId, code: sent }))).toBe(
      "payment_not_found",
    );
  });
});
