// The enumerations of the data model, shared by the D1 schema, validation and the UI
// (each value has a translation key under `enums.<name>.<value>`).

export const genders = ["male", "female"] as const;
export const sexualities = ["hetero", "gay", "lesbian", "bi"] as const;
export const relationshipStatuses = [
  "divorced",
  "living_together",
  "married",
  "unmarried",
  "single",
  "widowed",
] as const;
export const hairColours = [
  "brunette",
  "blond",
  "brown",
  "white",
  "bald",
  "black",
  "dark_blond",
  "dark_brown",
  "gray",
  "red",
  "other",
] as const;
export const bodyTypes = ["slim", "normal", "fat"] as const;
export const eyeColours = ["blue", "green", "brown", "hazel", "gray", "other"] as const;

export const notificationTypes = [
  "new_conversation",
  "new_message",
  "like",
  "unread_message_reminder",
  "promotions",
  "weekly_updates",
  "news",
  "reminders",
] as const;

export const userStatuses = ["not_confirmed", "active", "deleted", "banned"] as const;
export const profileStatuses = ["active", "disabled"] as const;
export const photoStatuses = ["pending", "active", "rejected"] as const;
export const messageKinds = ["text", "photo", "gift"] as const;
export const ledgerReasons = [
  "signup_bonus",
  "purchase",
  "message",
  "photo_message",
  "gift",
  "refund",
  "chargeback",
  "adjustment",
] as const;
/** What a movement recorded in D1 asks of the member's wallet (credits/movements.ts). */
export const movementOps = ["import", "credit", "charge", "takeBack", "giveBack"] as const;
export const movementOutcomes = ["booked", "insufficient", "void"] as const;
export const paymentStatuses = [
  "open",
  "pending",
  "paid",
  "failed",
  "cancelled",
  "expired",
  "refunded",
  // Paid, then the payer's bank took the money back (a SEPA direct debit reversed).
  "charged_back",
] as const;
export const paymentMethods = [
  "directdebit",
  "banktransfer",
  "ideal",
  "bancontact",
  "paypal",
  "creditcard",
  "sofort",
  "eps",
  "giropay",
  "przelewy24",
  "blik",
  "mobilepay",
  "vipps",
  "trustly",
  "twint",
  "klarna",
  "applepay",
] as const;
export const tokenPurposes = ["activation", "password_reset", "mail_change", "reactivation"] as const;
export const mailStatuses = ["queued", "sent", "failed"] as const;
export const emailDisabledReasons = ["spam_complaint", "bounce", "list_unsubscribe"] as const;

export type Gender = (typeof genders)[number];
export type Sexuality = (typeof sexualities)[number];
export type HairColour = (typeof hairColours)[number];
export type NotificationType = (typeof notificationTypes)[number];
export type PaymentMethod = (typeof paymentMethods)[number];

/** Why a member reports a profile or a message, for the moderation queue. */
export const reportReasons = [
  "fake_profile",
  "underage",
  "harassment",
  "spam",
  "scam",
  "inappropriate_photo",
  "other",
] as const;

/** Where a report stands in the moderation queue. */
export const reportStatuses = ["open", "dismissed", "actioned"] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** Where a complaint filed on /complaints stands for the operators. */
export const complaintStatuses = ["open", "in_progress", "closed"] as const;
export type ComplaintStatus = (typeof complaintStatuses)[number];

/**
 * What a notice (anyone's report of content they hold illegal or against the
 * terms) is about: illegal content by kind, or a breach of the terms.
 */
export const noticeCategories = [
  "illegal_child_abuse",
  "illegal_non_consensual_imagery",
  "illegal_hate_or_violence",
  "illegal_fraud_or_scam",
  "illegal_privacy_or_identity",
  "illegal_intellectual_property",
  "illegal_other",
  "terms_fake_profile",
  "terms_underage",
  "terms_harassment",
  "terms_spam",
  "terms_other",
] as const;
export type NoticeCategory = (typeof noticeCategories)[number];

/** What a notice is about: a member's profile, one of their photos, or one message. */
export const noticeTargets = ["profile", "photo", "message"] as const;
export const noticeStatuses = ["open", "decided"] as const;

/** The restrictions a member is told the reasons for (a statement of reasons each). */
export const decisionKinds = [
  "photo_rejected",
  "text_rejected",
  "account_suspended",
  "account_banned",
  "payment_method_blocked",
  "notice_rejected",
] as const;
export type DecisionKind = (typeof decisionKinds)[number];

/** What a decision rests on: a law (illegal content) or a clause of the terms. */
export const decisionGrounds = ["law", "terms"] as const;
export const appealStatuses = ["open", "upheld", "reversed"] as const;

/** Why a member is treated as possibly vulnerable until an operator has looked. */
export const vulnerabilitySignalKinds = ["spending", "words", "operator"] as const;

/**
 * Operator roles (what each may do: app/server/operators/roles.ts). A chat
 * operator answers members at the desk as the domain's fictional profiles.
 */
export const operatorRoles = ["admin", "moderator", "support", "chat"] as const;
