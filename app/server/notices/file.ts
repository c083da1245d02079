// Filing a notice (/notice): anyone (a visitor or a member) reports a profile,
// a photo or a message they hold illegal or against the terms. The notice is
// stored with the receipt mail in one batch, in the reporter's language (a
// member's own, else the page's). Content already removed is decided at once,
// automatically, and the reporter is told so instead. A few a day per client
// address and per member, so the form floods neither the queue nor an inbox.
import type { RequestContext } from "#app/context.ts";
import { isLocale, type Locale } from "#app/i18n/locales.ts";
import type { NoticeInput, NoticeTarget } from "#app/schemas/notices.ts";
import { deliverAfterResponse } from "#app/server/accounts/mail.ts";
import type { SessionMember } from "#app/server/accounts/session.ts";
import { notices } from "#app/server/db/schema.ts";
import { DomainError } from "#app/server/errors.ts";
import { takeDailyUse } from "#app/server/limits/daily-counts.ts";
import { contentGoneMail, receiptMail } from "./mails.ts";
import { noticeReference } from "./reference.ts";
import { resolveTarget } from "./targets.ts";

/** Notices a day from one client address or one member: more than anyone finds, too few to flood. */
const NOTICES_PER_DAY = 10;

type NoticeContext = Pick<
  RequestContext,
  "db" | "env" | "ctx" | "settings" | "locale" | "country" | "now" | "origin" | "log" | "domain" | "clientIp"
>;

type Reporter = Pick<SessionMember, "id" | "language" | "paidUser">;

/** What the form shows about its target: "the photo of Anna, 27", or that it is gone. */
export async function noticeTarget(
  app: Pick<RequestContext, "db" | "env" | "now">,
  target: NoticeTarget,
  reporter: Reporter | null,
) {
  return resolveTarget(app, target, reporter);
}

export async function fileNotice(app: NoticeContext, input: NoticeInput, reporter: Reporter | null) {
  const target = await resolveTarget(app, input, reporter);
  const fromClient = { scope: "notice_client", key: app.clientIp, limit: NOTICES_PER_DAY } as const;
  if (!(await takeDailyUse(app, fromClient))) throw new DomainError("rate_limited");
  if (reporter) {
    const fromMember = { scope: "notice_member", key: String(reporter.id), limit: NOTICES_PER_DAY } as const;
    if (!(await takeDailyUse(app, fromMember))) throw new DomainError("rate_limited");
  }

  const locale: Locale = reporter && isLocale(reporter.language) ? reporter.language : app.locale;
  const now = app.now();
  const row = {
    domain: app.domain,
    locale,
    category: input.category,
    targetType: target.type,
    memberId: target.memberId,
    photoId: target.photoId,
    conversationId: target.conversationId,
    messageSeq: target.seq,
    explanation: input.explanation,
    reporterName: input.name ?? "",
    reporterEmail: input.email ?? "",
    reporterId: reporter?.id ?? null,
    goodFaith: true,
    // Content already removed needs no one to look at it: closed now, automatically.
    status: target.available ? ("open" as const) : ("decided" as const),
    createdAt: now,
    decidedAt: target.available ? null : now,
  };
  const [stored] = await app.db.insert(notices).values(row).returning({ id: notices.id });
  const notice = { ...row, id: stored!.id };
  if (notice.reporterEmail) {
    await (target.available ? receiptMail(app, notice, target) : contentGoneMail(app, notice, target));
    deliverAfterResponse(app);
  }
  return { id: notice.id, reference: noticeReference(notice.id), decided: !target.available };
}
