// Members report a profile or one of its messages; the operator
// console's moderation queue reads what lands here. A member can only report a
// message the other member sent them, in a conversation they are part of, and
// one open report per thing reported is kept (a second report updates it).
import { and, eq, isNull } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { ReportInput } from "#app/schemas/report.ts";
import { conversationParticipants, messageIndex, profiles, reports } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";

export async function reportMember(app: Pick<RequestContext, "db" | "now">, reporterId: number, input: ReportInput) {
  if (input.member === reporterId) throw new DomainError("not_yourself");
  const [member] = await app.db.select({ id: profiles.userId }).from(profiles).where(eq(profiles.userId, input.member));
  if (!member) throw new DomainError("member_not_found");

  const conversationId = input.conversation ?? null;
  const messageSeq = input.seq ?? null;
  if (conversationId !== null && messageSeq !== null) {
    const [message] = await app.db
      .select({ seq: messageIndex.seq })
      .from(messageIndex)
      .innerJoin(
        conversationParticipants,
        and(
          eq(conversationParticipants.conversationId, messageIndex.conversationId),
          eq(conversationParticipants.userId, reporterId),
        ),
      )
      .where(
        and(
          eq(messageIndex.conversationId, conversationId),
          eq(messageIndex.seq, messageSeq),
          eq(messageIndex.senderId, input.member),
        ),
      );
    if (!message) throw new DomainError("conversation_not_found");
  }

  const sameThing = and(
    eq(reports.reporterId, reporterId),
    eq(reports.memberId, input.member),
    eq(reports.status, "open"),
    conversationId === null ? isNull(reports.conversationId) : eq(reports.conversationId, conversationId),
    messageSeq === null ? isNull(reports.messageSeq) : eq(reports.messageSeq, messageSeq),
  );
  const [open] = await app.db.select({ id: reports.id }).from(reports).where(sameThing);
  if (open) {
    await app.db.update(reports).set({ reason: input.reason, text: input.text }).where(eq(reports.id, open.id));
    return { reported: true as const, id: open.id };
  }
  const [created] = await app.db
    .insert(reports)
    .values({
      reporterId,
      memberId: input.member,
      conversationId,
      messageSeq,
      reason: input.reason,
      text: input.text,
      createdAt: app.now(),
    })
    .returning({ id: reports.id });
  if (!created) throw new Error("report not stored");
  return { reported: true as const, id: created.id };
}
