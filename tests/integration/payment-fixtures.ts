// One-line builders for payment tests: a credit package, a member who buys,
// a context whose configuration chooses Mollie with `fetch` routed to the
// fake of Mollie's API (tests/fakes/mollie.ts), and the direct-debit form.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect, onTestFinished, vi } from "vitest";
import { directDebitSchema } from "#app/schemas/payments.ts";
import { findSessionMember, startSession } from "#app/server/accounts/session.ts";
import { applyMovements, copyBalance } from "#app/server/credits/movements.ts";
import { walletOf } from "#app/server/credits/wallet.ts";
import { creditLedger, creditPackages, payments, smsOutbox, users } from "#app/server/db/schema.ts";
import { handleWebhook, startCheckout } from "#app/server/payments/checkout.ts";
import { createMollieFake, FAKE_MOLLIE_KEY } from "#tests/fakes/mollie.ts";
import { accountsApp, appContext, db, givenAccount, NOW } from "./fixtures.ts";

export const MOLLIE_URL = "https://mollie.fake.test";
/** Worker vars that choose Mollie, pointed at the fake. */
export const mollieVars = { PAYMENT_PROVIDER: "mollie", MOLLIE_API_KEY: FAKE_MOLLIE_KEY, MOLLIE_API_URL: MOLLIE_URL };
export const mollieEnv = { ...env, ...mollieVars } as Env;

export async function givenPackage(country = "NL", priceCents = 1995, credits = 60) {
  const [pkg] = await db
    .insert(creditPackages)
    .values({ domain: "*", country, currency: "EUR", credits, priceCents, style: "p1", popular: true })
    .returning();
  return pkg!;
}

/** A member as a session sees them. */
export async function member(id: number, now = NOW) {
  const { token, statement } = await startSession(db, { userId: id, now });
  await statement;
  return (await findSessionMember(db, token, now))!;
}

/** A member who signed up long ago (no welcome or time bonus in the way). */
export async function oldMember(name?: string) {
  const id = await givenAccount({ name });
  await db
    .update(users)
    .set({ signupDate: NOW - 400 * 86_400_000 })
    .where(eq(users.id, id));
  return member(id);
}

/**
 * Routes `fetch` to a fresh fake of Mollie's API; anything else fails the test,
 * and so does any request or answer Mollie's published schemas reject.
 */
export function givenMollie() {
  const mollie = createMollieFake();
  onTestFinished(() => {
    expect(mollie.violations, "what Mollie's schemas reject").toEqual([]);
  });
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).origin !== MOLLIE_URL) throw new Error(`unexpected fetch to ${request.url}`);
    return mollie.handle(request);
  });
  return mollie;
}

/** A request context whose configuration chooses Mollie (the fake), giving up on it after `providerTimeoutMs`. */
export const mollieApp = (options: Parameters<typeof accountsApp>[0] & { providerTimeoutMs?: number } = {}) => ({
  ...accountsApp(options),
  env: mollieEnv,
  providerTimeoutMs: options.providerTimeoutMs,
});

/** The direct-debit form as posted, parsed as the route parses it. */
export function directDebitForm(overrides: Record<string, string> = {}) {
  return directDebitSchema.safeParse({
    package: "1",
    account_holder: "A. de Vries",
    iban: "NL91 ABNA 0417 1643 00",
    street: "Keizersgracht",
    house_number: "1",
    postcode: "1015 CJ",
    city: "Amsterdam",
    mobile: "+31 6 1234 5678",
    consent: "on",
    ...overrides,
  });
}

/** The six-digit code in the newest text to a number. */
export async function smsCodeTo(mobile = "+31612345678") {
  const texts = await db.select().from(smsOutbox).where(eq(smsOutbox.to, mobile));
  const newest = texts.sort((a, b) => b.id - a.id)[0];
  return /(\d{6})/.exec(newest?.text ?? "")?.[1] ?? null;
}

export const paymentRow = async (id: number) => (await db.select().from(payments).where(eq(payments.id, id)))[0]!;
export const balanceOf = async (userId: number) =>
  (await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]!.credits;
export const ledgerOf = (userId: number) => db.select().from(creditLedger).where(eq(creditLedger.userId, userId));

/** Credits the member spends on a message, from their wallet as a room takes them (their records applied first). */
export async function spent(userId: number, amount: number, key: string) {
  await applyMovements(appContext(), userId);
  const answer = await walletOf(env, userId).charge({ key, amount, reason: "message", now: NOW });
  expect(answer.outcome).toBe("charged");
  await copyBalance(db, userId, answer);
}

/** A checkout of `pkg` by `buyer` at the fake of Mollie, paid and booked. */
export async function paidAtMollie(mollie: ReturnType<typeof givenMollie>, buyer: { id: number }, pkgId: number) {
  const { paymentId } = await startCheckout(mollieApp(), await member(buyer.id), {
    packageId: pkgId,
    method: "ideal",
    country: "NL",
  });
  const ref = (await paymentRow(paymentId)).providerRef!;
  mollie.setStatus(ref, "paid");
  await handleWebhook(mollieApp(), "mollie", ref);
  return { paymentId, ref };
}
