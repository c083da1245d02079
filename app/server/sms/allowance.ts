// How many texts may go out: every text costs money at Twilio, so each one is
// claimed before it is queued, against three counts of the UTC day in
// daily_counts: the member's, the number's (whichever members ask) and one for
// the whole site. Each claim is one guarded upsert, so requests at the same
// moment cannot all see "one left"; when a later count is full, the earlier
// claims are given back, so a refusal counts against nothing. In the moment
// between a claim and its give-back a parallel request may be refused that
// would have fitted: the counts err towards fewer texts, never more. A claim
// whose text is then not queued (the request died) stays used for the day.
import type { RequestContext } from "#app/context.ts";
import { sha256Hex } from "#app/server/accounts/tokens.ts";
import { DomainError } from "#app/server/errors.ts";
import { giveBackDailyUse, takeDailyUse } from "#app/server/limits/daily-counts.ts";

/**
 * Texts a member may be sent a UTC day: a code, a couple of resends and a
 * second purchase fit; a member cycling through numbers does not get far.
 */
const TEXTS_PER_MEMBER = 5;
/** Texts one number may be sent a UTC day, whichever members ask: a code and two resends. */
const TEXTS_PER_NUMBER = 3;
/**
 * Texts the whole site may send a UTC day: far above what its direct debits
 * need, and a bound on the bill if many accounts are made to send texts.
 * Reaching it refuses every member until the next UTC day and logs a warning.
 */
const TEXTS_PER_DAY = 500;

const brand = Symbol("claimed text");

/** One text claimed against today's counts: the only way to queue one (sms/outbox.ts). */
export interface ClaimedText {
  readonly memberId: number;
  readonly to: string;
  readonly [brand]: true;
}

type AllowanceContext = Pick<RequestContext, "db" | "now" | "log">;

/** Claims a text to `to` (international form) for a member; refuses with `sms_limit` when a count is full. */
export async function claimText(app: AllowanceContext, memberId: number, to: string): Promise<ClaimedText> {
  const uses = [
    { scope: "sms_member", key: String(memberId), limit: TEXTS_PER_MEMBER },
    // Hashed: the number itself is kept only where erasure finds it.
    { scope: "sms_number", key: await sha256Hex(to), limit: TEXTS_PER_NUMBER },
    { scope: "sms_all", key: "all", limit: TEXTS_PER_DAY },
  ] as const;
  for (const [taken, use] of uses.entries()) {
    if (await takeDailyUse(app, use)) continue;
    for (const back of uses.slice(0, taken)) await giveBackDailyUse(app, back);
    if (use.scope === "sms_all") app.log.warn("sms daily ceiling reached", { limit: TEXTS_PER_DAY });
    throw new DomainError("sms_limit");
  }
  return { memberId, to, [brand]: true };
}

/** Gives a claimed text back when it was not sent after all (its mandate had no resends left). */
export async function giveBackText(app: AllowanceContext, text: ClaimedText) {
  await giveBackDailyUse(app, { scope: "sms_member", key: String(text.memberId) });
  await giveBackDailyUse(app, { scope: "sms_number", key: await sha256Hex(text.to) });
  await giveBackDailyUse(app, { scope: "sms_all", key: "all" });
}
