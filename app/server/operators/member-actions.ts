// What operators do to a member: adjust their credits, resend the activation
// mail, log them out everywhere, delete the account on their request, ban and
// unban. Each change and its audit row are one batch (a credit adjustment's
// row follows the wallet's answer instead, see adjustCredits); a ban also
// holds its statement of reasons and the mail of it (decisions/).
import { and, eq, sql } from "drizzle-orm";
import { awaitsActivation, resendActivation } from "#app/server/accounts/activation.ts";
import { closeAccount, isBanned } from "#app/server/accounts/deletion.ts";
import { deliverAfterResponse } from "#app/server/accounts/mail.ts";
import { revokeOtherSessions } from "#app/server/accounts/session.ts";
import { closeEndedSessions } from "#app/server/chat/sockets.ts";
import { applyNow, isDuplicateBooking, recordCharge, recordCredit } from "#app/server/credits/movements.ts";
import { walletOf } from "#app/server/credits/wallet.ts";
import { auditLog, creditLedger, profiles, users } from "#app/server/db/schema.ts";
import { memberStatement, type Reasons } from "#app/server/decisions/statements.ts";
import { DomainError } from "#app/server/errors.ts";
import { refreshSearchable } from "#app/server/members/searchable.ts";
import { auditStatement, auditStatementIf } from "./audit.ts";
import type { OperatorContext } from "./context.ts";
import { memberDomainContext } from "./member-mail.ts";
import { authorize } from "./roles.ts";

async function findMember(app: OperatorContext, memberId: number) {
  if (!Number.isSafeInteger(memberId)) throw new DomainError("member_not_found");
  const [row] = await app.db
    .select({ user: users, name: profiles.name })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, memberId));
  if (!row) throw new DomainError("member_not_found");
  return row;
}

/**
 * Adds (amount > 0) or removes (amount < 0) credits with a reason. `key` comes
 * with the form, so sending the same form twice books once ("credits_adjusted").
 * Removing more than the balance is refused: balances never go below zero.
 *
 * The movement is recorded, then the member's wallet decides (removing more
 * than it holds is refused there); the audit row follows the wallet's answer,
 * with the balance it answered, so the trail never claims an adjustment the
 * wallet refused. A crash between the two leaves the record, which names the
 * operator (key and note) and which the replay applies; the operator's form
 * keeps its key until it succeeds, and sending it again writes the audit row
 * the crash kept back (once: the row carries the key).
 */
export async function adjustCredits(
  app: OperatorContext,
  memberId: number,
  input: { amount: number; reason: string; key: string },
) {
  authorize(app.operator, "members.credits");
  const { user } = await findMember(app, memberId);
  const key = `adjust:${app.operator.id}:${input.key}`;
  const movement = {
    userId: user.id,
    reason: "adjustment" as const,
    idempotencyKey: key,
    now: app.now(),
    note: `${input.reason} — ${app.operator.email}`.slice(0, 300),
    amount: Math.abs(input.amount),
  };
  let sentBefore = false;
  try {
    await app.db.batch([input.amount > 0 ? recordCredit(app.db, movement) : recordCharge(app.db, movement)]);
  } catch (error) {
    if (!isDuplicateBooking(error)) throw error;
    sentBefore = true;
  }
  const answer = await walletAnswer(app, user.id, key);
  // The wallet has not answered: the record waits for the replay, and the same form may be sent again.
  if (!answer) throw new DomainError("retry");
  if (answer.outcome !== "booked") throw new DomainError("insufficient_credits");
  await app.db.batch([
    auditStatementIf(
      app,
      app.operator,
      {
        action: "member.credits",
        targetType: "member",
        targetId: user.id,
        before: { credits: answer.balance - answer.delta },
        after: { credits: answer.balance, delta: answer.delta, reason: input.reason, key },
      },
      notAudited(user.id, key),
    ),
  ]);
  if (sentBefore) throw new DomainError("credits_adjusted");
  return { credits: answer.balance };
}

/** What the wallet did with a recorded movement and the balance after it; null while it has not answered. */
async function walletAnswer(app: OperatorContext, memberId: number, key: string) {
  const applied = await applyNow(app, memberId);
  const mine = applied?.outcomes.get(key);
  if (applied && mine) return { ...mine, balance: applied.balance };
  // Decided before (a form sent twice, or a request at the same moment): D1 noted the answer.
  const [record] = await app.db
    .select({ outcome: creditLedger.outcome, delta: creditLedger.delta })
    .from(creditLedger)
    .where(eq(creditLedger.idempotencyKey, key));
  if (!record?.outcome) return null;
  const { balance } = await walletOf(app.env, memberId).state();
  return { outcome: record.outcome, delta: record.delta, balance };
}

