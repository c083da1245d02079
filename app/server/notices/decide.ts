// A moderator's decision on a notice: reject the photo, ban the member, or no
// action. A restriction goes through the rule that owns it (photo moderation,
// member actions), which writes the statement of reasons for the member and
// mails it; the notice is then closed with that decision and the reporter
// mailed what was decided, on which ground, by a person, and how to appeal.
// "No action" writes the notice's own statement of reasons (notice rejected),
// its mail to the reporter and the notice's closing in one batch.
import { and, desc, eq, sql } from "drizzle-orm";
import { translator } from "#app/i18n/i18next.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { deliverAfterResponse } from "#app/server/accounts/mail.ts";
import { decisions, notices } from "#app/server/db/schema.ts";
import { appealLink } from "#app/server/decisions/appeal-link.ts";
import { noticeRejectedStatement, type Reasons, statementText } from "#app/server/decisions/statements.ts";
import { DomainError } from "#app/server/errors.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { banMember } from "#app/server/operators/member-actions.ts";
import { memberDomainContext } from "#app/server/operators/member-mail.ts";
import { authorize } from "#app/server/operators/roles.ts";
import { decidePhoto } from "#app/server/photos/moderation.ts";
import { decidedMail } from "./mails.ts";
import { noticeReference } from "./reference.ts";

export type NoticeDecision = "reject_photo" | "ban_member" | "no_action";

async function openNotice(app: OperatorContext, id: number) {
  const [notice] = await app.db.select().from(notices).where(eq(notices.id, id));
  if (notice?.status !== "open") throw new DomainError("invalid_input");
  return notice;
}

/** The latest decision taken on the notice (read inside the batch that wrote it), or null. */
export const decisionOfNotice = (noticeId: number) =>
  sql`(select ${decisions.id} from ${decisions} where ${decisions.noticeId} = ${noticeId} order by ${decisions.id} desc limit 1)`;

function closing(app: OperatorContext, noticeId: number) {
  return app.db
    .update(notices)
    .set({ status: "decided", decidedAt: app.now(), decisionId: decisionOfNotice(noticeId) })
    .where(and(eq(notices.id, noticeId), eq(notices.status, "open")));
}

export async function decideNotice(
  app: OperatorContext,
  input: { notice: number; decision: NoticeDecision; reasons: Omit<Reasons, "notice"> },
) {
  authorize(app.operator, "notices.handle");
  const notice = await openNotice(app, input.notice);
  const reasons: Reasons = { ...input.reasons, notice: notice.id };
  const site = await memberDomainContext(app, { domain: notice.domain, language: notice.locale });

  if (input.decision === "no_action") {
    const statement = await noticeRejectedStatement(app, notice, input.reasons);
    await app.db.batch([...statement, closing(app, notice.id)]);
    deliverAfterResponse(site);
    return { status: "decided" as const };
  }

  if (input.decision === "reject_photo") {
    if (notice.targetType !== "photo" || notice.photoId === null) throw new DomainError("invalid_input");
    await decidePhoto(app, { photo: notice.photoId, decision: "reject", reasons });
  } else {
    if (notice.memberId === null) throw new DomainError("member_not_found");
    await banMember(app, notice.memberId, {
      reason: `${noticeReference(notice.id)}: ${input.reasons.clause}`,
      reasons,
    });
  }

  const [decision] = await app.db
    .select()
    .from(decisions)
    .where(eq(decisions.noticeId, notice.id))
    .orderBy(desc(decisions.id))
    .limit(1);
  if (!decision) throw new Error("the restriction wrote no statement of reasons");
  const close = closing(app, notice.id);
  if (!notice.reporterEmail) {
    await close;
    return { status: "decided" as const };
  }
  const link = await appealLink(app, { origin: site.origin, domain: notice.domain, email: notice.reporterEmail });
  // The member's statement, but its first line (what was done to them) said to the reporter.
  const statement = (locale: Locale) => {
    const [, ...reasonsLines] = statementText(locale, decision).split("\n");
    const done = decision.kind === "photo_rejected" ? "photoRejected" : "memberBanned";
    return [translator(locale)(`notices:decided.${done}`), ...reasonsLines].join("\n");
  };
  await app.db.batch([close, decidedMail(site, notice, { statement, appealLink: link })]);
  deliverAfterResponse(site);
  return { status: "decided" as const };
}
