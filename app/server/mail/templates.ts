// The transactional mails the product sends (activation, password
// reset, e-mail change, deletion and reactivation) and what each one needs.
// Their texts live in locales/<lang>/mail.json under the template's name.
import type { Gender } from "#app/schemas/enums.ts";

export const mailTemplates = [
  "activation",
  "password_reset",
  "mail_change",
  "account_deleted",
  "reactivation",
  // Notifications; each carries a one-click unsubscribe.
  "new_conversation",
  "new_message",
  "like",
  "match",
  "unread_message_reminder",
  "weekly_updates",
  "reminders",
  "promotions",
  "news",
  "complaint_received",
  // Operator console.
  "complaint_reply",
  "payment_refunded",
  // The payer's bank took a payment back.
  "payment_charged_back",
  // Statements of reasons for a restriction, and the outcome of an appeal against one.
  "decision_statement",
  "appeal_outcome",
  // Notices (anyone's report of illegal content): the receipt, and what became of it.
  "notice_received",
  "notice_decided",
  "notice_content_gone",
] as const;
export type MailTemplate = (typeof mailTemplates)[number];

/**
 * The parameters of each template. `link` must be an absolute http(s) URL.
 * Durations are plain numbers; the mail words them in its language ("2 uur", "14 days").
 */
export interface MailParams {
  // `senderGender` picks the sentence that speaks of the sender in their gender
  // where a language needs it (i18next context "male"/"female"; the neutral text otherwise).
  // `senderFictional`: the sender is a fictional profile, and the notification names it so
  // (the domain's fictional_singular after the name; see notifications/deliver.ts).
  /** After signup: confirm the address to activate the account; a free member starts up to `conversations`. */
  activation: { name: string; link: string; conversations: number };
  /** Forgotten password: `link` sets a new one and stays valid `hours` hours. */
  password_reset: { name: string; link: string; hours: number };
  /** Sent to the NEW address (`email`) to confirm it before the account switches to it. */
  mail_change: { name: string; link: string; email: string };
  /**
   * After deleting the account: `link` reactivates it within `days` days, until `deadline`
   * (epoch milliseconds, formatted in the mail's locale; a string is shown as it is).
   */
  account_deleted: { name: string; link: string; days: number; deadline: number | string };
  /** Someone asked to reactivate a deleted account; `link` does so within `days` days of the deletion. */
  reactivation: { name: string; link: string; days: number };
  /** Another member (`sender`) started a conversation; `link` opens it. */
  new_conversation: { name: string; link: string; sender: string; senderGender?: Gender; senderFictional?: boolean };
  /** New messages from `sender` in a conversation. */
  new_message: { name: string; link: string; sender: string; senderGender?: Gender; senderFictional?: boolean };
  /** `sender` liked the member's profile. */
  like: { name: string; link: string; sender: string; senderGender?: Gender; senderFictional?: boolean };
  /** `sender` liked the member back: a match. */
  match: { name: string; link: string; sender: string; senderGender?: Gender; senderFictional?: boolean };
  /** `count` messages have waited unread for a while. */
  unread_message_reminder: { name: string; link: string; count: number };
  /** The week in numbers: `members` new members in the member's country, `likes` likes received. */
  weekly_updates: { name: string; link: string; members: number; likes: number };
  /** A member who has been away for some time; `members` joined since. */
  reminders: { name: string; link: string; members: number };
  /** Operator-written offer: `headline` and `text` already in the member's language. */
  promotions: { name: string; link: string; headline: string; text: string };
  /** Operator-written news, like promotions. */
  news: { name: string; link: string; headline: string; text: string };
  /**
   * A complaint was filed (/complaints): its `reference`; `link` leads to the service page. Anyone
   * may type any address into the form, so this mail repeats nothing they typed (no name, no subject).
   */
  complaint_received: { link: string; reference: string };
  /** An operator's answer (`reply`, several lines) to the complaint about `topic`. */
  complaint_reply: { name: string; link: string; topic: string; reply: string };
  /** A payment of `amount` (formatted) was refunded; up to `credits` credits were taken back. */
  payment_refunded: { name: string; link: string; amount: string; credits: number };
  /** The payer's bank charged back `amount` (formatted) of a payment; up to `credits` credits were taken back. */
  payment_charged_back: { name: string; link: string; amount: string; credits: number };
  /** Why the member was restricted (`statement`, several lines, in their language); `link` leads to the appeal. */
  decision_statement: { name: string; link: string; statement: string };
  /** The appeal against a decision was decided: `statement` repeats the decision, `outcome` the verdict and its reasons. */
  appeal_outcome: { name: string; link: string; statement: string; outcome: string };
  /**
   * A notice was filed: its `reference`; `statement` says what was reported, the category and the
   * date (lines in the reporter's language). No name: anyone may type any address into the form.
   */
  notice_received: { link: string; reference: string; statement: string };
  /** A person decided on the notice and restricted the content: `statement` of reasons; `link` leads to the appeal. */
  notice_decided: { link: string; reference: string; statement: string };
  /** What the notice named (`topic`, in words) was already removed: closed automatically. */
  notice_content_gone: { link: string; reference: string; topic: string };
}

/** What every template may use besides its own parameters. */
export interface MailSiteParams {
  siteName: string;
  supportEmail: string;
  baseUrl: string;
}

/** The i18next context of a mail's or push's words: the sender's gender, where the template has one. */
export function senderContext(params: Partial<Record<string, unknown>>): { context?: Gender } {
  const gender = params.senderGender;
  return gender === "male" || gender === "female" ? { context: gender } : {};
}
