// One-time e-mail tokens (activation, password reset, e-mail change,
// reactivation). The link carries a random token; D1 keeps only its SHA-256,
// and using one is a single guarded UPDATE, so a token works exactly once.
// The mails that carry a token at someone's request are limited a day: the
// limit is judged inside the token's own insert (see issueToken), so requests
// sent at the same moment get no more mails than requests one after another.
import { and, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { tokenPurposes } from "#app/schemas/enums.ts";
import type { Database } from "#app/server/db/client.ts";
import { refusedByLimit, whileBelow } from "#app/server/db/limited-insert.ts";
import { emailTokens } from "#app/server/db/schema.ts";
import { DomainError, type ErrorCode } from "#app/server/errors.ts";
import { base64url } from "#app/server/http/base64.ts";

export type TokenPurpose = (typeof tokenPurposes)[number];

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export const tokenLifetime: Record<TokenPurpose, number> = {
  activation: 30 * DAY,
  password_reset: 2 * HOUR,
  mail_change: DAY,
  reactivation: 14 * DAY,
};

export function randomToken(bytes = 32): string {
  return base64url.encode(crypto.getRandomValues(new Uint8Array(bytes)));
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A new token and the statement that stores it (for a batch). With `perDay`,
 * the statement stores it only while the member was sent fewer tokens of this
 * purpose in the last 24 hours: over the limit the token gets no owner, so its
 * insert fails (db/limited-insert.ts) and the batch with its mail is undone.
 */
export async function issueToken(
  db: Database,
  input: {
    userId: number | SQL<number>;
    purpose: TokenPurpose;
    now: number;
    newEmail?: string;
    expiresAt?: number;
    perDay?: number;
  },
) {
  const token = randomToken();
  const sentToday = sql`select count(*) from ${emailTokens} where ${emailTokens.userId} = ${input.userId}
    and ${emailTokens.purpose} = ${input.purpose} and ${emailTokens.createdAt} > ${input.now - DAY}`;
  const userId = input.perDay === undefined ? input.userId : whileBelow(input.userId, sentToday, input.perDay);
  const statement = db.insert(emailTokens).values({
    id: await sha256Hex(token),
    userId,
    purpose: input.purpose,
    newEmail: input.newEmail ?? null,
    expiresAt: input.expiresAt ?? input.now + tokenLifetime[input.purpose],
    createdAt: input.now,
  });
  return { token, statement };
}

/** Uses a token: its user (and new e-mail), or null when unknown, used, expired or for another purpose. */
export async function consumeToken(db: Database, token: string, purpose: TokenPurpose, now: number) {
  const usable = await usableToken(token, purpose, now);
  if (!usable) return null;
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(usable)
    .returning({ userId: emailTokens.userId, newEmail: emailTokens.newEmail });
  return row ?? null;
}

/** Whether a token is still usable, without using it (to show a form before the final step). */
export async function peekToken(db: Database, token: string, purpose: TokenPurpose, now: number) {
  const usable = await usableToken(token, purpose, now);
  if (!usable) return null;
  const [row] = await db.select({ userId: emailTokens.userId }).from(emailTokens).where(usable).limit(1);
  return row ?? null;
}

/** The stored token behind a link while it is unused, unexpired and for this purpose; undefined for what no link holds. */
async function usableToken(token: string, purpose: TokenPurpose, now: number): Promise<SQL | undefined> {
  if (!token || token.length > 200) return undefined;
  return and(
    eq(emailTokens.id, await sha256Hex(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );
}

/**
 * Runs a batch holding a token issued with `perDay` (and the mail carrying
 * it); when the token was over its limit, nothing was written and `refusal` is
 * thrown.
 */
export async function batchWithinDailyLimit(
  db: Database,
  statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]],
  refusal: ErrorCode,
) {
  try {
    await db.batch(statements);
  } catch (error) {
    if (refusedByLimit(error, "email_tokens.user_id")) throw new DomainError(refusal);
    throw error;
  }
}
