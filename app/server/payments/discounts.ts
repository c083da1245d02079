// Discount codes: one rule (`refusal`) says which code a member may use. It
// decides what the API, the banners and the price pages show, it is checked
// again at checkout, and its booking half (`redeemStatement`) runs in SQL
// inside the payment's booking batch, because another payment may have used
// the code or made the member paid in the meantime.
//
// Kinds: the welcome code (WELCOME25) and the time bonus (TIMEBONUS25, the
// first four hours, held by the member's TimeBonus Durable Object) are for the
// first purchase of a new member: never once the member has paid. Retention
// codes (personal) and promotion codes (general) may be used by any member.
// Every code is used once per member: a redemption row, unique per code and
// member, records which payment used it; a refund of the member's only
// purchase gives the welcome code back (welcomeBackStatements). Codes cannot
// be guessed: a general code of no use to the member answers as an unknown
// one, and a member has only a few typed codes refused a day (checkCode).
import { and, eq, gt, inArray, isNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import type { Database } from "#app/server/db/client.ts";
import { discountCodes, discountRedemptions, payments, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { giveBackDailyUse, takeDailyUse } from "#app/server/limits/daily-counts.ts";

type DiscountContext = Pick<RequestContext, "db" | "env" | "now">;
export type DiscountCode = typeof discountCodes.$inferSelect;
type DiscountKind = DiscountCode["kind"];

const WELCOME_CODE = "WELCOME25";
const WELCOME_PERCENTAGE = 25;
const WELCOME_DAYS = 7;
const TIME_BONUS_CODE = "TIMEBONUS25";
const TIME_BONUS_PERCENTAGE = 25;
export const TIME_BONUS_SECONDS = 14_400;

const DAY = 86_400_000;

/**
 * Typed codes a member may have refused a day. A member with a code from a
 * mail or an advert gets it right within a few tries (case and spaces do not
 * matter); ten leave room for a few codes and typos, and make guessing codes
 * from a word list hopeless.
 */
const REFUSED_CODES_PER_DAY = 10;

/** Kinds that only a member who has never paid may use. */
const FIRST_PURCHASE_KINDS = ["welcome", "time_bonus"] as const satisfies readonly DiscountKind[];
const forFirstPurchase = (kind: DiscountKind) => (FIRST_PURCHASE_KINDS as readonly DiscountKind[]).includes(kind);

/** What a code is being used for; without it (a banner, a badge) only the member's side counts. */
export interface Order {
  country: string;
  method?: string;
  orderCents?: number;
  currency?: string;
}

/** The member's side of the rule, read fresh from D1. */
interface Standing {
  paid: boolean;
  redeemed: boolean;
}

/**
 * The rule: why this member may not use this code (for this order) now, or
 * null when they may. A general code that is of no use to the member at all
 * (disabled, expired, for another country) answers as a code that does not
 * exist, so guessing codes tells nobody which ones were ever real; a member's
 * own code, or one they used, says why.
 */
function refusal(code: DiscountCode | null, standing: Standing, now: number, order?: Order) {
  if (code?.status !== "active") return new DomainError("discount_not_found");
  if (standing.redeemed) return new DomainError("discount_used");
  const expired = code.expiresAt !== null && code.expiresAt <= now;
  const elsewhere = order !== undefined && code.country !== null && code.country !== order.country;
  if (code.userId === null && (expired || elsewhere)) return new DomainError("discount_not_found");
  if (forFirstPurchase(code.kind) && standing.paid) return new DomainError("discount_first_purchase");
  if (expired) return new DomainError("discount_expired");
  if (!order) return null;
  if (elsewhere) return new DomainError("discount_country");
  if (order.method && code.paymentMethods?.length && !code.paymentMethods.includes(order.method)) {
    return new DomainError("discount_method");
  }
  if (order.orderCents !== undefined && code.minimumOrderValueCents > 0) {
    const sameCurrency = !code.currency || code.currency === order.currency;
    if (!sameCurrency || order.orderCents < code.minimumOrderValueCents) {
      // The text writes it with its currency, the member's language's way ({{minimum, currency}}).
      const currency = code.currency ?? order.currency ?? "EUR";
      return new DomainError("discount_minimum", { minimum: code.minimumOrderValueCents / 100, currency });
    }
  }
  return null;
}

// The personal offers every new member has, whether or not their row exists
// yet: a member may type WELCOME25 before any page has shown it.
type Offer = Pick<DiscountCode, "kind" | "valuePercentage" | "expiresAt">;
const personalOffers: Record<string, (member: SessionMember) => Offer> = {
  [WELCOME_CODE]: (member) => ({
    kind: "welcome",
    valuePercentage: WELCOME_PERCENTAGE,
    expiresAt: member.signupDate + WELCOME_DAYS * DAY,
  }),
  [TIME_BONUS_CODE]: (member) => ({
    kind: "time_bonus",
    valuePercentage: TIME_BONUS_PERCENTAGE,
    expiresAt: member.signupDate + TIME_BONUS_SECONDS * 1000,
  }),
};

/** A personal offer not written yet (id 0): judged like a row, written only when allowed. */
function draftOffer(member: SessionMember, code: string, now: number): DiscountCode | null {
  const offer = personalOffers[code]?.(member);
  if (!offer) return null;
  return {
    ...offer,
    id: 0,
    code,
    country: null,
    userId: member.id,
    currency: null,
    minimumOrderValueCents: 0,
    paymentMethods: null,
    status: "active",
    createdAt: now,
  };
}

async function standingOf(app: Pick<RequestContext, "db">, member: SessionMember, codeId: number) {
  const [row] = await app.db
    .select({
      paid: users.paidUser,
      redeemed: sql<number>`exists (select 1 from ${discountRedemptions} where ${discountRedemptions.discountCodeId} = ${codeId} and ${discountRedemptions.userId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, member.id));
  return { paid: member.paidUser || Boolean(row?.paid), redeemed: Boolean(row?.redeemed) };
}

async function writeOffer(app: DiscountContext, member: SessionMember, draft: DiscountCode) {
  const { id: _, ...values } = draft;
  await app.db.insert(discountCodes).values(values).onConflictDoNothing();
  const [row] = await app.db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.code, draft.code), eq(discountCodes.userId, member.id)));
  return row!;
}

export function timeBonusRoom(env: Env, memberId: number) {
  return env.TIME_BONUS.get(env.TIME_BONUS.idFromName(`member:${memberId}`));
}

/** The code a member typed or is offered, or the refusal that says why not. */
async function judge(
  app: DiscountContext,
  member: SessionMember,
  typed: string,
  order?: Order,
): Promise<{ code: DiscountCode; refused: null } | { code: null; refused: DomainError }> {
  const now = app.now();
  const wanted = typed.trim().toUpperCase();
  const rows = await app.db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.code, wanted), or(eq(discountCodes.userId, member.id), isNull(discountCodes.userId))));
  // The member's own code first, then their personal offer, then a general code.
  const own = rows.find((row) => row.userId === member.id);
  const candidate = own ?? draftOffer(member, wanted, now) ?? rows.find((row) => row.userId === null) ?? null;
  const refused = refusal(candidate, await standingOf(app, member, candidate?.id ?? 0), now, order);
  if (refused || !candidate) return { code: null, refused: refused ?? new DomainError("discount_not_found") };
  if (candidate.kind === "time_bonus") {
    const held = await timeBonusRoom(app.env, member.id).start({ code: wanted, expiresAt: candidate.expiresAt! });
    if (held.expiresAt <= now) return { code: null, refused: new DomainError("discount_expired") };
  }
  return { code: candidate.id ? candidate : await writeOffer(app, member, candidate), refused: null };
}

/** A personal offer while the rule allows it; the cheap part of the rule first, so paid members cost no query. */
async function offered(app: DiscountContext, member: SessionMember, code: string, order?: Order) {
  const draft = draftOffer(member, code, app.now());
  if (refusal(draft, { paid: member.paidUser, redeemed: false }, app.now())) return null;
  return (await judge(app, member, code, order)).code;
}

/** The welcome discount: a new member's first purchase, for a week after signup. */
export const welcomeCode = (app: DiscountContext, member: SessionMember, order?: Order) =>
  offered(app, member, WELCOME_CODE, order);

/** The time bonus: an unpaid member's first 14,400 s; the member's TimeBonus object holds it. */
export const timeBonus = (app: DiscountContext, member: SessionMember, order?: Order) =>
  offered(app, member, TIME_BONUS_CODE, order);

/** Paid members have no time bonus any more. */
export async function endTimeBonus(app: Pick<RequestContext, "env">, memberId: number) {
  await timeBonusRoom(app.env, memberId).clear();
}

/** The code a purchase uses without one typed in: the time bonus, else the welcome code. */
export async function activeCode(app: DiscountContext, member: SessionMember, order?: Order) {
  return (await timeBonus(app, member, order)) ?? (await welcomeCode(app, member, order));
}

/**
 * A typed-in code for this member's order, or the refusal as a DomainError.
 * Every door that takes a typed code (the API, the price page's check,
 * checkout) comes here. A refused code costs the member one of their tries of
 * the day; with none left, every typed code is refused until tomorrow. The try
 * is taken before the code is judged, so codes typed at the same moment are
 * judged no more often than there are tries; a code that works gives it back.
 */
export async function checkCode(app: DiscountContext, member: SessionMember, input: Order & { code: string }) {
  const { code, ...order } = input;
  const tries = { scope: "discount_refused", key: String(member.id) } as const;
  if (!(await takeDailyUse(app, { ...tries, limit: REFUSED_CODES_PER_DAY }))) {
    throw new DomainError("discount_tries");
  }
  const judged = await judge(app, member, code, order);
  if (judged.refused) throw judged.refused;
  await giveBackDailyUse(app, tries);
  return judged.code;
}

/** The code a member asks about: a typed one (checked, for their country), the welcome code, else their active one. */
export function askedCode(app: DiscountContext, member: SessionMember, ask: { code?: string; welcome: boolean }) {
  if (ask.code) return checkCode(app, member, { code: ask.code, country: member.profile.country });
  return ask.welcome ? welcomeCode(app, member) : activeCode(app, member);
}

type BookedPayment = Pick<typeof payments.$inferSelect, "id" | "userId" | "discountCodeId" | "createdAt">;

/**
 * The rule's booking half, for the payment's booking batch: the payment
 * redeems its code only if the member has not redeemed it before (the row is
 * unique per code and member), the member has not paid before when the code is
 * for the first purchase, and the code had not expired when the checkout began.
 * D1 runs batches one at a time, so of two payments with one code exactly one
 * gets the row; `redeemedBy` then tells the booking which.
 */
export function redeemStatement(db: Database, payment: BookedPayment & { discountCodeId: number }, now: number) {
  return db
    .insert(discountRedemptions)
    .select(
      db
        .select({
          // Every column in table order (Drizzle's insert-select).
          discountCodeId: discountCodes.id,
          userId: users.id,
          paymentId: sql<number>`${payment.id}`.as("payment_id"),
          createdAt: sql<number>`${now}`.as("created_at"),
        })
        .from(discountCodes)
        .innerJoin(users, eq(users.id, payment.userId))
        .where(
          and(
            eq(discountCodes.id, payment.discountCodeId),
            or(isNull(discountCodes.userId), eq(discountCodes.userId, users.id)),
            or(notInArray(discountCodes.kind, [...FIRST_PURCHASE_KINDS]), eq(users.paidUser, false)),
            or(isNull(discountCodes.expiresAt), gt(discountCodes.expiresAt, payment.createdAt)),
          ),
        ),
    )
    .onConflictDoNothing();
}

/**
 * For a refund's booking batch, after the payment is marked refunded: when it
 * was the member's only purchase (no other payment of theirs was ever paid),
 * the member is new again: the welcome code it used is theirs once more, and
 * they are no longer premium (a first-purchase code is for members who never
 * paid). A refund of one purchase among others gives nothing back.
 */
export function welcomeBackStatements(db: Database, payment: Pick<BookedPayment, "id" | "userId">) {
  const onlyPurchase = sql`exists (select 1 from ${payments} where ${payments.id} = ${payment.id} and ${payments.status} = 'refunded')
    and not exists (select 1 from ${payments} where ${payments.userId} = ${payment.userId} and ${payments.id} <> ${payment.id}
      and ${payments.status} in ('paid', 'refunded', 'charged_back'))`;
  return [
    db
      .delete(discountRedemptions)
      .where(
        and(
          eq(discountRedemptions.paymentId, payment.id),
          inArray(
            discountRedemptions.discountCodeId,
            db.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.kind, "welcome")),
          ),
          onlyPurchase,
        ),
      ),
    db
      .update(users)
      .set({ paidUser: false })
      .where(and(eq(users.id, payment.userId), onlyPurchase)),
  ] as const;
}

/** SQL: true when this payment redeemed its code, i.e. its discount is honoured. */
export const redeemedBy = (paymentId: number) =>
  sql`exists (select 1 from ${discountRedemptions} where ${discountRedemptions.paymentId} = ${paymentId})`;

/** SQL text for the purchase's record: why a payment's code was not honoured at booking. */
export function notHonouredReason(payment: BookedPayment & { discountCodeId: number }): SQL<string> {
  const code = sql`(select ${discountCodes.code} from ${discountCodes} where ${discountCodes.id} = ${payment.discountCodeId})`;
  const earlier = sql`(select ${discountRedemptions.paymentId} from ${discountRedemptions} where ${discountRedemptions.discountCodeId} = ${payment.discountCodeId} and ${discountRedemptions.userId} = ${payment.userId})`;
  const firstPurchase = sql`(select ${inArray(discountCodes.kind, [...FIRST_PURCHASE_KINDS])} from ${discountCodes} where ${discountCodes.id} = ${payment.discountCodeId})`;
  const paidBefore = sql`(select ${users.paidUser} from ${users} where ${users.id} = ${payment.userId})`;
  return sql<string>`'discount ' || coalesce(${code}, '?') || ' not honoured: ' || case
    when ${earlier} is not null then 'already redeemed by payment ' || ${earlier}
    when ${firstPurchase} and ${paidBefore} then 'for the first purchase only, and the member had paid before'
    else 'no longer valid' end`;
}

/** A code in the field names of GET /api/discountcode.php. */
export function discountJson(code: DiscountCode, now: number) {
  const expired = code.expiresAt !== null && code.expiresAt <= now;
  return {
    code: code.code,
    country: code.country,
    user_id: code.userId,
    expires: code.expiresAt === null ? null : new Date(code.expiresAt).toISOString(),
    value_percentage: code.valuePercentage,
    percentage: code.valuePercentage,
    currency: code.currency,
    minimum_order_value: code.minimumOrderValueCents / 100,
    minimum: code.minimumOrderValueCents / 100,
    status: code.status,
    validity: code.expiresAt === null ? null : Math.max(0, Math.floor((code.expiresAt - now) / 1000)),
    expired,
    paymentmethods: code.paymentMethods ?? [],
    kind: code.kind,
  };
}
