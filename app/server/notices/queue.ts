// The operators' queue of notices (/admin/notices): open notices oldest first,
// each with what it names (the photo, the profile, the reported message as the
// conversation's room holds it), the category, the explanation and who
// reported it. Reading the queue first closes, automatically, the notices whose
// content is already gone (a photo rejected or deleted, its member banned or
// gone): nobody needs to look at those, and their reporters are told so.
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { deliverAfterResponse } from "#app/server/accounts/mail.ts";
import { roomStub } from "#app/server/chat/sockets.ts";
import { decisions, notices, photos, profiles, users } from "#app/server/db/schema.ts";
import { ageOn } from "#app/server/members/age.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { memberDomainContext } from "#app/server/operators/member-mail.ts";
import { authorize } from "#app/server/operators/roles.ts";
import { decisionOfNotice } from "./decide.ts";
import { contentGoneMail } from "./mails.ts";
import { noticeReference } from "./reference.ts";

const QUEUE_LENGTH = 50;

/** Open notices whose content is gone: the photo is no longer active, or the member is banned or deleted. */
function contentGone() {
  return or(
    isNull(notices.memberId),
    inArray(users.status, ["banned", "deleted"]),
    and(eq(notices.targetType, "photo"), or(isNull(notices.photoId), sql`${photos.status} is not 'active'`)),
  );
}

/** Closes the open notices about content already removed, and mails each reporter that it was automatic. */
async function closeNoticesAboutGoneContent(app: OperatorContext) {
  const gone = await app.db
    .select({
      notice: notices,
      name: profiles.name,
      dateOfBirth: profiles.dateOfBirth,
      decided: sql<number>`exists (select 1 from ${decisions} where ${decisions.noticeId} = ${notices.id})`,
    })
    .from(notices)
    .leftJoin(users, eq(users.id, notices.memberId))
    .leftJoin(profiles, eq(profiles.userId, notices.memberId))
    .leftJoin(photos, eq(photos.id, notices.photoId))
    .where(and(eq(notices.status, "open"), contentGone()))
    .limit(QUEUE_LENGTH);
  const now = app.now();
  for (const { notice, name, dateOfBirth, decided } of gone) {
    // A restriction that went through while closing its notice did not: the notice keeps that decision.
    const close = app.db
      .update(notices)
      .set({ status: "decided", decidedAt: now, decisionId: decisionOfNotice(notice.id) })
      .where(and(eq(notices.id, notice.id), eq(notices.status, "open")));
    if (decided) app.log.warn("notice closed after its decision", { notice: notice.id });
    if (!notice.reporterEmail || decided) {
      await close;
      continue;
    }
    const site = await memberDomainContext(app, { domain: notice.domain, language: notice.locale });
    const target = { type: notice.targetType, name: name ?? "", age: dateOfBirth ? ageOn(dateOfBirth, now) : 0 };
    await app.db.batch([close, contentGoneMail(site, notice, name ? target : null)]);
    deliverAfterResponse(site);
  }
  return gone.length;
}

export async function noticeQueue(app: OperatorContext) {
  authorize(app.operator, "notices.handle");
  await closeNoticesAboutGoneContent(app);
  const reporter = alias(profiles, "reporter");
  const rows = await app.db
    .select({
      notice: notices,
      member: { name: profiles.name, dateOfBirth: profiles.dateOfBirth },
      reporterProfile: { name: reporter.name },
    })
    .from(notices)
    .leftJoin(profiles, eq(profiles.userId, notices.memberId))
    .leftJoin(reporter, eq(reporter.userId, notices.reporterId))
    .where(eq(notices.status, "open"))
    .orderBy(asc(notices.createdAt), asc(notices.id))
    .limit(QUEUE_LENGTH);
  const now = app.now();
  return Promise.all(
    rows.map(async ({ notice, member, reporterProfile }) => ({
      id: notice.id,
      reference: noticeReference(notice.id),
      category: notice.category,
      targetType: notice.targetType,
      explanation: notice.explanation,
      createdAt: notice.createdAt,
      domain: notice.domain,
      memberId: notice.memberId,
      photoId: notice.photoId,
      memberName: member?.name ?? "",
      memberAge: member?.dateOfBirth ? ageOn(member.dateOfBirth, now) : null,
      reporter: {
        id: notice.reporterId,
        name: notice.reporterName || reporterProfile?.name || "",
        email: notice.reporterEmail,
      },
      message:
        notice.conversationId !== null && notice.messageSeq !== null && notice.memberId !== null
          ? await reportedMessage(app, notice.conversationId, notice.memberId, notice.messageSeq)
          : null,
    })),
  );
}

/** The reported message's text as its sender's side of the conversation holds it (null when unreadable). */
async function reportedMessage(app: OperatorContext, conversationId: number, senderId: number, seq: number) {
  try {
    const frame = await roomStub(app.env, conversationId).history(senderId, { before: seq + 1 });
    if (frame.type !== "messages") return null;
    const message = frame.messages.find((m) => m.seq === seq);
    return message ? { kind: message.kind, text: message.text ?? "", createdAt: message.createdAt } : null;
  } catch (error) {
    app.log.warn("reported message not readable", { conversationId, seq, error: String(error) });
    return null;
  }
}
