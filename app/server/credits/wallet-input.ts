// What a wallet accepts, checked where a call enters it (the MemberWallet
// object's methods), so the rules in wallet.ts only ever see sound numbers.
// Each movement takes only the reasons that make sense for it: a message is
// never "credited", a purchase never "charged"; an operator's adjustment may go
// either way. Keys are the callers' exactly-once keys (a message's client id,
// a payment id, a refund id), as in the D1 ledger.
import { z } from "zod";
import { ledgerReasons, movementOps } from "#app/schemas/enums.ts";
import { DomainError } from "#app/server/errors.ts";

/** More than any package sells or any operator would move at once: a larger amount is a caller's bug. */
const MOST_PER_MOVEMENT = 10_000_000;
/** Keys asked about at once, and ledger rows read or imported at once. */
const MOST_AT_ONCE = 500;

const key = z.string().min(1).max(200);
const now = z.number().int().nonnegative();
const note = z.string().max(300).optional();
const amount = z.number().int().positive().max(MOST_PER_MOVEMENT);

const movement = <const R extends readonly (typeof ledgerReasons)[number][]>(reasons: R) =>
  z.strictObject({ key, amount, reason: z.enum(reasons), note, now });

export const chargeInput = movement(["message", "photo_message", "gift", "adjustment"]);
export const creditInput = movement(["signup_bonus", "purchase", "refund", "adjustment"]);
export const takeBackInput = movement(["refund", "chargeback", "adjustment"]);
/** `amount` left out: all that the bookings under `of` took (a failed refund gives back exactly its booking). */
export const giveBackInput = movement(["refund", "chargeback", "adjustment"]).extend({
  amount: amount.optional(),
  of: z.array(key).min(1).max(100),
});

export const keysInput = z.array(key).min(1).max(MOST_AT_ONCE);
export const voidInput = z.strictObject({ key, now });
export const ledgerInput = z.strictObject({
  before: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(MOST_AT_ONCE),
  /** Only the movements under this key or keys that begin with it and ":" (a charge-back's chain). */
  keyPrefix: key.optional(),
});
export const eraseInput = z.strictObject({ now });
export const importInput = z.strictObject({
  rows: z
    .array(
      z.strictObject({
        key,
        delta: z.number().int().min(-MOST_PER_MOVEMENT).max(MOST_PER_MOVEMENT),
        reason: z.enum(ledgerReasons),
        note: z.string().max(300).nullable(),
        createdAt: now,
      }),
    )
    .max(MOST_AT_ONCE),
  expectedBalance: z.number().int().nonnegative(),
});

/** Movements recorded in D1, as credits/movements.ts reads them, applied in this order. */
export const recordedInput = z
  .array(
    z.strictObject({
      key,
      op: z.enum(movementOps),
      /** An import's amount may be negative (a charge from before the wallets); the others are not. */
      amount: z.number().int().min(-MOST_PER_MOVEMENT).max(MOST_PER_MOVEMENT),
      reason: z.enum(ledgerReasons),
      note: z.string().max(300).nullable(),
      of: z.array(key).min(1).max(100).nullable(),
      createdAt: now,
    }),
  )
  .min(1)
  .max(100)
  // Only history may be negative; an amount of 0 books a 0 (a refund of credits that rounds to none
  // is still a refund on record, and a record the wallet refused would block the member's others).
  .refine((rows) => rows.every((row) => row.op === "import" || row.amount >= 0));

export const chargeCountInput = z.strictObject({
  since: now,
  notes: z.array(z.string().max(300)).max(MOST_AT_ONCE),
  reasons: z.array(z.enum(ledgerReasons)).min(1).max(ledgerReasons.length),
});

export type ChargeInput = z.input<typeof chargeInput>;
export type CreditInput = z.input<typeof creditInput>;
export type TakeBackInput = z.input<typeof takeBackInput>;
export type GiveBackInput = z.input<typeof giveBackInput>;
export type LedgerQuery = z.output<typeof ledgerInput>;
export type ImportInput = z.output<typeof importInput>;
export type RecordedMovement = z.output<typeof recordedInput>[number];
export type ChargeCountQuery = z.output<typeof chargeCountInput>;

/** The input as the schema reads it, or `invalid_input`: nothing is decided on a malformed call. */
export function parseWalletInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new DomainError("invalid_input");
  return parsed.data;
}
