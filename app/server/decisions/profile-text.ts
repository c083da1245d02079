// A member's "about" text removed by a moderator, with its statement of
// reasons, in one batch with its audit row. The audit row keeps the text as it
// was, so reversing the decision on appeal can put it back (unless the member
// has written a new one since).
import { and, desc, eq } from "drizzle-orm";
import { deliverAfterResponse } from "#app/server/accounts/mail.ts";
import { auditLog, profiles } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { auditStatement } from "#app/server/operators/audit.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { authorize } from "#app/server/operators/roles.ts";
import { memberStatement, type Reasons } from "./statements.ts";

const ACTION = "member.about_rejected";

export async function rejectProfileText(app: OperatorContext, memberId: number, input: { reasons: Reasons }) {
  authorize(app.operator, "members.ban");
  if (!Number.isSafeInteger(memberId)) throw new DomainError("member_not_found");
  const [profile] = await app.db.select({ about: profiles.about }).from(profiles).where(eq(profiles.userId, memberId));
  if (!profile) throw new DomainError("member_not_found");
  if (!profile.about.trim()) throw new DomainError("invalid_input");
  const now = app.now();
  const statement = await memberStatement(app, {
    kind: "text_rejected",
    member: memberId,
    targetType: "member",
    targetId: memberId,
    reasons: input.reasons,
    operatorId: app.operator.id,
    now,
  });
  await app.db.batch([
    app.db
      .update(profiles)
      .set({ about: "" })
      .where(and(eq(profiles.userId, memberId), eq(profiles.about, profile.about))),
    auditStatement(app, app.operator, {
      action: ACTION,
      targetType: "member",
      targetId: memberId,
      before: { about: profile.about },
      after: { about: "" },
    }),
    ...statement,
  ]);
  deliverAfterResponse(app);
}

/** The statement that puts a removed text back, while the member has not written a new one. */
export async function restoreProfileText(app: OperatorContext, decision: { targetId: string; createdAt: number }) {
  const [row] = await app.db
    .select({ before: auditLog.before })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, ACTION),
        eq(auditLog.targetId, decision.targetId),
        eq(auditLog.createdAt, decision.createdAt),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  const about = (row?.before as { about?: unknown } | null)?.about;
  if (typeof about !== "string") return [];
  return [
    app.db
      .update(profiles)
      .set({ about })
      .where(and(eq(profiles.userId, Number(decision.targetId)), eq(profiles.about, ""))),
  ];
}
