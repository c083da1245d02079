// Statements of reasons: every restriction of a member (a photo or text
// rejected, an account banned, direct debit blocked) and every notice a
// moderator does not follow up is a `decisions` row, written in the SAME batch
// as the restriction and its audit row, so there is never one without the
// other. The row says what was restricted, the facts, the ground (a law or a
// clause of the terms), whether it was automated and by whom; it can be
// appealed for six months. The member (or the reporter) is mailed the
// statement in their own language, with the way to appeal.
import { eq, sql } from "drizzle-orm";
import { formatDate } from "#app/i18n/format.ts";
import { translator } from "#app/i18n/i18next.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import type { DecisionKind } from "#app/schemas/enums.ts";
import { DAY } from "#app/server/accounts/tokens.ts";
import type { Database } from "#app/server/db/client.ts";
import { decisions, profiles, users } from "#app/server/db/schema.ts";
import { composeMail } from "#app/server/mail/compose.ts";
import { queueMail, queueMailIf } from "#app/server/mail/outbox.ts";
import type { OperatorContext } from "#app/server/operators/context.ts";
import { type MemberMailSite, memberMailSite } from "#app/server/operators/member-mail.ts";
import { appealLink } from "./appeal-link.ts";

/** Why a member is restricted: the ground, its clause, the facts; the notice that led to it, if any. */
export interface Reasons {
  ground: "law" | "terms";
  clause: string;
  facts: string;
  notice?: number | null;
}

/** A decision can be appealed for six months (183 days) after it was taken. */
export const APPEAL_WINDOW = 183 * DAY;

/** What a statement is about; `operatorId` null (and `automated`) for a rule that decided by itself. */
export interface Restriction {
  kind: DecisionKind;
  domain: string;
  member: number | null;
  targetType: "photo" | "member" | "notice";
  targetId: number;
  reasons: Reasons;
  automated?: boolean;
  operatorId: number | null;
  now: number;
}

function decisionValues(r: Restriction) {
  return {
    domain: r.domain,
    kind: r.kind,
    memberId: r.member,
    targetType: r.targetType,
    targetId: String(r.targetId),
    facts: r.reasons.facts,
    ground: r.reasons.ground,
    clause: r.reasons.clause,
    automated: r.automated ?? false,
    operatorId: r.operatorId,
    noticeId: r.reasons.notice ?? null,
    createdAt: r.now,
    appealUntil: r.now + APPEAL_WINDOW,
  };
}

/** The insert of a decision row, for the batch of the restriction it explains. */
function decisionStatement(db: Database, r: Restriction) {
  return db.insert(decisions).values(decisionValues(r));
}

/** The same, written only while `condition` holds inside the batch (a guarded restriction happened). */
function decisionStatementIf(db: Database, r: Restriction, condition: ReturnType<typeof sql>) {
  const v = decisionValues(r);
  // Every column in table order: id, domain, kind, member, target type and id, facts, ground, clause,
  // automated, operator, notice, created, appeal until, reversed.
  return db
    .insert(decisions)
    .select(
      sql`select null, ${v.domain}, ${v.kind}, ${v.memberId}, ${v.targetType}, ${v.targetId}, ${v.facts}, ${v.ground}, ${v.clause}, ${v.automated ? 1 : 0}, ${v.operatorId}, ${v.noticeId}, ${v.createdAt}, ${v.appealUntil}, null where ${condition}`,
    );
}

/** The statement in words of `locale`, one fact a line: what, the facts, the ground, who decided, until when to appeal. */
export function statementText(
  locale: Locale,
  d: Pick<Restriction, "kind" | "automated"> & { facts: string; ground: string; clause: string; appealUntil: number },
) {
  const t = translator(locale);
  return [
    t(`decisions:kinds.${d.kind}`),
    `${t("decisions:statement.facts")}: ${d.facts}`,
    `${t(d.ground === "law" ? "decisions:statement.groundLaw" : "decisions:statement.groundTerms")}: ${d.clause}`,
    t(d.automated ? "decisions:statement.automated" : "decisions:statement.byPerson"),
    t("decisions:statement.appealUntil", { date: formatDate(d.appealUntil, locale, { dateStyle: "long" }) }),
  ].join("\n");
}

/** Who a statement is mailed to, and whether they can log in to read it (else the mail carries a signed link). */
export interface Recipient {
  email: string;
  name: string;
  language: string | null;
  domain: string;
  canLogIn: boolean;
}

