// Operators handle reported profiles and messages (members report them with
// the report form, reports.ts): the queue, with the reported message and the
// few before it read from the conversation's room, and a decision — dismissed,
// or actioned (the moderator then acts on the member: ban, reject a photo...).

import { asc, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { ChatMessage } from "#app/schemas/chat.ts";
import type { ReportStatus } from "#app/schemas/enums.ts";
import { roomStub } from "#app/server/chat/sockets.ts";
import { profiles, reports, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { decisionAuditStatement } from "#app/server/operators/audit.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { authorize } from "#app/server/operators/roles.ts";

const CONTEXT_MESSAGES = 4;

export async function reportQueue(app: OperatorContext, status: ReportStatus = "open") {
  authorize(app.operator, "reports.handle");
  const reporter = alias(profiles, "reporter");
  const rows = await app.db
    .select({
      id: reports.id,
      reason: reports.reason,
      text: reports.text,
      status: reports.status,
      conversationId: reports.conversationId,
      messageSeq: reports.messageSeq,
      createdAt: reports.createdAt,
      member: { id: reports.memberId, name: profiles.name, status: users.status, domain: users.domain },
      reporter: { id: reports.reporterId, name: reporter.name },
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.memberId))
    .innerJoin(profiles, eq(profiles.userId, reports.memberId))
    .leftJoin(reporter, eq(reporter.userId, reports.reporterId))
    .where(eq(reports.status, status))
    .orderBy(status === "open" ? asc(reports.createdAt) : desc(reports.createdAt))
    .limit(50);
  return Promise.all(
    rows.map(async (row) => ({
      ...row,
      messages:
        row.conversationId !== null && row.messageSeq !== null
          ? await reportedMessages(app, row.conversationId, row.member.id, row.messageSeq)
          : [],
    })),
  );
}

/** The reported message and the few before it, as the reported member's conversation holds them. */
async function reportedMessages(
  app: Pick<OperatorContext, "env" | "log">,
  conversationId: number,
  memberId: number,
  seq: number,
): Promise<(Pick<ChatMessage, "seq" | "senderId" | "kind" | "text" | "gift" | "createdAt"> & { reported: boolean })[]> {
  try {
    const frame = await roomStub(app.env, conversationId).history(memberId, { before: seq + 1 });
    if (frame.type !== "messages") return [];
    return frame.messages
      .filter((m) => m.seq > seq - 1 - CONTEXT_MESSAGES)
      .map((m) => ({
        seq: m.seq,
        senderId: m.senderId,
        kind: m.kind,
        text: m.text,
        gift: m.gift,
        createdAt: m.createdAt,
        reported: m.seq === seq,
      }));
  } catch (error) {
    app.log.warn("reported message not readable", { conversationId, seq, error: String(error) });
    return [];
  }
}

export async function decideReport(app: OperatorContext, input: { report: number; decision: "dismiss" | "action" }) {
  authorize(app.operator, "reports.handle");
  const [report] = await app.db
    .select({ id: reports.id, status: reports.status, memberId: reports.memberId })
    .from(reports)
    .where(eq(reports.id, input.report));
  if (!report) throw new DomainError("report_not_found");
  const status = input.decision === "dismiss" ? "dismissed" : "actioned";
  await app.db.batch([
    app.db.update(reports).set({ status }).where(eq(reports.id, report.id)),
    decisionAuditStatement(app, {
      action: `report.${input.decision}`,
      targetType: "report",
      targetId: report.id,
      member: report.memberId,
      before: report.status,
      after: status,
    }),
  ]);
  return { status, memberId: report.memberId };
}
