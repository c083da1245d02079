// Operators handle complaints filed on /complaints (complaints.ts): the list
// by status, a status change, and a reply by e-mail through the outbox, written in the same batch as its
// audit row (and the status it sets).
import { asc, desc, eq } from "drizzle-orm";
import type { ComplaintStatus } from "#app/schemas/enums.ts";
import { accountMail, deliverAfterResponse } from "#app/server/accounts/mail.ts";
import { complaints, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { auditStatement } from "#app/server/operators/audit.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { memberDomainContext } from "#app/server/operators/member-mail.ts";
import { authorize } from "#app/server/operators/roles.ts";

export async function complaintList(app: OperatorContext, status: ComplaintStatus | "all" = "open") {
  authorize(app.operator, "complaints.handle");
  const query = app.db.select().from(complaints);
  return (status === "all" ? query : query.where(eq(complaints.status, status)))
    .orderBy(status === "closed" || status === "all" ? desc(complaints.createdAt) : asc(complaints.createdAt))
    .limit(100);
}

async function findComplaint(app: OperatorContext, id: number) {
  const [row] = await app.db
    .select({ complaint: complaints, language: users.language })
    .from(complaints)
    .leftJoin(users, eq(users.id, complaints.userId))
    .where(eq(complaints.id, id));
  if (!row) throw new DomainError("complaint_not_found");
  return row;
}

export async function setComplaintStatus(app: OperatorContext, input: { complaint: number; status: ComplaintStatus }) {
  authorize(app.operator, "complaints.handle");
  const { complaint } = await findComplaint(app, input.complaint);
  await app.db.batch([
    app.db.update(complaints).set({ status: input.status }).where(eq(complaints.id, complaint.id)),
    auditStatement(app, app.operator, {
      action: "complaint.status",
      targetType: "complaint",
      targetId: complaint.id,
      before: { status: complaint.status },
      after: { status: input.status },
    }),
  ]);
}

/** Answers a complaint by e-mail; the complaint is in progress afterwards, or closed when asked. */
export async function replyToComplaint(
  app: OperatorContext,
  input: { complaint: number; message: string; close: boolean },
) {
  authorize(app.operator, "complaints.handle");
  const { complaint, language } = await findComplaint(app, input.complaint);
  const memberApp = await memberDomainContext(app, { domain: complaint.domain, language });
  const status: ComplaintStatus = input.close ? "closed" : "in_progress";
  await app.db.batch([
    accountMail(memberApp, {
      to: complaint.email,
      template: "complaint_reply",
      locale: memberApp.locale,
      params: {
        name: complaint.name,
        link: new URL("/complaints", memberApp.origin).toString(),
        topic: complaint.subject,
        reply: input.message,
      },
    }),
    app.db.update(complaints).set({ status }).where(eq(complaints.id, complaint.id)),
    auditStatement(app, app.operator, {
      action: "complaint.reply",
      targetType: "complaint",
      targetId: complaint.id,
      before: { status: complaint.status },
      after: { status, to: complaint.email, message: input.message },
    }),
  ]);
  deliverAfterResponse(memberApp);
  return { status };
}