/** A member as the recipient of a statement about them; a banned member gets the signed link (they cannot log in). */
async function memberRecipient(db: Database, memberId: number, willBeBanned: boolean) {
  const [row] = await db
    .select({
      email: users.email,
      language: users.language,
      domain: users.domain,
      status: users.status,
      name: profiles.name,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, memberId));
  if (!row) return null;
  const to: Recipient | null =
    row.status === "deleted"
      ? null
      : {
          email: row.email,
          name: row.name ?? "",
          language: row.language,
          domain: row.domain,
          canLogIn: !willBeBanned && row.status !== "banned",
        };
  return { domain: row.domain, to };
}

type MailApp = Pick<OperatorContext, "db" | "env" | "now"> & Partial<Pick<OperatorContext, "domain" | "origin">>;

async function statementMessage(app: MailApp, to: Recipient, r: Restriction, site?: MemberMailSite) {
  const mailSite = site ?? (await memberMailSite(app, to));
  const link = to.canLogIn
    ? new URL("/account/messages", mailSite.origin).toString()
    : await appealLink(app, { origin: mailSite.origin, domain: to.domain, email: to.email });
  const v = decisionValues(r);
  return composeMail({
    to: to.email,
    template: "decision_statement",
    locale: mailSite.locale,
    params: { name: to.name, link, statement: statementText(mailSite.locale, { ...v, automated: v.automated }) },
    site: {
      name: mailSite.settings.name,
      supportEmail: mailSite.settings.support_email,
      baseUrl: mailSite.origin,
      mailName: mailSite.settings.mail_name,
    },
  });
}

/** The decision row and the mail of its statement, for the restriction's batch. */
async function statementOf(app: MailApp, to: Recipient, r: Restriction) {
  return [decisionStatement(app.db, r), queueMail(app.db, await statementMessage(app, to, r), r.now)] as const;
}

/** The same, both written only while `condition` holds inside the batch. */
async function statementOfIf(app: MailApp, to: Recipient, r: Restriction, condition: ReturnType<typeof sql>) {
  return [
    decisionStatementIf(app.db, r, condition),
    queueMailIf(app.db, await statementMessage(app, to, r), r.now, condition),
  ] as const;
}

/**
 * A notice a moderator did not follow up: the reporter is told why, and may
 * appeal (from their account, or through the signed link in the mail when
 * they reported without one). For the batch that closes the notice.
 */
export async function noticeRejectedStatement(
  app: OperatorContext,
  notice: {
    id: number;
    domain: string;
    locale: string;
    reporterEmail: string;
    reporterName: string;
    reporterId: number | null;
  },
  reasons: Omit<Reasons, "notice">,
) {
  const restriction: Restriction = {
    kind: "notice_rejected",
    domain: notice.domain,
    member: notice.reporterId,
    targetType: "notice",
    targetId: notice.id,
    reasons: { ...reasons, notice: notice.id },
    operatorId: app.operator.id,
    now: app.now(),
  };
  if (!notice.reporterEmail) return [decisionStatement(app.db, restriction)] as const;
  const to: Recipient = {
    email: notice.reporterEmail,
    name: notice.reporterName,
    language: notice.locale,
    domain: notice.domain,
    canLogIn: false,
  };
  return statementOf(app, to, restriction);
}

/**
 * The statement of a restriction of a member: the decision row, and the mail
 * to them (none to a deleted account). `banned`: the restriction is the ban
 * itself, so the mail carries the signed link to /appeal.
 */
export async function memberStatement(
  app: MailApp,
  r: Omit<Restriction, "domain" | "member"> & { member: number },
  options: { banned?: boolean } = {},
) {
  const found = await memberRecipient(app.db, r.member, options.banned ?? false);
  const restriction: Restriction = { ...r, domain: found?.domain ?? app.domain ?? "" };
  return found?.to ? statementOf(app, found.to, restriction) : ([decisionStatement(app.db, restriction)] as const);
}

/** The same, written only while `condition` holds inside the batch. */
export async function memberStatementIf(
  app: MailApp,
  r: Omit<Restriction, "domain" | "member"> & { member: number },
  condition: ReturnType<typeof sql>,
) {
  const found = await memberRecipient(app.db, r.member, false);
  const restriction: Restriction = { ...r, domain: found?.domain ?? app.domain ?? "" };
  return found?.to
    ? statementOfIf(app, found.to, restriction, condition)
    : ([decisionStatementIf(app.db, restriction, condition)] as const);
}
