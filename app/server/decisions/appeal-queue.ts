// The operators' side of appeals: the open ones, oldest first, each with the
// decision and its statement; and deciding one. The decision's own author may
// not decide its appeal (someone else looks afresh). Reversing undoes the
// restriction in the same batch as the appeal's outcome, the decision marked
// reversed, the audit row and the mail of the outcome to the appellant in
// their language: the photo is shown again (main if none is), the ban lifted,
// the "about" text put back, direct debit allowed again, a rejected notice
// back in the notice queue.
import { and, asc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { translator } from "#app/i18n/i18next.server.ts";
import { deliverAfterResponse } from "#app/server/accounts/mail.ts";
import { appeals, decisions, notices, operators, photos, users } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { composeMail } from "#app/server/mail/compose.ts";
import { queueMailIf } from "#app/server/mail/outbox.ts";
import { auditStatementIf } from "#app/server/operators/audit.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { unbanStatements } from "#app/server/operators/member-actions.ts";
import { memberMailSite } from "#app/server/operators/member-mail.ts";
import { authorize } from "#app/server/operators/roles.ts";
import { refreshHasPhoto } from "#app/server/photos/has-photo.ts";
import { takeMainIfFree } from "#app/server/photos/manage.ts";
import { appealLink } from "./appeal-link.ts";
import { restoreProfileText } from "./profile-text.ts";
import { statementText } from "./statements.ts";

/** Open appeals, oldest first, with the decision appealed and who took it. */
export async function openAppeals(app: OperatorContext) {
  authorize(app.operator, "appeals.handle");
  return app.db
    .select({
      id: appeals.id,
      text: appeals.text,
      email: appeals.email,
      createdAt: appeals.createdAt,
      decision: {
        id: decisions.id,
        kind: decisions.kind,
        memberId: decisions.memberId,
        targetType: decisions.targetType,
        targetId: decisions.targetId,
        facts: decisions.facts,
        ground: decisions.ground,
        clause: decisions.clause,
        automated: decisions.automated,
        operatorId: decisions.operatorId,
        createdAt: decisions.createdAt,
      },
      author: operators.email,
    })
    .from(appeals)
    .innerJoin(decisions, eq(decisions.id, appeals.decisionId))
    .leftJoin(operators, eq(operators.id, decisions.operatorId))
    .where(eq(appeals.status, "open"))
    .orderBy(asc(appeals.createdAt), asc(appeals.id))
    .limit(100);
}

type Decision = typeof decisions.$inferSelect;

/** The statements that lift the restriction a decision made. */
async function undoStatements(app: OperatorContext, decision: Decision): Promise<BatchItem<"sqlite">[]> {
  const target = Number(decision.targetId);
  switch (decision.kind) {
    case "photo_rejected": {
      const [photo] = await app.db
        .select({ id: photos.id, userId: photos.userId, isPrivate: photos.isPrivate })
        .from(photos)
        .where(eq(photos.id, target));
      if (!photo) return [];
      return [
        app.db
          .update(photos)
          .set({ status: "active" })
          .where(and(eq(photos.id, photo.id), eq(photos.status, "rejected"))),
        ...(photo.isPrivate ? [] : [takeMainIfFree(app.db, photo.userId, photo.id)]),
        refreshHasPhoto(app.db, photo.userId),
      ];
    }
    case "account_banned": {
      const [user] = await app.db
        .select({ id: users.id, status: users.status, confirmedAt: users.confirmedAt, banReason: users.banReason })
        .from(users)
        .where(eq(users.id, target));
      if (user?.status !== "banned") return [];
      return [...unbanStatements(app, user, "member.unban_on_appeal")];
    }
    case "text_rejected":
      return restoreProfileText(app, decision);
    case "payment_method_blocked":
      return [app.db.update(users).set({ directDebitBlocked: false }).where(eq(users.id, target))];
    case "notice_rejected":
      return [app.db.update(notices).set({ status: "open", decidedAt: null }).where(eq(notices.id, target))];
    default:
      return [];
  }
}

/** Decides an open appeal: "uphold" keeps the decision, "reverse" undoes it; the appellant is mailed the outcome. */
export async function decideAppeal(
  app: OperatorContext,
  input: { appeal: number; outcome: "uphold" | "reverse"; text: string },
) {
  authorize(app.operator, "appeals.handle");
  const [row] = await app.db
    .select({ appeal: appeals, decision: decisions })
    .from(appeals)
    .innerJoin(decisions, eq(decisions.id, appeals.decisionId))
    .where(and(eq(appeals.id, input.appeal), eq(appeals.status, "open")));
  if (!row) throw new DomainError("appeal_not_found");
  const { appeal, decision } = row;
  if (decision.operatorId === app.operator.id) throw new DomainError("appeal_same_operator");
  const now = app.now();
  const status = input.outcome === "reverse" ? "reversed" : "upheld";
  const decided = app.db
    .update(appeals)
    .set({ status, operatorId: app.operator.id, outcome: input.text, decidedAt: now })
    .where(and(eq(appeals.id, appeal.id), eq(appeals.status, "open")))
    .returning({ id: appeals.id });
  // The audit row and the mail hold only when this batch decided the appeal (not a second click or operator).
  const decidedHere = sql`exists (select 1 from ${appeals} where ${appeals.id} = ${appeal.id} and ${appeals.operatorId} = ${app.operator.id} and ${appeals.decidedAt} = ${now} and ${appeals.status} = ${status})`;
  const undo = input.outcome === "reverse" ? await undoStatements(app, decision) : [];
  const reversal =
    input.outcome === "reverse"
      ? [app.db.update(decisions).set({ reversedAt: now }).where(eq(decisions.id, decision.id))]
      : [];
  const mail = appeal.email
    ? [queueMailIf(app.db, await outcomeMail(app, { appeal, decision, status, text: input.text }), now, decidedHere)]
    : [];
  const results = await app.db.batch([
    decided,
    auditStatementIf(
      app,
      app.operator,
      {
        action: `appeal.${input.outcome}`,
        targetType: "appeal",
        targetId: appeal.id,
        before: { status: "open", decision: decision.id, kind: decision.kind },
        after: { status, outcome: input.text },
      },
      decidedHere,
    ),
    ...undo,
    ...reversal,
    ...mail,
  ]);
  if (!(results[0] as unknown[]).length) throw new DomainError("appeal_not_found");
  deliverAfterResponse(app);
  return { status };
}

/** The outcome mail in the appellant's language: the member's own, else the language of their notice. */
async function outcomeMail(
  app: OperatorContext,
  {
    appeal,
    decision,
    status,
    text,
  }: { appeal: typeof appeals.$inferSelect; decision: Decision; status: string; text: string },
) {
  const [member] = decision.memberId
    ? await app.db
        .select({ language: users.language, status: users.status })
        .from(users)
        .where(eq(users.id, decision.memberId))
    : [];
  const [notice] = decision.noticeId
    ? await app.db.select({ locale: notices.locale }).from(notices).where(eq(notices.id, decision.noticeId))
    : [];
  const site = await memberMailSite(app, {
    domain: decision.domain,
    language: member?.language ?? notice?.locale ?? null,
  });
  const canLogIn = appeal.memberId !== null && member && member.status !== "banned" && status !== "reversed";
  const link =
    canLogIn || (appeal.memberId !== null && status === "reversed")
      ? new URL("/account/messages", site.origin).toString()
      : await appealLink(app, { origin: site.origin, domain: decision.domain, email: appeal.email });
  const t = translator(site.locale);
  const verdict = t(status === "reversed" ? "decisions:outcome.reversed" : "decisions:outcome.upheld");
  return composeMail({
    to: appeal.email,
    template: "appeal_outcome",
    locale: site.locale,
    params: {
      name: "",
      link,
      outcome: `${verdict}\n\n${text}`,
      statement: statementText(site.locale, decision),
    },
    site: {
      name: site.settings.name,
      supportEmail: site.settings.support_email,
      baseUrl: site.origin,
      mailName: site.settings.mail_name,
    },
  });
}
