// Texts cost money per message, so no one may send many of them through us:
// a code goes only to a mobile number of a country where the site offers
// direct debit, only to a member whose address is confirmed, and at most so
// many a UTC day per member, per number and in all. Each limit is taken in
// one guarded statement, so requests fired at once cannot all slip through,
// and a refused start leaves nothing behind. The counters of a mandate (codes
// resent, wrong codes typed) are guarded the same way.
import { SELF } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dailyCounts, directDebitMandates, payments, smsOutbox } from "#app/server/db/schema.ts";
import { confirmCode, resendCode, startDirectDebit } from "#app/server/payments/direct-debit.ts";
import nlErrors from "../../locales/nl/errors.json";
import { db, givenAccount, NOW, outcome, sessionCookieFor } from "./fixtures.ts";
import { directDebitForm, givenMollie, givenPackage, member, mollieApp, oldMember } from "./payment-fixtures.ts";

afterEach(() => vi.restoreAllMocks());

const DAY = 86_400_000;

/** The parsed direct-debit form for a package, texting `mobile`. */
function form(packageId: number, mobile = "+31 6 1234 5678") {
  const input = directDebitForm({ package: String(packageId), mobile });
  if (!input.success) throw input.error;
  return input.data;
}

/** A Dutch mobile number of its own for each `i`. */
const dutchMobile = (i: number) => `+316100000${String(i).padStart(2, "0")}`;

const texts = async () => (await db.select({ n: count() }).from(smsOutbox))[0]!.n;
const paymentsOf = async (userId: number) =>
  (await db.select({ n: count() }).from(payments).where(eq(payments.userId, userId)))[0]!.n;
const mandatesOf = async (userId: number) =>
  (await db.select({ n: count() }).from(directDebitMandates).where(eq(directDebitMandates.userId, userId)))[0]!.n;
const mandateRow = async (id: number) =>
  (await db.select().from(directDebitMandates).where(eq(directDebitMandates.id, id)))[0]!;

