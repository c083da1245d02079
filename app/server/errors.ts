// The ways a domain rule says no. Each code has one HTTP status and
// one message key in the errors namespace; pages and /api/*.php map a
// DomainError through the same table, so a rule's answer never differs by door.
export const errorCatalogue = {
  invalid_input: { status: 400, message: "errors:invalidInput" },
  // A page address that names nothing (an unknown lander slug).
  page_not_found: { status: 404, message: "errors:notFound" },
  // A domain without settings (the request's host, or one named in a query): no site of ours.
  unknown_domain: { status: 404, message: "errors:unknownDomain" },
  authentication_required: { status: 403, message: "errors:authenticationRequired" },
  rate_limited: { status: 429, message: "errors:rateLimited" },
  // Our side failed for a moment (a chat message was not recorded): nothing was done, sending it again is safe.
  retry: { status: 503, message: "errors:retry" },
  // Accounts
  login_failed: { status: 401, message: "errors:loginFailed" },
  login_blocked: { status: 429, message: "errors:loginBlocked" },
  signups_closed: { status: 403, message: "errors:signupsClosed" },
  email_taken: { status: 409, message: "errors:emailTaken" },
  email_taken_deleted: { status: 409, message: "errors:emailTakenDeleted" },
  email_not_found: { status: 404, message: "errors:emailNotFound" },
  link_invalid: { status: 400, message: "errors:linkInvalid" },
  reset_limit: { status: 429, message: "errors:resetLimit" },
  resend_limit: { status: 429, message: "errors:resendLimit" },
  // Mails a day that carry a link to an address someone typed: a new address to confirm, a deleted account's way back.
  mail_change_limit: { status: 429, message: "errors:mailChangeLimit" },
  reactivation_limit: { status: 429, message: "errors:reactivationLimit" },
  // Signups of today from the visitor's client address used up (each mails an activation link).
  signup_limit: { status: 429, message: "errors:signupLimit" },
  password_wrong: { status: 400, message: "errors:passwordWrong" },
  // A new e-mail address that is the member's profile name (the profile form's own rule).
  name_equals_email: { status: 400, message: "validation:nameEqualsEmail" },
  no_place: { status: 404, message: "errors:noPlace" },
  // Credits
  insufficient_credits: { status: 402, message: "errors:insufficientCredits" },
  // Members, likes, blocks
  member_not_found: { status: 404, message: "errors:memberNotFound" },
  blocked: { status: 403, message: "errors:blocked" },
  not_yourself: { status: 400, message: "errors:notYourself" },
  swipe_limit: { status: 429, message: "errors:swipeLimit" },
  gift_not_found: { status: 404, message: "errors:giftNotFound" },
  search_login_required: { status: 403, message: "errors:searchLoginRequired" },
  // An interest that does not exist or that this domain does not offer, on a saved profile.
  interest_not_offered: { status: 400, message: "errors:interestNotOffered" },
  // This domain has profile notes switched off (visible_profile_notes).
  notes_off: { status: 403, message: "errors:notesOff" },
  // Photos
  photo_invalid: { status: 400, message: "errors:photoInvalid" },
  photo_too_large: { status: 413, message: "errors:photoTooLarge" },
  photo_limit: { status: 403, message: "errors:photoLimit" },
  photo_not_found: { status: 404, message: "errors:photoNotFound" },
  // Chat
  // Paid messages of today to fictional profiles used up while an operator has not looked at the member's signs.
  vulnerable_cap_reached: { status: 429, message: "errors:vulnerableCapReached" },
  conversation_not_found: { status: 404, message: "errors:conversationNotFound" },
  premium_only: { status: 402, message: "errors:premiumOnly" },
  message_too_long: { status: 400, message: "errors:messageTooLong" },
  // A message the room gave up after a crash (nothing delivered, nothing charged): it is sent again as a new one.
  message_given_up: { status: 409, message: "errors:messageGivenUp" },
  // Photos the member put in R2 for conversations today used up.
  chat_photo_limit: { status: 429, message: "errors:chatPhotoLimit" },
  // A fictional profile on a domain whose desk has no chat operator: nobody would answer, so nobody may write.
  fictional_unstaffed: { status: 403, message: "chat:errors.fictionalUnstaffed" },
  // The first paid message to a fictional profile waits until the member confirms who answers it.
  operator_notice_unconfirmed: { status: 409, message: "chat:errors.operatorNoticeUnconfirmed" },
  // Payments and discounts
  package_not_found: { status: 404, message: "errors:packageNotFound" },
  method_not_offered: { status: 400, message: "errors:methodNotOffered" },
  discount_not_found: { status: 404, message: "errors:discountNotFound" },
  discount_used: { status: 409, message: "errors:discountUsed" },
  // The welcome code or the time bonus, asked for by a member who has paid before.
  discount_first_purchase: { status: 409, message: "errors:discountFirstPurchase" },
  discount_expired: { status: 410, message: "errors:discountExpired" },
  discount_country: { status: 400, message: "errors:discountCountry" },
  discount_minimum: { status: 400, message: "errors:discountMinimum" },
  discount_method: { status: 400, message: "errors:discountMethod" },
  // Too many typed codes refused today: every typed code is refused until tomorrow (guessing codes).
  discount_tries: { status: 429, message: "errors:discountTries" },
  payment_not_found: { status: 404, message: "errors:paymentNotFound" },
  // Payments started in the last hour used up: each asks the payment provider for a payment.
  checkout_limit: { status: 429, message: "errors:checkoutLimit" },
  // The payment provider failed or did not answer; nothing was charged.
  payment_provider_unavailable: { status: 503, message: "errors:paymentProviderUnavailable" },
  direct_debit_blocked: { status: 403, message: "errors:directDebitBlocked" },
  direct_debit_limit: { status: 429, message: "errors:directDebitLimit" },
  // The checkout would take the member past the domain's monthly spending limit.
  spending_limit_reached: { status: 403, message: "errors:spendingLimitReached" },
  code_invalid: { status: 400, message: "errors:codeInvalid" },
  // Not a mobile number where the member is (a landline, too short): no text could reach it.
  mobile_invalid: { status: 400, message: "validation:mobileInvalid" },
  // A mobile number of a country where this site offers no direct debit: no code is texted abroad.
  phone_country_not_offered: { status: 400, message: "errors:phoneCountryNotOffered" },
  // A member whose e-mail address is not confirmed yet asked for something that costs us (a text).
  email_unconfirmed: { status: 403, message: "errors:emailUnconfirmed" },
  // Texts of today used up: the member's, the number's or the whole site's.
  sms_limit: { status: 429, message: "errors:smsLimit" },
  // Site content
  complaint_limit: { status: 429, message: "content:complaints.errors.limit" },
  // A banned member: login sends them to /pages/ban.
  account_banned: { status: 403, message: "errors:accountBanned" },
  // An operator asked to delete a banned account: its deletion would mail a link that lifts the ban.
  member_banned: { status: 409, message: "errors:memberBanned" },
  // Statements of reasons and appeals
  reasons_required: { status: 400, message: "decisions:errors.reasonsRequired" },
  decision_not_found: { status: 404, message: "decisions:errors.decisionNotFound" },
  appeal_exists: { status: 409, message: "decisions:errors.appealExists" },
  appeal_closed: { status: 410, message: "decisions:errors.appealClosed" },
  appeal_not_found: { status: 404, message: "decisions:errors.appealNotFound" },
  // An appeal is decided by someone other than the author of the decision appealed.
  appeal_same_operator: { status: 403, message: "decisions:errors.appealSameOperator" },
  // Operator console
  operator_forbidden: { status: 403, message: "admin:errors.forbidden" },
  operator_login_failed: { status: 401, message: "admin:errors.loginFailed" },
  operator_login_blocked: { status: 429, message: "admin:errors.loginBlocked" },
  totp_invalid: { status: 400, message: "admin:errors.totpInvalid" },
  settings_invalid: { status: 400, message: "admin:errors.settingsInvalid" },
  settings_changed: { status: 409, message: "admin:errors.settingsChanged" },
  domain_exists: { status: 409, message: "admin:errors.domainExists" },
  domain_not_found: { status: 404, message: "admin:errors.domainNotFound" },
  not_refundable: { status: 409, message: "admin:errors.notRefundable" },
  refund_failed: { status: 502, message: "admin:errors.refundFailed" },
  complaint_not_found: { status: 404, message: "admin:errors.complaintNotFound" },
  report_not_found: { status: 404, message: "admin:errors.reportNotFound" },
  credits_adjusted: { status: 409, message: "admin:errors.creditsAdjusted" },
  outbox_not_found: { status: 404, message: "admin:errors.outboxNotFound" },
  // Sent already, or waiting for its next attempt (retrying it then could send it twice).
  outbox_not_stuck: { status: 409, message: "admin:errors.outboxNotStuck" },
  // The chat desk: another operator holds the conversation (their claim has not lapsed).
  desk_claimed: { status: 409, message: "admin:desk.errors.claimed" },
  // The member asked whether they talk to a real person: the answer must carry the honest one.
  desk_honest_answer_required: { status: 422, message: "admin:desk.errors.honestAnswerRequired" },
  // A conversation without a fictional profile on one side (two real members): not the desk's.
  desk_not_fictional: { status: 404, message: "admin:desk.errors.notFictional" },
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;
  readonly status: number;
  readonly messageKey: string;
  constructor(code: ErrorCode, params: Record<string, string | number> = {}) {
    super(code);
    this.code = code;
    this.params = params;
    this.status = errorCatalogue[code].status;
    this.messageKey = errorCatalogue[code].message;
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
