// Direct debit: the payer's details and IBAN (mod-97 checked), a consent,
// then a six-digit code by SMS signs a one-off SEPA mandate. The signed
// mandate is registered at the payment provider and the amount collected
// there (collection.ts); the payment stays pending until the provider says the
// bank paid, and only then are credits booked, as for any payment. Wrong
// codes: "Code ongeldig"; too many end the mandate. A charge-back blocks a
// member from direct debit until an operator lifts it (direct-debit-block.ts),
// and a member may pay by direct debit up to a limit per 30 days, in which a
// direct debit never confirmed counts for 48 hours only.
//
// Texts cost us money, so a code is texted only to a member whose address is
// confirmed, only to a mobile number of a country where the site offers direct
// debit, and only within the day's limits of texts (sms/allowance.ts). Every
// check that may refuse comes before the first write, and the text is claimed
// last among them: a refused start leaves no payment, mandate or text behind.
// A mandate's tries (codes resent, wrong codes typed) are counted in guarded
// statements, each before the text goes out or the code is compared, so
// requests sent at once cannot pass the limit together.
import { and, eq, exists, gt, gte, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import type { z } from "zod";
import type { RequestContext } from "#app/context.ts";
import { countryName, formatList } from "#app/i18n/format.ts";
import type { directDebitSchema } from "#app/schemas/payments.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { sha256Hex } from "#app/server/accounts/tokens.ts";
import { crashPoint } from "#app/server/crash-points.ts";
import { directDebitMandates, payments, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { assertWithinMonthlyLimit } from "#app/server/fictional/spending.ts";
import { claimText, giveBackText } from "#app/server/sms/allowance.ts";
import { queueSms } from "#app/server/sms/outbox.ts";
import { countriesOffering, requireMethodOffered } from "./catalogue.ts";
import { paymentRow, quote } from "./checkout.ts";
import { startCollection, UNCONFIRMED_EXPIRY } from "./collection.ts";
import { paymentProvider } from "./provider.ts";

type Context = Pick<RequestContext, "db" | "env" | "ctx" | "settings" | "now" | "origin" | "log" | "locale">;

const DIRECT_DEBIT_LIMIT_CENTS = 25_000;
const DIRECT_DEBIT_WINDOW = 30 * 86_400_000;
const CODE_LIFETIME = 10 * 60_000;
/** Tries of a mandate: codes typed, wrong or right, and codes resent (each resend is a try). */
const MAX_ATTEMPTS = 5;
/** A code may be resent while the mandate has used fewer tries than this. */
const MAX_CODES = 4;

function newCode() {
  const n = crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000;
  return n.toString().padStart(6, "0");
}

/**
 * The number as an SMS provider takes it (+31612345678): members type it as
 * they dial it at home (06 1234 5678), so it is read in their country, and a
 * landline or a short number is refused before a code goes nowhere. A number
 * with another country's prefix must be of a country where the site offers
 * direct debit: nobody pays by direct debit with a bank there, and texts
 * abroad are what SMS pumping is paid with.
 */
function textableMobile(app: Pick<Context, "settings" | "locale">, typed: string, country: string): string {
  const number = parsePhoneNumberFromString(typed, country as CountryCode);
  if (!number?.isValid()) throw new DomainError("mobile_invalid");
  const offered = countriesOffering(app, "directdebit");
  if (!number.country || !offered.includes(number.country)) {
    const countries = formatList(
      offered.map((code) => countryName(code, app.locale)),
      app.locale,
    );
    throw new DomainError("phone_country_not_offered", { countries });
  }
  return number.number;
}

/**
 * What counts toward the limit: direct debits paid, or under way at the bank
 * (pending with the provider's reference), and for 48 hours those not
 * confirmed yet (a code not typed, a collection not started); after that
 * they count no more, whether or not the hourly job has expired them.
 */
async function usedThisPeriod(app: Pick<RequestContext, "db" | "now">, memberId: number) {
  const now = app.now();
  const [row] = await app.db
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)` })
    .from(payments)
    .where(
      and(
        eq(payments.userId, memberId),
        eq(payments.method, "directdebit"),
        gte(payments.createdAt, now - DIRECT_DEBIT_WINDOW),
        or(
          eq(payments.status, "paid"),
          and(eq(payments.status, "pending"), isNotNull(payments.providerRef)),
          and(inArray(payments.status, ["open", "pending"]), gt(payments.createdAt, now - UNCONFIRMED_EXPIRY)),
        ),
      ),
    );
  return row?.cents ?? 0;
}

/** A member blocked from direct debit (after a charge-back, until an operator lifts it) is told so before the form. */
async function requireNotBlocked(app: Pick<RequestContext, "db">, memberId: number) {
  const [user] = await app.db.select({ blocked: users.directDebitBlocked }).from(users).where(eq(users.id, memberId));
  if (user?.blocked) throw new DomainError("direct_debit_blocked");
}

/** The package as the direct-debit form shows it, at today's price; only where the country offers direct debit. */
export async function directDebitOffer(
  app: Context,
  member: SessionMember,
  input: { packageId: number; country: string },
) {
  requireMethodOffered(app, input.country, "directdebit");
  await requireNotBlocked(app, member.id);
  return quote(app, member, { ...input, method: "directdebit" });
}

export async function startDirectDebit(
  app: Context,
  member: SessionMember,
  input: z.output<typeof directDebitSchema>,
  country: string,
) {
  requireMethodOffered(app, country, "directdebit");
  const [user] = await app.db
    .select({ status: users.status, blocked: users.directDebitBlocked })
    .from(users)
    .where(eq(users.id, member.id));
  // A member who signed up a minute ago has shown no address of their own yet.
  if (user?.status !== "active") throw new DomainError("email_unconfirmed");
  if (user.blocked) throw new DomainError("direct_debit_blocked");
  const quoted = await quote(app, member, { packageId: input.package, country, method: "directdebit" });
  if ((await usedThisPeriod(app, member.id)) + quoted.amountCents > DIRECT_DEBIT_LIMIT_CENTS) {
    throw new DomainError("direct_debit_limit");
  }
  await assertWithinMonthlyLimit(app, member.id, { amountCents: quoted.amountCents, currency: quoted.pkg.currency });
  const mobile = textableMobile(app, input.mobile, country);
  // The last check: from here on the start goes through, so nothing is written before it.
  const text = await claimText(app, member.id, mobile);
  const now = app.now();
  const code = newCode();
  const [payment] = await app.db
    .insert(payments)
    .values({
      ...paymentRow(app, member, quoted, { country, method: "directdebit", provider: paymentProvider(app).name, now }),
      // Open until the code signs the mandate, then pending until the bank pays.
      status: "open",
    })
    .returning();
  const [mandate] = await app.db
    .insert(directDebitMandates)
    .values({
      userId: member.id,
      paymentId: payment!.id,
      accountHolder: input.account_holder,
      iban: input.iban,
      street: input.street,
      houseNumber: input.house_number,
      postcode: input.postcode,
      city: input.city,
      mobile,
      codeHash: await sha256Hex(code),
      codeExpiresAt: now + CODE_LIFETIME,
      createdAt: now,
    })
    .returning();
  await queueSms(app, text, "directDebitCode", { code, name: app.settings.name });
  return { mandateId: mandate!.id, paymentId: payment!.id, mobile };
}

async function ownMandate(app: Pick<RequestContext, "db">, memberId: number, mandateId: number) {
  const [mandate] = await app.db
    .select()
    .from(directDebitMandates)
    .where(and(eq(directDebitMandates.id, mandateId), eq(directDebitMandates.userId, memberId)));
  if (mandate?.status !== "awaiting_code") throw new DomainError("payment_not_found");
  return mandate;
}

export async function resendCode(app: Context, member: SessionMember, mandateId: number) {
  const mandate = await ownMandate(app, member.id, mandateId);
  if (mandate.attempts >= MAX_CODES) throw new DomainError("direct_debit_limit");
  const text = await claimText(app, member.id, mandate.mobile);
  const code = newCode();
  // Each resend counts as a try, so codes cannot be asked for without end; the
  // try is taken in the statement that changes the code, so resends at once
  // cannot all read "one left".
  const [resent] = await app.db
    .update(directDebitMandates)
    .set({
      codeHash: await sha256Hex(code),
      codeExpiresAt: app.now() + CODE_LIFETIME,
      attempts: sql`${directDebitMandates.attempts} + 1`,
    })
    .where(
      and(
        eq(directDebitMandates.id, mandate.id),
        eq(directDebitMandates.status, "awaiting_code"),
        lt(directDebitMandates.attempts, MAX_CODES),
      ),
    )
    .returning({ id: directDebitMandates.id });
  if (!resent) {
    await giveBackText(app, text);
    throw new DomainError("direct_debit_limit");
  }
  await queueSms(app, text, "directDebitCode", { code, name: app.settings.name });
}

/** Too many tries: the mandate and its open payment end, together. */
async function endMandate(app: Pick<RequestContext, "db" | "now">, mandate: { id: number; paymentId: number }) {
  await app.db.batch([
    app.db
      .update(directDebitMandates)
      .set({ status: "failed" })
      .where(and(eq(directDebitMandates.id, mandate.id), eq(directDebitMandates.status, "awaiting_code"))),
    app.db
      .update(payments)
      .set({ status: "failed", updatedAt: app.now() })
      .where(and(eq(payments.id, mandate.paymentId), eq(payments.status, "open"))),
  ]);
}

export async function confirmCode(app: Context, member: SessionMember, input: { mandate: number; code: string }) {
  const mandate = await ownMandate(app, member.id, input.mandate);
  // The try is taken before the code is compared, in one guarded statement, so
  // guesses sent at once are compared no more than MAX_ATTEMPTS times in all.
  const [tried] = await app.db
    .update(directDebitMandates)
    .set({ attempts: sql`${directDebitMandates.attempts} + 1` })
    .where(
      and(
        eq(directDebitMandates.id, mandate.id),
        eq(directDebitMandates.status, "awaiting_code"),
        lt(directDebitMandates.attempts, MAX_ATTEMPTS),
      ),
    )
    .returning({
      attempts: directDebitMandates.attempts,
      codeHash: directDebitMandates.codeHash,
      codeExpiresAt: directDebitMandates.codeExpiresAt,
    });
  // Its tries used up: the mandate is over, as when it has ended already.
  if (!tried) throw new DomainError("payment_not_found");
  const valid = tried.codeExpiresAt > app.now() && (await sha256Hex(input.code)) === tried.codeHash;
  if (!valid) {
    if (tried.attempts >= MAX_ATTEMPTS) await endMandate(app, mandate);
    throw new DomainError("code_invalid");
  }
  // Signed only while its payment is still open (the hourly job expires one left for an hour).
  const now = app.now();
  const paymentOpen = app.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.id, mandate.paymentId), eq(payments.status, "open")));
  const [signed] = await app.db.batch([
    app.db
      .update(directDebitMandates)
      .set({ status: "signed", signedAt: now })
      .where(
        and(
          eq(directDebitMandates.id, mandate.id),
          eq(directDebitMandates.status, "awaiting_code"),
          exists(paymentOpen),
        ),
      )
      .returning({ id: directDebitMandates.id }),
    app.db
      .update(payments)
      .set({ status: "pending", updatedAt: now })
      .where(and(eq(payments.id, mandate.paymentId), eq(payments.status, "open"))),
  ]);
  if (!signed.length) throw new DomainError("payment_not_found");
  crashPoint("collection:signed");
  await startCollection(app, mandate.paymentId);
  return { paymentId: mandate.paymentId };
}