describe("where a code may be texted", () => {
  it("refuses a number of a country where the site offers no direct debit, and writes nothing", async () => {
    givenMollie();
    const pkg = await givenPackage();
    const buyer = await oldMember();
    for (const foreign of ["+23276000001", "+32 470 12 34 56"]) {
      expect(await outcome(startDirectDebit(mollieApp(), buyer, form(pkg.id, foreign), "NL")), foreign).toBe(
        "phone_country_not_offered",
      );
    }
    expect(await paymentsOf(buyer.id)).toBe(0);
    expect(await mandatesOf(buyer.id)).toBe(0);
    expect(await texts()).toBe(0);

    // Germany offers direct debit on this site: a German mobile number is fine for a Dutch member.
    expect(await outcome(startDirectDebit(mollieApp(), buyer, form(pkg.id, "+49 151 12345678"), "NL"))).toBe("ok");
    // A site that offers direct debit only in the Netherlands texts only Dutch numbers.
    const dutchOnly = mollieApp({ settings: { countries: ["NL"] } });
    expect(await outcome(startDirectDebit(dutchOnly, buyer, form(pkg.id, "+49 151 12345679"), "NL"))).toBe(
      "phone_country_not_offered",
    );
    expect(await texts()).toBe(1);
  });

  it("answers the form with a localised 400 naming where it can text, instead of a redirect", async () => {
    const pkg = await givenPackage();
    const buyer = await givenAccount();
    const response = await SELF.fetch(`http://localhost/directdebit?package=${pkg.id}`, {
      method: "POST",
      headers: {
        Cookie: await sessionCookieFor(buyer),
        Origin: "http://localhost",
        "CF-Connecting-IP": "203.0.113.41",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        intent: "start",
        package: String(pkg.id),
        account_holder: "A. de Vries",
        iban: "NL91ABNA0417164300",
        street: "Keizersgracht",
        house_number: "1",
        postcode: "1015 CJ",
        city: "Amsterdam",
        mobile: "+23276000001",
        consent: "on",
      }),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    // The countries as the language lists things (Intl.ListFormat), not joined with commas.
    expect(page).toContain(nlErrors.phoneCountryNotOffered.replace("{{countries}}", "Nederland en Duitsland"));
    expect(await paymentsOf(buyer)).toBe(0);
    expect(await texts()).toBe(0);
  });

  it("texts no code before the member has confirmed their address", async () => {
    givenMollie();
    const pkg = await givenPackage();
    const fresh = await member(await givenAccount({ status: "not_confirmed" }));
    expect(await outcome(startDirectDebit(mollieApp(), fresh, form(pkg.id), "NL"))).toBe("email_unconfirmed");
    expect(await paymentsOf(fresh.id)).toBe(0);
    expect(await mandatesOf(fresh.id)).toBe(0);
    expect(await texts()).toBe(0);
  });
});

describe("texts a day", () => {
  it("texts a member at most 5 codes a UTC day, starts and resends fired at once together", async () => {
    givenMollie();
    const pkg = await givenPackage("NL", 995, 25);
    const buyer = await oldMember();
    const first = await startDirectDebit(mollieApp(), buyer, form(pkg.id, dutchMobile(0)), "NL");
    const answers = await Promise.all([
      ...[1, 2, 3, 4, 5, 6, 7].map((i) =>
        outcome(startDirectDebit(mollieApp(), buyer, form(pkg.id, dutchMobile(i)), "NL")),
      ),
      // Two resends: with the first code, as many texts as one number may have a day.
      ...[1, 2].map(() => outcome(resendCode(mollieApp(), buyer, first.mandateId))),
    ]);
    expect(answers.filter((a) => a === "ok")).toHaveLength(4);
    expect(answers.filter((a) => a === "sms_limit")).toHaveLength(5);
    expect(await texts()).toBe(5);
    // A refused start leaves no payment or mandate behind.
    const started = 1 + answers.slice(0, 7).filter((a) => a === "ok").length;
    expect(await paymentsOf(buyer.id)).toBe(started);
    expect(await mandatesOf(buyer.id)).toBe(started);

    // The next UTC day the member may have codes again.
    const tomorrow = mollieApp({ now: () => NOW + DAY });
    expect(await outcome(startDirectDebit(tomorrow, buyer, form(pkg.id, dutchMobile(9)), "NL"))).toBe("ok");
    expect(await texts()).toBe(6);
  });

  it("texts one number at most 3 codes a UTC day, whichever members ask", async () => {
    givenMollie();
    const pkg = await givenPackage();
    const buyers = await Promise.all([0, 1, 2, 3, 4, 5].map(() => oldMember()));
    const answers = await Promise.all(
      buyers.map((buyer) => outcome(startDirectDebit(mollieApp(), buyer, form(pkg.id, "06 1234 5678"), "NL"))),
    );
    expect(answers.filter((a) => a === "ok")).toHaveLength(3);
    expect(answers.filter((a) => a === "sms_limit")).toHaveLength(3);
    expect(await texts()).toBe(3);
    const written = await Promise.all(buyers.map((buyer) => paymentsOf(buyer.id)));
    expect(written).toEqual(answers.map((a) => (a === "ok" ? 1 : 0)));
    // The members refused for that number may still use another.
    const refused = buyers[answers.indexOf("sms_limit")]!;
    expect(await outcome(startDirectDebit(mollieApp(), refused, form(pkg.id, dutchMobile(1)), "NL"))).toBe("ok");
  });

  it("texts no more codes in all than the daily ceiling", async () => {
    givenMollie();
    const pkg = await givenPackage();
    const buyer = await oldMember();
    // Codes texted today to other members until one is left.
    await db.insert(dailyCounts).values({ scope: "sms_all", key: "all", day: Math.floor(NOW / DAY), count: 499 });
    const answers = await Promise.all(
      [1, 2, 3].map((i) => outcome(startDirectDebit(mollieApp(), buyer, form(pkg.id, dutchMobile(i)), "NL"))),
    );
    expect(answers.toSorted()).toEqual(["ok", "sms_limit", "sms_limit"]);
    expect(await texts()).toBe(1);
    expect(await paymentsOf(buyer.id)).toBe(1);
  });
});

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
