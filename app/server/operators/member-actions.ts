// What operators do to a member: adjust credits through the ledger,
// resend the activation mail, log them out everywhere, delete the account on
// their request, ban and unban. Each change and its audit row are one batch;
// a ban also holds its statement of reasons and the mail of it (decisions/).
import { and, eq } from "drizzle-orm";
import { awaitsActivation, resendActivation } from "#app/server/accounts/activation.ts";
import { closeAccount, isBanned } from "#app/server/accounts/deletion.ts";
import { deliverAfterResponse } from "#app/server/accounts/mail.ts";
import { revokeOtherSessions } from "#app/server/accounts/session.ts";
import { closeEndedSessions } from "#app/server/chat/sockets.ts";
import { booked, chargeStatements, creditStatements, isDuplicateBooking } from "#app/server/credits/ledger.ts";
import { profiles, users } from "#app/server/db/schema.ts";
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
 */
export async function adjustCredits(
  app: OperatorContext,
  memberId: number,
  input: { amount: number; reason: string; key: string },
) {
  authorize(app.operator, "members.credits");
  const { user } = await findMember(app, memberId);
  const now = app.now();
  const idempotencyKey = `adjust:${app.operator.id}:${input.key}`;
  const booking = {
    userId: user.id,
    reason: "adjustment" as const,
    idempotencyKey,
    now,
    note: `${input.reason} — ${app.operator.email}`.slice(0, 300),
  };
  const audit = {
    action: "member.credits",
    targetType: "member" as const,
    targetId: user.id,
    before: { credits: user.credits },
    after: { credits: user.credits + input.amount, delta: input.amount, reason: input.reason },
  };
  try {
    if (input.amount > 0) {
      await app.db.batch([
        ...creditStatements(app.db, { ...booking, amount: input.amount }),
        auditStatement(app, app.operator, audit),
      ]);
    } else {
      const [inserted] = await app.db.batch([
        ...chargeStatements(app.db, { ...booking, cost: -input.amount }),
        auditStatementIf(app, app.operator, audit, booked(idempotencyKey)),
      ]);
      if ((inserted as D1Result).meta.changes === 0) throw new DomainError("insufficient_credits");
    }
  } catch (error) {
    if (isDuplicateBooking(error)) throw new DomainError("credits_adjusted");
    throw error;
  }
  const [after] = await app.db.select({ credits: users.credits }).from(users).where(eq(users.id, user.id));
  return { credits: after?.credits ?? 0 };
}

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
