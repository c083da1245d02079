// Which discount a member may use, asked where a code is shown (the API the
// banners and pages read), at checkout and when the payment is booked. The
// welcome code and the time bonus are for the first purchase of a new member
// only; a code no longer allowed when its payment is booked never gives a
// second discount and never costs the member money: the payment buys what its
// amount buys at the package's full price.
import { SELF } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findSessionMember, startSession } from "#app/server/accounts/session.ts";
import {
  creditLedger,
  creditPackages,
  dailyCounts,
  discountCodes,
  discountRedemptions,
  payments,
  profiles,
  users,
} from "#app/server/db/schema.ts";
import { runHourly } from "#app/server/jobs/hourly.ts";
import { checkTypedCode, startCheckout } from "#app/server/payments/checkout.ts";
import { checkCode } from "#app/server/payments/discounts.ts";
import { memberOffer, packageOffers } from "#app/server/payments/offers.ts";
import { settleSandboxPayment } from "#app/server/payments/sandbox.ts";
import { accountsApp, clock, db, givenAccount, outcome, walletLedgerSum } from "./fixtures.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// The HTTP doors run on the real clock, so the domain calls here do too.
const app = () => accountsApp({ now: Date.now });

async function givenPackage(priceCents = 995, credits = 60) {
  const [pkg] = await db
    .insert(creditPackages)
    .values({ domain: "*", country: "NL", currency: "EUR", credits, priceCents, style: "p1", popular: true })
    .returning();
  return pkg!;
}

/** A member who signed up `ago` ms before now, with a session cookie and the domain's view of them. */
async function givenMember(ago = 10 * 60_000) {
  const id = await givenAccount();
  await db
    .update(users)
    .set({ signupDate: Date.now() - ago })
    .where(eq(users.id, id));
  // Active just now: requests have no session upkeep left running after the test.
  await db.update(profiles).set({ lastActivity: Date.now() }).where(eq(profiles.userId, id));
  const { token, statement } = await startSession(db, { userId: id, now: Date.now() });
  await statement;
  const cookie = `session=${token}`;
  // Read again on every use, as each request does.
  const me = async () => (await findSessionMember(db, token, Date.now()))!;
  return { id, cookie, me };
}

const headers = (cookie: string) => ({
  Cookie: cookie,
  "X-Requested-With": "XMLHttpRequest",
  Origin: "http://localhost",
});