/** SQL: no audit row yet for the adjustment under this key. */
const notAudited = (memberId: number, key: string) =>
  sql`not exists (select 1 from ${auditLog} where ${auditLog.targetType} = 'member' and ${auditLog.targetId} = ${String(
    memberId,
  )} and ${auditLog.action} = 'member.credits' and json_extract(${auditLog.after}, '$.key') = ${key})`;

export async function resendMemberActivation(app: OperatorContext, memberId: number) {
  authorize(app.operator, "members.activation");
  const { user, name } = await findMember(app, memberId);
  if (!awaitsActivation(user)) throw new DomainError("invalid_input");
  const memberApp = await memberDomainContext(app, user);
  return resendActivation(memberApp, { id: user.id, status: user.status, email: user.email, profile: { name } }, [
    auditStatement(app, app.operator, { action: "member.resend_activation", targetType: "member", targetId: user.id }),
  ]);
}

/** Ends every session of the member: logged out on every device. */
export async function forceLogout(app: OperatorContext, memberId: number) {
  authorize(app.operator, "members.logout");
  const { user } = await findMember(app, memberId);
  await app.db.batch([
    revokeOtherSessions(app.db, user.id, null),
    auditStatement(app, app.operator, { action: "member.logout", targetType: "member", targetId: user.id }),
  ]);
  closeEndedSessions(app, user.id, { allBut: null });
}

/**
 * Deletes the account as the member asked (support): the member's own deletion,
 * reactivation mail included. Never a banned account: its reactivation link
 * would lift the ban, which only operators who may ban can do (unban first).
 */
export async function deleteMember(app: OperatorContext, memberId: number) {
  authorize(app.operator, "members.delete");
  const { user, name } = await findMember(app, memberId);
  if (user.status === "deleted") throw new DomainError("invalid_input");
  if (isBanned(user)) throw new DomainError("member_banned");
  const memberApp = await memberDomainContext(app, user);
  await closeAccount(memberApp, { id: user.id, email: user.email, name }, [
    auditStatement(app, app.operator, {
      action: "member.delete",
      targetType: "member",
      targetId: user.id,
      before: { status: user.status },
      after: { status: "deleted" },
    }),
  ]);
}

/**
 * Bans a member: no longer visible, logged out everywhere; logging in leads to
 * the ban notice (/pages/ban). The member is mailed the statement of reasons,
 * with a signed link to appeal (they can no longer log in).
 */
export async function banMember(app: OperatorContext, memberId: number, input: { reason: string; reasons: Reasons }) {
  authorize(app.operator, "members.ban");
  const { user } = await findMember(app, memberId);
  if (user.status === "deleted" || user.status === "banned") throw new DomainError("invalid_input");
  const now = app.now();
  const statement = await memberStatement(
    app,
    {
      kind: "account_banned",
      member: user.id,
      targetType: "member",
      targetId: user.id,
      reasons: input.reasons,
      operatorId: app.operator.id,
      now,
    },
    { banned: true },
  );
  await app.db.batch([
    app.db.update(users).set({ status: "banned", bannedAt: now, banReason: input.reason }).where(eq(users.id, user.id)),
    app.db.update(profiles).set({ status: "disabled" }).where(eq(profiles.userId, user.id)),
    refreshSearchable(app.db, user.id),
    revokeOtherSessions(app.db, user.id, null),
    auditStatement(app, app.operator, {
      action: "member.ban",
      targetType: "member",
      targetId: user.id,
      before: { status: user.status },
      after: { status: "banned", reason: input.reason },
    }),
    ...statement,
  ]);
  closeEndedSessions(app, user.id, { allBut: null });
  deliverAfterResponse(app);
}

/** Lifts a ban: back to active (or not confirmed, if the address never was). */
export async function unbanMember(app: OperatorContext, memberId: number) {
  authorize(app.operator, "members.ban");
  const { user } = await findMember(app, memberId);
  if (user.status !== "banned") throw new DomainError("invalid_input");
  await app.db.batch(unbanStatements(app, user));
}

/** The statements that lift a ban and audit it (also what reversing a ban on appeal runs). */
export function unbanStatements(
  app: OperatorContext,
  user: { id: number; confirmedAt: number | null; banReason: string | null },
  action = "member.unban",
) {
  const status = user.confirmedAt !== null ? "active" : "not_confirmed";
  return [
    app.db
      .update(users)
      .set({ status, bannedAt: null, banReason: null })
      .where(and(eq(users.id, user.id), eq(users.status, "banned"))),
    app.db
      .update(profiles)
      .set({ status: status === "active" ? "active" : "disabled" })
      .where(eq(profiles.userId, user.id)),
    refreshSearchable(app.db, user.id),
    auditStatement(app, app.operator, {
      action,
      targetType: "member",
      targetId: user.id,
      before: { status: "banned", reason: user.banReason },
      after: { status },
    }),
  ] as const;
}
