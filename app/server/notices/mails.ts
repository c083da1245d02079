// What the reporter of a notice is mailed, in the language they reported in:
// a receipt (what, the category, the date, the reference, that a person will
// decide), the decision when it restricted the member (the statement of
// reasons, who decided, how to appeal), or that the content was already gone
// and the notice was closed automatically. A notice without an e-mail address
// is mailed nothing. The mail is an outbox statement, for the batch that
// stores or closes the notice.
import { formatDate } from "#app/i18n/format.ts";
import { translator } from "#app/i18n/i18next.server.ts";
import { isLocale, type Locale } from "#app/i18n/locales.ts";
import type { NoticeCategory } from "#app/schemas/enums.ts";
import { noticeCategoryKey } from "#app/schemas/notices.ts";
import type { AccountsContext } from "#app/server/accounts/context.ts";
import { accountMail } from "#app/server/accounts/mail.ts";
import { noticeReference } from "./reference.ts";

export interface NoticeForMail {
  id: number;
  locale: string;
  category: NoticeCategory;
  reporterEmail: string;
  createdAt: number;
}

export interface TargetWords {
  type: "profile" | "photo" | "message";
  name: string;
  age: number;
}

const localeOf = (notice: Pick<NoticeForMail, "locale">): Locale => (isLocale(notice.locale) ? notice.locale : "nl");

/** "the photo of Anna, 27" in the reporter's words. */
function targetInWords(locale: Locale, target: TargetWords) {
  return translator(locale)(`notices:target.${target.type}`, { name: target.name, age: target.age });
}

export function receiptMail(app: AccountsContext, notice: NoticeForMail, target: TargetWords) {
  const locale = localeOf(notice);
  const t = translator(locale);
  const statement = [
    `${t("notices:mail.what")}: ${targetInWords(locale, target)}`,
    `${t("notices:mail.category")}: ${t(noticeCategoryKey(notice.category))}`,
    `${t("notices:mail.date")}: ${formatDate(notice.createdAt, locale, { dateStyle: "long" })}`,
  ].join("\n");
  return accountMail(app, {
    to: notice.reporterEmail,
    template: "notice_received",
    locale,
    params: { link: new URL("/", app.origin).href, reference: noticeReference(notice.id), statement },
  });
}

/** The decision that restricted the member, mailed to the reporter with the way to appeal. */
export function decidedMail(
  app: AccountsContext,
  notice: NoticeForMail,
  decision: { statement: (locale: Locale) => string; appealLink: string },
) {
  const locale = localeOf(notice);
  return accountMail(app, {
    to: notice.reporterEmail,
    template: "notice_decided",
    locale,
    params: { link: decision.appealLink, reference: noticeReference(notice.id), statement: decision.statement(locale) },
  });
}

/** The content was already removed: the notice is closed automatically. Null: the member is gone too. */
export function contentGoneMail(app: AccountsContext, notice: NoticeForMail, target: TargetWords | null) {
  const locale = localeOf(notice);
  return accountMail(app, {
    to: notice.reporterEmail,
    template: "notice_content_gone",
    locale,
    params: {
      link: new URL("/", app.origin).href,
      reference: noticeReference(notice.id),
      topic: target ? targetInWords(locale, target) : translator(locale)("notices:target.unknown"),
    },
  });
}