async function get(path: string, cookie: string) {
  const response = await SELF.fetch(`http://localhost${path}`, { headers: headers(cookie) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The answer to a typed-in code: the code, or the refusal's error code. */
async function typed(code: string, cookie: string) {
  const { status, body } = await get(`/api/discountcode.php?code=${encodeURIComponent(code)}`, cookie);
  if (status === 200) return (body.discountcode as { code: string }).code;
  return `${status} ${body.error}`;
}

const shown = async (path: string, cookie: string) => (await get(path, cookie)).body;

const webhook = (ref: string) =>
  SELF.fetch("http://localhost/api/payments/webhook/sandbox", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: `id=${ref}`,
  });

async function paymentRow(id: number) {
  return (await db.select().from(payments).where(eq(payments.id, id)))[0]!;
}

/** The payer pays on the sandbox checkout; the provider calls the webhook. */
async function pay(paymentId: number) {
  const { providerRef } = await paymentRow(paymentId);
  await settleSandboxPayment(db, providerRef!, "paid");
  const response = await webhook(providerRef!);
  expect(response.status).toBe(200);
  return providerRef!;
}

type Member = Awaited<ReturnType<typeof givenMember>>;

async function checkout(member: Member, pkgId: number, code?: string) {
  const { paymentId } = await startCheckout(app(), await member.me(), {
    packageId: pkgId,
    method: "ideal",
    country: "NL",
    code: code ?? null,
  });
  return { paymentId, amountCents: (await paymentRow(paymentId)).amountCents };
}

async function balance(id: number) {
  const [user] = await db.select({ credits: users.credits, paid: users.paidUser }).from(users).where(eq(users.id, id));
  expect(await walletLedgerSum(id)).toBe(user!.credits);
  return user!;
}

async function ledgerOf(id: number) {
  return db
    .select({ delta: creditLedger.delta, key: creditLedger.idempotencyKey, note: creditLedger.note })
    .from(creditLedger)
    .where(eq(creditLedger.userId, id))
    .orderBy(creditLedger.id);
}

/** After the first purchase nothing of the welcome discount or the time bonus is left. */
async function expectNoDiscountLeft(member: Member, pkgId: number) {
  expect(await shown("/api/discountcode.php", member.cookie)).toEqual({ discountcode: null });
  expect(await shown("/api/discountcode.php?welcome=true", member.cookie)).toEqual({ discountcode: null });
  expect(await shown("/api/timebonus", member.cookie)).toEqual({ time_bonus: null });
  const offers = await packageOffers(app(), await member.me(), "NL");
  expect(offers.discount).toBeNull();
  expect(offers.packages.map((p) => p.amountCents)).toEqual([995]);
  for (const code of ["WELCOME25", "TIMEBONUS25"]) {
    expect(await outcome(checkout(member, pkgId, code))).toMatch(/^discount_(used|first_purchase)$/);
  }
  expect((await checkout(member, pkgId)).amountCents).toBe(995);
}

describe("the first purchase uses up the new member's discount", () => {
  it("with the time bonus: WELCOME25 and TIMEBONUS25 are refused afterwards, the next checkout costs the full price", async () => {
    const pkg = await givenPackage();
    const member = await givenMember();
    expect(await shown("/api/timebonus", member.cookie)).toMatchObject({
      time_bonus: { code: "TIMEBONUS25", percentage: 25 },
    });
    // The banner also asks for the welcome code, so both personal codes exist.
    expect(await shown("/api/discountcode.php?welcome=true", member.cookie)).toMatchObject({
      discountcode: { code: "WELCOME25" },
    });
    expect(await shown("/api/discountcode.php", member.cookie)).toMatchObject({
      discountcode: { code: "TIMEBONUS25", kind: "time_bonus" },
    });

    const first = await checkout(member, pkg.id);
    expect(first.amountCents).toBe(746);
    await pay(first.paymentId);
    expect(await balance(member.id)).toEqual({ credits: 60, paid: true });

    // The outside tester's finding: a second checkout with WELCOME25 was charged 746.
    const second = checkout(member, pkg.id, "WELCOME25");
    expect(await outcome(second.then((s) => expect(s.amountCents).toBe(995)))).toBe("discount_first_purchase");
    expect(await typed("TIMEBONUS25", member.cookie)).toBe("409 discount_used");
    expect(await typed("WELCOME25", member.cookie)).toBe("409 discount_first_purchase");
    await expectNoDiscountLeft(member, pkg.id);
  });

  it("with WELCOME25 typed in: both codes are refused afterwards, the next checkout costs the full price", async () => {
    const pkg = await givenPackage();
    const member = await givenMember();
    expect(await shown("/api/timebonus", member.cookie)).toMatchObject({ time_bonus: { code: "TIMEBONUS25" } });
    expect(await typed("WELCOME25", member.cookie)).toBe("WELCOME25");

    const first = await checkout(member, pkg.id, "WELCOME25");
    expect(first.amountCents).toBe(746);
    await pay(first.paymentId);
    expect(await balance(member.id)).toEqual({ credits: 60, paid: true });

    expect(await typed("WELCOME25", member.cookie)).toBe("409 discount_used");
    expect(await typed("TIMEBONUS25", member.cookie)).toBe("409 discount_first_purchase");
    await expectNoDiscountLeft(member, pkg.id);
  });

  it("a paid member is told the codes are for the first purchase, in the visitor's language", async () => {
    const member = await givenMember(400 * DAY);
    await db.update(users).set({ paidUser: true }).where(eq(users.id, member.id));
    const answer = async (lng: string) => {
      const response = await SELF.fetch("http://localhost/api/discountcode.php?code=welcome25", {
        headers: { ...headers(member.cookie), Cookie: `${member.cookie}; lng=${lng}` },
      });
      return { status: response.status, body: await response.json() };
    };
    expect(await answer("nl")).toEqual({
      status: 409,
      body: { error: "discount_first_purchase", message: "Deze korting geldt alleen voor je eerste aankoop." },
    });
    expect(await answer("en")).toMatchObject({ body: { message: expect.stringMatching(/first purchase/) } });
  });
});

describe("typing a personal code before it was shown", () => {
  it("gives a new member WELCOME25 (any case) before ?welcome=true was ever asked", async () => {
    const pkg = await givenPackage();
    const member = await givenMember();
    expect(await typed("welcome25", member.cookie)).toBe("WELCOME25");
    expect((await checkout(member, pkg.id, "Welcome25")).amountCents).toBe(746);
  });

  it("gives a new member TIMEBONUS25 before /api/timebonus was ever asked", async () => {
    const member = await givenMember();
    expect(await typed("TIMEBONUS25", member.cookie)).toBe("TIMEBONUS25");
  });

  it("says a code whose time is over has expired, not that it does not exist", async () => {
    const late = await givenMember(5 * HOUR);
    expect(await typed("TIMEBONUS25", late.cookie)).toBe("410 discount_expired");
    expect(await typed("WELCOME25", late.cookie)).toBe("WELCOME25");
    const old = await givenMember(8 * DAY);
    expect(await typed("WELCOME25", old.cookie)).toBe("410 discount_expired");
    expect(await typed("NOSUCHCODE", old.cookie)).toBe("404 discount_not_found");
  });
});

describe("booking a payment whose code is no longer allowed", () => {
  it("two checkouts with the same welcome code, both paid: the first keeps the package, the second buys at the full price", async () => {
    const pkg = await givenPackage();
    const member = await givenMember();
    await shown("/api/discountcode.php?welcome=true", member.cookie);
    const a = await checkout(member, pkg.id, "WELCOME25");
    const b = await checkout(member, pkg.id, "WELCOME25");
    expect([a.amountCents, b.amountCents]).toEqual([746, 746]);

    const refA = await pay(a.paymentId);
    const refB = await pay(b.paymentId);
    // 746 cents at 995 cents for 60 credits buy 44.98: 44.
    expect(await balance(member.id)).toEqual({ credits: 104, paid: true });
    const ledger = await ledgerOf(member.id);
    expect(ledger.map((row) => [row.key, row.delta])).toEqual([
      [`payment:${a.paymentId}`, 60],
      [`payment:${b.paymentId}`, 44],
    ]);
    expect(ledger[0]!.note).toBeNull();
    expect(ledger[1]!.note).toBe(
      `discount WELCOME25 not honoured: already redeemed by payment ${a.paymentId}; ` +
        "746 cents paid, at the full price of 995 cents: 44 of 60 credits",
    );
    expect((await paymentRow(b.paymentId)).credits).toBe(44);
    expect(await db.select().from(discountRedemptions)).toEqual([
      expect.objectContaining({ userId: member.id, paymentId: a.paymentId }),
    ]);

    // The provider repeats both webhooks: nothing is booked twice.
    await Promise.all([webhook(refA), webhook(refB), webhook(refB)]);
    expect(await balance(member.id)).toEqual({ credits: 104, paid: true });
    expect(await ledgerOf(member.id)).toHaveLength(2);
  });

  it("webhooks of both arriving at once: exactly one keeps the package", async () => {
    const pkg = await givenPackage();
    const member = await givenMember();
    await shown("/api/discountcode.php?welcome=true", member.cookie);
    const started = [await checkout(member, pkg.id, "WELCOME25"), await checkout(member, pkg.id, "WELCOME25")];
    const refs = await Promise.all(
      started.map(async ({ paymentId }) => {
        const { providerRef } = await paymentRow(paymentId);
        await settleSandboxPayment(db, providerRef!, "paid");
        return providerRef!;
      }),
    );
    const answers = await Promise.all([...refs, ...refs].map(webhook));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await balance(member.id)).toEqual({ credits: 104, paid: true });
    expect((await ledgerOf(member.id)).map((row) => row.delta).sort()).toEqual([44, 60]);
    expect(await db.select({ n: count() }).from(discountRedemptions)).toEqual([{ n: 1 }]);
  });

  it("the welcome code after the member became paid with the time bonus: booked at the full price", async () => {
    const pkg = await givenPackage();
    const member = await givenMember();
    await shown("/api/discountcode.php?welcome=true", member.cookie);
    await shown("/api/timebonus", member.cookie);
    const withWelcome = await checkout(member, pkg.id, "WELCOME25");
    const withBonus = await checkout(member, pkg.id, "TIMEBONUS25");
    expect([withWelcome.amountCents, withBonus.amountCents]).toEqual([746, 746]);

    await pay(withBonus.paymentId);
    await pay(withWelcome.paymentId);
    expect(await balance(member.id)).toEqual({ credits: 104, paid: true });
    const ledger = await ledgerOf(member.id);
    expect(ledger.map((row) => row.delta)).toEqual([60, 44]);
    expect(ledger[1]!.note).toBe(
      "discount WELCOME25 not honoured: for the first purchase only, and the member had paid before; " +
        "746 cents paid, at the full price of 995 cents: 44 of 60 credits",
    );
    // The welcome code was never redeemed: only the time bonus was.
    const redeemed = await db
      .select({ code: discountCodes.code })
      .from(discountRedemptions)
      .innerJoin(discountCodes, eq(discountCodes.id, discountRedemptions.discountCodeId));
    expect(redeemed).toEqual([{ code: "TIMEBONUS25" }]);
  });

  it("a discounted payment's webhook replayed books it once", async () => {
    const pkg = await givenPackage();
    const member = await givenMember();
    const { paymentId } = await checkout(member, pkg.id);
    const ref = await pay(paymentId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => webhook(ref)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await balance(member.id)).toEqual({ credits: 60, paid: true });
    expect(await ledgerOf(member.id)).toEqual([{ delta: 60, key: `payment:${paymentId}`, note: null }]);
    expect(await db.select({ n: count() }).from(discountRedemptions)).toEqual([{ n: 1 }]);
  });
});

describe("what pages show (price pages, the activation page's badge)", () => {
  it("a discount only while the rule offers one to the member", async () => {
    const offer = async (member: Member) => (await memberOffer(app(), await member.me()))?.code ?? null;
    expect(await offer(await givenMember())).toBe("TIMEBONUS25");
    expect(await offer(await givenMember(5 * HOUR))).toBe("WELCOME25");
    expect(await offer(await givenMember(8 * DAY))).toBeNull();
    const paid = await givenMember();
    await db.update(users).set({ paidUser: true }).where(eq(users.id, paid.id));
    expect(await offer(paid)).toBeNull();
  });
});

describe("general promotion codes", () => {
  it("a paid member may use one, once; a personal code wins over a general one of the same name", async () => {
    const pkg = await givenPackage();
    const member = await givenMember(400 * DAY);
    await db.update(users).set({ paidUser: true }).where(eq(users.id, member.id));
    const now = Date.now();
    await db.insert(discountCodes).values([
      { code: "SPRING10", kind: "promo", valuePercentage: 10, createdAt: now },
      { code: "MINE", kind: "promo", valuePercentage: 10, createdAt: now },
      { code: "MINE", kind: "retention", userId: member.id, valuePercentage: 40, createdAt: now },
    ]);
    expect(await typed("spring10", member.cookie)).toBe("SPRING10");
    expect((await get("/api/discountcode.php?code=MINE", member.cookie)).body).toMatchObject({
      discountcode: { code: "MINE", kind: "retention", percentage: 40 },
    });
    const { paymentId, amountCents } = await checkout(member, pkg.id, "SPRING10");
    expect(amountCents).toBe(896);
    await pay(paymentId);
    expect(await balance(member.id)).toEqual({ credits: 60, paid: true });
    expect(await typed("SPRING10", member.cookie)).toBe("409 discount_used");
    expect(await outcome(checkout(member, pkg.id, "SPRING10"))).toBe("discount_used");
  });
});

describe("promotion codes cannot be guessed from a word list", () => {
  /** A paid member of long standing in NL, and general codes that exist but are of no use to them. */
  async function codesOfNoUse() {
    const member = await givenMember(400 * DAY);
    await db.update(users).set({ paidUser: true }).where(eq(users.id, member.id));
    const now = Date.now();
    await db.insert(discountCodes).values([
      { code: "OLDSPRING", kind: "promo", valuePercentage: 10, expiresAt: now - HOUR, createdAt: now - 30 * DAY },
      { code: "GERMANY10", kind: "promo", valuePercentage: 10, country: "DE", createdAt: now },
      { code: "PAUSED10", kind: "promo", valuePercentage: 10, status: "disabled", createdAt: now },
    ]);
    return member;
  }

  it("answers an expired, other-country or inactive promotion code exactly as one that does not exist", async () => {
    const member = await codesOfNoUse();
    const unknown = await get("/api/discountcode.php?code=NOSUCHCODE", member.cookie);
    expect(unknown).toMatchObject({ status: 404, body: { error: "discount_not_found" } });
    for (const code of ["OLDSPRING", "GERMANY10", "PAUSED10"]) {
      expect(await get(`/api/discountcode.php?code=${code}`, member.cookie), code).toEqual(unknown);
    }
  });

  it("answers them alike on the price page's code check too", async () => {
    const pkg = await givenPackage();
    const member = await codesOfNoUse();
    const check = async (code: string) =>
      outcome(checkTypedCode(app(), await member.me(), { packageId: pkg.id, country: "NL", method: "ideal", code }));
    expect([await check("NOSUCHCODE"), await check("OLDSPRING"), await check("GERMANY10")]).toEqual([
      "discount_not_found",
      "discount_not_found",
      "discount_not_found",
    ]);
  });

  it("still tells a member why their own code is refused: used by them, or their personal code expired", async () => {
    const member = await givenMember(400 * DAY);
    const now = Date.now();
    const [used] = await db
      .insert(discountCodes)
      .values({ code: "USEDONCE", kind: "promo", valuePercentage: 10, expiresAt: now - HOUR, createdAt: now - DAY })
      .returning();
    await db.insert(discountCodes).values({
      code: "COMEBACK40",
      kind: "retention",
      userId: member.id,
      valuePercentage: 40,
      expiresAt: now - HOUR,
      createdAt: now - DAY,
    });
    const [payment] = await db
      .insert(payments)
      .values({
        userId: member.id,
        packageId: null,
        domain: "localhost",
        country: "NL",
        currency: "EUR",
        amountCents: 900,
        credits: 60,
        method: "ideal",
        provider: "sandbox",
        status: "paid",
        discountCodeId: used!.id,
        createdAt: now - DAY,
        updatedAt: now - DAY,
      })
      .returning();
    await db
      .insert(discountRedemptions)
      .values({ discountCodeId: used!.id, userId: member.id, paymentId: payment!.id, createdAt: now - DAY });
    expect(await typed("USEDONCE", member.cookie)).toBe("409 discount_used");
    expect(await typed("COMEBACK40", member.cookie)).toBe("410 discount_expired");
  });
});

describe("a member may have only a few typed codes refused a day", () => {
  const givenSpring10 = () =>
    db.insert(discountCodes).values({ code: "SPRING10", kind: "promo", valuePercentage: 10, createdAt: Date.now() });

  it("refuses the 11th code of the day with 429, a valid one too, in the member's language", async () => {
    const member = await givenMember(400 * DAY);
    await givenSpring10();
    for (let i = 1; i <= 10; i++) expect(await typed(`GUESS${i}`, member.cookie)).toBe("404 discount_not_found");
    const answer = await SELF.fetch("http://localhost/api/discountcode.php?code=SPRING10", {
      headers: { ...headers(member.cookie), Cookie: `${member.cookie}; lng=en` },
    });
    expect(answer.status).toBe(429);
    expect(await answer.json()).toEqual({
      error: "discount_tries",
      message: expect.stringMatching(/too many discount codes.*tomorrow/i),
    });
  });

  it("counts the refusals of both doors together: the code field of the price page and the API", async () => {
    const pkg = await givenPackage();
    const member = await givenMember(400 * DAY);
    await givenSpring10();
    const onPage = async (code: string) =>
      outcome(checkTypedCode(app(), await member.me(), { packageId: pkg.id, country: "NL", method: "ideal", code }));
    for (let i = 1; i <= 5; i++) expect(await typed(`GUESS${i}`, member.cookie)).toBe("404 discount_not_found");
    // A code that works costs no try.
    expect(await onPage("SPRING10")).toBe("ok");
    for (let i = 6; i <= 10; i++) expect(await onPage(`GUESS${i}`)).toBe("discount_not_found");
    expect(await onPage("SPRING10")).toBe("discount_tries");
    expect(await typed("SPRING10", member.cookie)).toBe("429 discount_tries");
    expect(await outcome(checkout(member, pkg.id, "SPRING10"))).toBe("discount_tries");
    // Without a typed code the member still buys.
    expect((await checkout(member, pkg.id)).amountCents).toBe(995);
  });

  it("lets at most 10 of many codes typed at once be judged", async () => {
    const member = await givenMember(400 * DAY);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => typed(`RUSH${i}`, member.cookie)));
    expect(answers.filter((a) => a === "404 discount_not_found")).toHaveLength(10);
    expect(answers.filter((a) => a === "429 discount_tries")).toHaveLength(20);
  });

  it("gives the member their tries back the next day; the hourly job forgets the old counts", async () => {
    const member = await givenMember(400 * DAY);
    await givenSpring10();
    const time = clock(Date.UTC(2026, 10, 23, 23, 0));
    const tryCode = async (code: string) =>
      outcome(checkCode(accountsApp({ now: time.now }), await member.me(), { code, country: "NL" }));
    for (let i = 1; i <= 10; i++) expect(await tryCode(`GUESS${i}`)).toBe("discount_not_found");
    expect(await tryCode("SPRING10")).toBe("discount_tries");
    time.advance(2 * HOUR);
    expect(await tryCode("SPRING10")).toBe("ok");
    expect(await db.select().from(dailyCounts)).toHaveLength(2);
    await runHourly({ ...accountsApp({ now: time.now }) });
    expect(await db.select({ day: dailyCounts.day }).from(dailyCounts)).toEqual([
      { day: Math.floor(time.now() / DAY) },
    ]);
  });
});
