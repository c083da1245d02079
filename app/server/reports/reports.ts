// Members report a profile or one of its messages; the operator
// console's moderation queue reads what lands here. A member can only report a
// message the other member sent them, in a conversation they are part of, and
// one open report per reporter and thing reported is kept (a second report
// updates it), however many are sent at once.
import { eq, sql } from "drizzle-orm";
import type { RequestContext } from "#app/context.ts";
import type { ReportInput } from "#app/schemas/report.ts";
import { senderOfReceivedMessage } from "#app/server/chat/received-message.ts";
import { profiles, reports } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";

// The unique indexes of open reports (db/schema.ts), as an insert names them.
const openProfileReport = {
  target: [reports.reporterId, reports.memberId],
  targetWhere: sql`${reports.status} = 'open' and ${reports.conversationId} is null and ${reports.messageSeq} is null`,
};
const openMessageReport = {
  target: [reports.reporterId, reports.memberId, reports.conversationId, reports.messageSeq],
  targetWhere: sql`${reports.status} = 'open'`,
};

export async function reportMember(
  app: Pick<RequestContext, "db" | "env" | "now">,
  reporterId: number,
  input: ReportInput,
) {
  if (input.member === reporterId) throw new DomainError("not_yourself");
  const [member] = await app.db.select({ id: profiles.userId }).from(profiles).where(eq(profiles.userId, input.member));
  if (!member) throw new DomainError("member_not_found");

  const conversationId = input.conversation ?? null;
  const messageSeq = input.seq ?? null;
  if (conversationId !== null && messageSeq !== null) {
    const sender = await senderOfReceivedMessage(app, conversationId, messageSeq, reporterId);
    if (sender !== input.member) throw new DomainError("conversation_not_found");
  }

  // One statement decides between a new report and the open one's new words, so
  // reports sent at once cannot each find none open and each add one.
  const [stored] = await app.db
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
    .onConflictDoUpdate({
      ...(conversationId === null ? openProfileReport : openMessageReport),
      set: { reason: input.reason, text: input.text },
    })
    .returning({ id: reports.id });
  if (!stored) throw new Error("report not stored");
  return { reported: true as const, id: stored.id };
}
