// Discount codes (spec §3, §5, §9): a code is refused when unknown ("Code niet
// gevonden"), used ("Code reeds gebruikt"), expired, for another country or
// payment method, or under its minimum order value. Two codes are made per
// member: the welcome discount (25 % on the first purchase, for a week after
// signup) and the time bonus (TIMEBONUS25, 25 %, in the first four hours,
// held by the member's TimeBonus Durable Object). The active code is the time
// bonus if there is one, else the welcome code.
import { and, eq, isNull, or } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { discountCodes, discountRedemptions } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";

type DiscountContext = Pick<RequestContext, "db" | "env" | "now">;
export type DiscountCode = typeof discountCodes.$inferSelect;

export const WELCOME_CODE = "WELCOME25";
export const WELCOME_PERCENTAGE = 25;
export const WELCOME_DAYS = 7;
export const TIME_BONUS_CODE = "TIMEBONUS25";
export const TIME_BONUS_PERCENTAGE = 25;
export const TIME_BONUS_SECONDS = 14_400;

const DAY = 86_400_000;

async function used(app: Pick<RequestContext, "db">, codeId: number, memberId: number) {
  const [row] = await app.db
    .select({ id: discountRedemptions.discountCodeId })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.discountCodeId, codeId), eq(discountRedemptions.userId, memberId)));
  return Boolean(row);
}

async function personalCode(app: DiscountContext, memberId: number, code: string) {
  const [row] = await app.db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.code, code), eq(discountCodes.userId, memberId)));
  return row ?? null;
}

async function ensurePersonalCode(
  app: DiscountContext,
  member: SessionMember,
  input: { code: string; kind: "welcome" | "time_bonus"; percentage: number; expiresAt: number },
) {
  await app.db
    .insert(discountCodes)
    .values({
      code: input.code,
      kind: input.kind,
      userId: member.id,
      valuePercentage: input.percentage,
      expiresAt: input.expiresAt,
      createdAt: app.now(),
    })
    .onConflictDoNothing();
  return (await personalCode(app, member.id, input.code))!;
}

/** The welcome discount for a new, unpaid member, while it lasts and is unused. */
export async function welcomeCode(app: DiscountContext, member: SessionMember) {
  const expiresAt = member.signupDate + WELCOME_DAYS * DAY;
  if (member.paidUser || app.now() >= expiresAt) return null;
  const code = await ensurePersonalCode(app, member, {
    code: WELCOME_CODE,
    kind: "welcome",
    percentage: WELCOME_PERCENTAGE,
    expiresAt,
  });
  return (await used(app, code.id, member.id)) ? null : code;
}

export function timeBonusRoom(env: Env, memberId: number) {
  return env.TIME_BONUS.get(env.TIME_BONUS.idFromName(`member:${memberId}`));
}

/**
 * The time bonus of spec §4/§9: for an unpaid member in the first 14,400 s after
 * signup, once; the member's TimeBonus object holds it and clears it at expiry.
 */
export async function timeBonus(app: DiscountContext, member: SessionMember) {
  const now = app.now();
  const expiresAt = member.signupDate + TIME_BONUS_SECONDS * 1000;
  if (member.paidUser || now >= expiresAt) return null;
  const held = await timeBonusRoom(app.env, member.id).start({ code: TIME_BONUS_CODE, expiresAt });
  if (held.expiresAt <= now) return null;
  const code = await ensurePersonalCode(app, member, {
    code: TIME_BONUS_CODE,
    kind: "time_bonus",
    percentage: TIME_BONUS_PERCENTAGE,
    expiresAt: held.expiresAt,
  });
  return (await used(app, code.id, member.id)) ? null : code;
}

/** Paid members have no time bonus any more. */
export async function endTimeBonus(app: Pick<RequestContext, "env">, memberId: number) {
  await timeBonusRoom(app.env, memberId).clear();
}

/** The code a purchase uses without one typed in: the time bonus, else the welcome code. */
export async function activeCode(app: DiscountContext, member: SessionMember) {
  return (await timeBonus(app, member)) ?? (await welcomeCode(app, member));
}

/** A typed-in code for this member's order, or the reason it does not apply. */
export async function checkCode(
  app: DiscountContext,
  member: SessionMember,
  input: { code: string; country: string; method?: string; orderCents?: number; currency?: string },
) {
  const code = input.code.trim().toUpperCase();
  // A personal code of this member first, then a general promotion code.
  const [row] = await app.db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.code, code), or(eq(discountCodes.userId, member.id), isNull(discountCodes.userId))))
    .orderBy(discountCodes.userId)
    .limit(1);
  if (row?.status !== "active") throw new DomainError("discount_not_found");
  if (await used(app, row.id, member.id)) throw new DomainError("discount_used");
  if (row.expiresAt !== null && row.expiresAt <= app.now()) throw new DomainError("discount_expired");
  if (row.country && row.country !== input.country) throw new DomainError("discount_country");
  if (input.method && row.paymentMethods?.length && !row.paymentMethods.includes(input.method)) {
    throw new DomainError("discount_method");
  }
  if (input.orderCents !== undefined && row.minimumOrderValueCents > 0) {
    const sameCurrency = !row.currency || row.currency === input.currency;
    if (!sameCurrency || input.orderCents < row.minimumOrderValueCents) {
      throw new DomainError("discount_minimum", { minimum: (row.minimumOrderValueCents / 100).toFixed(2) });
    }
  }
  return row;
}

/** A code in the field names of spec §3 (GET /api/discountcode.php). */
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
