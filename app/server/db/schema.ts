// The D1 schema: the single source of truth for the system of record.
// drizzle-kit turns changes here into SQL under migrations/. Times are epoch
// milliseconds (integers) so rules with injected `now` compare plain numbers.
// Message bodies live in each ConversationRoom Durable Object; D1 keeps the
// index and the counters the lists need.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { dashboardMetrics } from "#app/schemas/dashboard.ts";
import {
  appealStatuses,
  bodyTypes,
  complaintStatuses,
  decisionGrounds,
  decisionKinds,
  emailDisabledReasons,
  eyeColours,
  genders,
  hairColours,
  ledgerReasons,
  mailStatuses,
  messageKinds,
  movementOps,
  movementOutcomes,
  noticeCategories,
  noticeStatuses,
  noticeTargets,
  notificationTypes,
  operatorRoles,
  paymentStatuses,
  photoStatuses,
  profileStatuses,
  relationshipStatuses,
  reportReasons,
  reportStatuses,
  sexualities,
  tokenPurposes,
  userStatuses,
  vulnerabilitySignalKinds,
} from "#app/schemas/enums.ts";

const createdAt = () => integer("created_at").notNull();
/**
 * An outbox row's delivery (app/server/outbox/queue.ts): tries so far, when the
 * next may start (a claimed row's lease until then), and why the last failed.
 */
const deliveryColumns = () => ({
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: integer("next_attempt_at").notNull().default(0),
  lastError: text("last_error"),
});

export const companies = sqliteTable("companies", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  address: text("address").notNull(),
  postcode: text("postcode").notNull().default(""),
  city: text("city").notNull(),
  country: text("country").notNull(),
  kvk: text("kvk").notNull(),
  tradenames: text("tradenames", { mode: "json" }).$type<string[]>().notNull(),
  vatNumbers: text("vat_numbers", { mode: "json" }).$type<string[]>().notNull(),
  supportPhone: text("support_phone").notNull(),
  supportEmail: text("support_email").notNull(),
  // Percentage offered to a member about to delete their account.
  deleteDiscount: integer("delete_discount").notNull().default(0),
  added: integer("added").notNull(),
});

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    status: text("status", { enum: userStatuses }).notNull().default("not_confirmed"),
    // A display copy of the member's wallet balance (credits/movements.ts), and
    // the wallet's version it shows: a later copy never gives way to an older one.
    credits: integer("credits").notNull().default(0),
    creditsVersion: integer("credits_version").notNull().default(0),
    paidUser: integer("paid_user", { mode: "boolean" }).notNull().default(false),
    language: text("language").notNull().default("nl"),
    domain: text("domain").notNull(),
    signupDate: integer("signup_date").notNull(),
    confirmedAt: integer("confirmed_at"),
    invisible: integer("invisible", { mode: "boolean" }).notNull().default(false),
    emailDisabledReason: text("email_disabled_reason", { enum: emailDisabledReasons }),
    deletedAt: integer("deleted_at"),
    lastLoginAt: integer("last_login_at"),
    bannedAt: integer("banned_at"),
    banReason: text("ban_reason"),
    // Operators can bar a member from paying by direct debit.
    directDebitBlocked: integer("direct_debit_blocked", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    index("users_status_deleted_idx").on(t.status, t.deletedAt),
    check("users_credits_not_negative", sql`${t.credits} >= 0`),
  ],
);

export const regions = sqliteTable(
  "regions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    country: text("country").notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    lat: real("lat").notNull(),
    lon: real("lon").notNull(),
  },
  (t) => [uniqueIndex("regions_country_code_unique").on(t.country, t.code)],
);

export const profiles = sqliteTable(
  "profiles",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    gender: text("gender", { enum: genders }).notNull(),
    // Whom the member looks for; drives default search filters and the swipe game.
    seeking: text("seeking", { enum: genders }).notNull(),
    // Null until the member says it themselves: an orientation is never guessed or published for them.
    sexuality: text("sexuality", { enum: sexualities }),
    dateOfBirth: text("date_of_birth").notNull(),
    country: text("country").notNull(),
    regionId: integer("region_id").references(() => regions.id),
    city: text("city"),
    hairColour: text("hair_colour", { enum: hairColours }),
    eyeColour: text("eye_colour", { enum: eyeColours }),
    bodyType: text("body_type", { enum: bodyTypes }),
    relationshipStatus: text("relationship_status", { enum: relationshipStatuses }),
    tattoos: integer("tattoos", { mode: "boolean" }),
    heightCm: integer("height_cm"),
    about: text("about").notNull().default(""),
    fictional: integer("fictional", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: profileStatuses }).notNull().default("disabled"),
    // 1 only when the member may appear in search: active profile, confirmed,
    // not invisible, not deleted. Kept in step by the accounts and members rules,
    // so search needs nothing but the covering index below.
    searchable: integer("searchable").notNull().default(0),
    mainPhotoId: integer("main_photo_id"),
    // 1 when the main photo is approved (shown to others): faces come first in
    // search and suggestions. Kept in step by the photo rules, like searchable.
    hasPhoto: integer("has_photo").notNull().default(0),
    niche: integer("niche").notNull().default(0),
    lastActivity: integer("last_activity").notNull(),
  },
  (t) => [
    // Covering indexes for member search (app/server/members/search.ts): the
    // equality columns first, then whether the face shows (people first: each
    // arm of the search asks for one value), newest activity next, the rest
    // filtered inside the index, so a search never reads a table row.
    index("profiles_search_idx").on(
      t.searchable,
      t.gender,
      t.country,
      t.hasPhoto,
      t.lastActivity,
      t.dateOfBirth,
      t.regionId,
      t.userId,
    ),
    index("profiles_search_gender_idx").on(
      t.searchable,
      t.gender,
      t.hasPhoto,
      t.lastActivity,
      t.dateOfBirth,
      t.country,
      t.regionId,
      t.userId,
    ),
    // A region is small: equality on it, newest activity next (found by the bench at 100k).
    index("profiles_search_region_idx").on(
      t.searchable,
      t.regionId,
      t.hasPhoto,
      t.lastActivity,
      t.dateOfBirth,
      t.gender,
      t.country,
      t.userId,
    ),
    index("profiles_search_activity_idx").on(
      t.searchable,
      t.hasPhoto,
      t.lastActivity,
      t.dateOfBirth,
      t.gender,
      t.country,
      t.regionId,
      t.userId,
    ),
  ],
);

export const photos = sqliteTable(
  "photos",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    thumbFilename: text("thumb_filename").notNull(),
    contentType: text("content_type").notNull(),
    status: text("status", { enum: photoStatuses }).notNull().default("pending"),
    isPrivate: integer("is_private", { mode: "boolean" }).notNull().default(false),
    width: integer("width"),
    height: integer("height"),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("photos_user_idx").on(t.userId, t.position), index("photos_status_idx").on(t.status, t.createdAt)],
);

/**
 * Files in R2 that no photos row may own yet (an upload before its row is
 * written) or any more (a photo whose row is gone): written before the R2
 * write or together with the row's removal, so a crash in between leaves a
 * record. The hourly job deletes each file no photos row names and forgets it.
 */
export const unclaimedFiles = sqliteTable(
  "unclaimed_files",
  {
    key: text("key").primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [index("unclaimed_files_created_idx").on(t.createdAt)],
);

/**
 * A purge of a shared cache (Cloudflare's, one zone): the URLs of a photo file
 * that no longer serves, queued in the batch that retired it and delivered
 * through the outbox queue. Sent or given up, the row is kept a day, then forgotten.
 */
export const cachePurges = sqliteTable(
  "cache_purges",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    zoneId: text("zone_id").notNull(),
    files: text("files", { mode: "json" }).$type<string[]>().notNull(),
    status: text("status", { enum: mailStatuses }).notNull().default("queued"),
    providerId: text("provider_id"),
    createdAt: createdAt(),
    sentAt: integer("sent_at"),
    ...deliveryColumns(),
  },
  (t) => [
    index("cache_purges_due_idx").on(t.status, t.nextAttemptAt),
    index("cache_purges_created_idx").on(t.createdAt),
  ],
);

export const interests = sqliteTable("interests", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  slug: text("slug").notNull().unique(),
  // Name of the icon in the icon library (lucide); the label is a translation key.
  icon: text("icon").notNull(),
  adult: integer("adult", { mode: "boolean" }).notNull().default(false),
  position: integer("position").notNull(),
});

export const profileInterests = sqliteTable(
  "profile_interests",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    interestId: integer("interest_id")
      .notNull()
      .references(() => interests.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.interestId] }),
    index("profile_interests_interest_idx").on(t.interestId, t.userId),
  ],
);

export const likes = sqliteTable(
  "likes",
  {
    likerId: integer("liker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    likedId: integer("liked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // True until the liked member opens the liker's profile.
    likeNew: integer("like_new", { mode: "boolean" }).notNull().default(true),
    source: text("source", { enum: ["profile", "swipe", "auto"] })
      .notNull()
      .default("profile"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.likerId, t.likedId] }),
    index("likes_liked_idx").on(t.likedId, t.createdAt),
    // Counting today's swipe likes of a member.
    index("likes_liker_source_idx").on(t.likerId, t.source, t.createdAt),
  ],
);

export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("blocks_blocked_idx").on(t.blockedId, t.blockerId),
  ],
);

export const conversations = sqliteTable(
  "conversations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // The two members, lowest id first, so a pair has exactly one conversation.
    memberLow: integer("member_low")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    memberHigh: integer("member_high")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Who started it: free members may start a limited number.
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    lastSeq: integer("last_seq").notNull().default(0),
    lastMessageAt: integer("last_message_at"),
    lastMessagePreview: text("last_message_preview"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("conversations_pair_unique").on(t.memberLow, t.memberHigh)],
);

export const conversationParticipants = sqliteTable(
  "conversation_participants",
  {
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    unreadCount: integer("unread_count").notNull().default(0),
    lastReadSeq: integer("last_read_seq").notNull().default(0),
    // Set when this member removed the chat from their list; a new message restores it.
    hiddenAt: integer("hidden_at"),
    // When the newest message the other member sent this one came (a removed chat comes back after it).
    lastMessageAt: integer("last_message_at"),
    // The newest message this member can see, for their chat list (the other's held messages are not).
    lastAt: integer("last_at"),
    lastKind: text("last_kind", { enum: messageKinds }),
    lastPreview: text("last_preview"),
    lastSenderId: integer("last_sender_id"),
    // This member's own newest visible message, and the first of theirs the other has not answered (the desk's queue).
    lastSentAt: integer("last_sent_at"),
    unansweredSince: integer("unanswered_since"),
    // The room's count of summaries: an older summary arriving late never overwrites a newer one.
    summaryVersion: integer("summary_version").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    // Without last_message_at: that changes with every message and would rewrite the index each time.
    index("participants_user_idx").on(t.userId),
  ],
);

// The console's dashboard figures as totals per domain and UTC day (day = ms / 86,400,000),
// added to as things happen: messages by each conversation's summary, once per burst.
// The dashboard reads 30 days of these rows, whatever the number of messages.
export const dailyTotals = sqliteTable(
  "daily_totals",
  {
    domain: text("domain").notNull(),
    day: integer("day").notNull(),
    metric: text("metric", { enum: dashboardMetrics }).notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.metric, t.day, t.domain] })],
);

// Credit movements that come from outside the rooms (purchases, bonuses,
// refunds, charge-backs, adjustments, gifts from a profile), each recorded here
// in the D1 batch of what caused it and applied to the member's wallet exactly
// once (credits/movements.ts): until applied_at is set, the record is replayed.
// The wallet decides the amount moved (delta, 0 until then) and the outcome.
// Message charges never come here: the room asks the wallet itself.
export const creditLedger = sqliteTable(
  "credit_ledger",
  {
    // A plain rowid, not AUTOINCREMENT: that would write one more D1 row (sqlite_sequence) per booking.
    id: integer("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What the wallet moved: 0 until applied (and for a refused movement). */
    delta: integer("delta").notNull(),
    reason: text("reason", { enum: ledgerReasons }).notNull(),
    // Message id, payment id, refund id...: the same key is never booked twice.
    idempotencyKey: text("idempotency_key").notNull(),
    note: text("note"),
    createdAt: createdAt(),
    /** The wallet operation: "import" books `amount` as it stands (a row from before the wallets). */
    op: text("op", { enum: movementOps }).notNull().default("import"),
    /** What the movement asks for (a take-back takes at most this; an import books it as is). */
    amount: integer("amount").notNull().default(0),
    /** A give-back's keys, as JSON: it gives back at most what they took. */
    ofKeys: text("of_keys"),
    appliedAt: integer("applied_at"),
    outcome: text("outcome", { enum: movementOutcomes }),
  },
  (t) => [
    uniqueIndex("credit_ledger_idempotency_unique").on(t.idempotencyKey),
    index("credit_ledger_user_idx").on(t.userId, t.createdAt),
    // What is still to apply: per member (before their wallet moves) and oldest first (the replay).
    index("credit_ledger_unapplied_idx").on(t.userId, t.id).where(sql`${t.appliedAt} is null`),
  ],
);

export const creditPackages = sqliteTable(
  "credit_packages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    domain: text("domain").notNull(),
    country: text("country").notNull(),
    currency: text("currency").notNull(),
    credits: integer("credits").notNull(),
    priceCents: integer("price_cents").notNull(),
    style: text("style", { enum: ["p0", "p1", "p2", "p3"] }).notNull(),
    popular: integer("popular", { mode: "boolean" }).notNull().default(false),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [index("credit_packages_domain_country_idx").on(t.domain, t.country)],
);

export const discountCodes = sqliteTable(
  "discount_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code").notNull(),
    kind: text("kind", { enum: ["promo", "welcome", "time_bonus", "retention"] }).notNull(),
    country: text("country"),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    valuePercentage: integer("value_percentage").notNull(),
    currency: text("currency"),
    minimumOrderValueCents: integer("minimum_order_value_cents").notNull().default(0),
    paymentMethods: text("payment_methods", { mode: "json" }).$type<string[]>(),
    status: text("status", { enum: ["active", "disabled"] })
      .notNull()
      .default("active"),
    expiresAt: integer("expires_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("discount_codes_code_user_unique").on(t.code, t.userId),
    index("discount_codes_user_idx").on(t.userId),
  ],
);

export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    packageId: integer("package_id").references(() => creditPackages.id),
    domain: text("domain").notNull(),
    country: text("country").notNull(),
    currency: text("currency").notNull(),
    amountCents: integer("amount_cents").notNull(),
    credits: integer("credits").notNull(),
    method: text("method").notNull(),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref"),
    status: text("status", { enum: paymentStatuses }).notNull().default("open"),
    discountCodeId: integer("discount_code_id").references(() => discountCodes.id),
    // How much of the amount the payer's bank has taken back, as last applied (a charge-back, or its reversal).
    chargedBackCents: integer("charged_back_cents").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("payments_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("payments_provider_ref_unique").on(t.provider, t.providerRef),
    index("payments_status_idx").on(t.status, t.createdAt),
  ],
);

/**
 * A refund an operator asked for, written before the provider is asked: if the
 * server dies between the provider's refund and its booking, the hourly job
 * finds the request and finishes it (the provider's refund is idempotent, the
 * booking keyed). The row goes with the booking. Deleting the operator keeps
 * it, without them (null), so the refund is still finished.
 */
export const refundRequests = sqliteTable("refund_requests", {
  paymentId: integer("payment_id")
    .primaryKey()
    .references(() => payments.id, { onDelete: "cascade" }),
  operatorId: integer("operator_id").references(() => operators.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/**
 * A refund the provider made of a payment and that we booked (credits taken
 * back in proportion): asked for in the console (`operatorId`) or made outside
 * it, at the provider's dashboard (no operator). The provider may still fail
 * it: it is followed until it ends, and one that fails gives back what its
 * booking (`ledgerKey`) took.
 */
export const paymentRefunds = sqliteTable(
  "payment_refunds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    providerRefundId: text("provider_refund_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: ["pending", "refunded", "failed"] })
      .notNull()
      .default("pending"),
    ledgerKey: text("ledger_key").notNull(),
    operatorId: integer("operator_id").references(() => operators.id),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("payment_refunds_provider_unique").on(t.paymentId, t.providerRefundId),
    index("payment_refunds_status_idx").on(t.status, t.updatedAt),
  ],
);

/**
 * The idempotency key of a request to a provider that may be asked again
 * (a refund, a customer, a mandate, a collection): random, made before the
 * first try and reused on every retry, so keys are neither guessable nor
 * shared between installations using the same provider account.
 */
export const providerKeys = sqliteTable("provider_keys", {
  operation: text("operation").primaryKey(),
  key: text("key").notNull(),
  createdAt: createdAt(),
});

export const discountRedemptions = sqliteTable(
  "discount_redemptions",
  {
    discountCodeId: integer("discount_code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.discountCodeId, t.userId] })],
);

export const notificationSettings = sqliteTable(
  "notification_settings",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: notificationTypes }).notNull(),
    email: integer("email", { mode: "boolean" }).notNull().default(true),
    push: integer("push", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    // SHA-256 of the cookie token: a leaked table does not yield usable cookies.
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // The account tried: the lower-cased e-mail address ("operator:<address>"
    // for the console), or an operator's second-factor record.
    subject: text("subject").notNull(),
    success: integer("success", { mode: "boolean" }).notNull(),
    // The client address of a password login; null on second-factor records.
    client: text("client"),
    // SHA-256 of the device cookie when it was one this account trusts.
    device: text("device"),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_attempts_subject_idx").on(t.subject, t.createdAt),
    index("login_attempts_client_idx").on(t.client, t.createdAt),
    // The hourly clean-up: failures after a day, successes after 30 days.
    index("login_attempts_age_idx").on(t.success, t.createdAt),
  ],
);

// Browsers that logged in to an account: their device cookie lets them in
// while strangers' guesses have the account blocked. One owner per row.
export const loginDevices = sqliteTable(
  "login_devices",
  {
    // SHA-256 of the cookie token.
    id: text("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    operatorId: integer("operator_id").references(() => operators.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [
    index("login_devices_user_idx").on(t.userId, t.createdAt),
    index("login_devices_operator_idx").on(t.operatorId, t.createdAt),
    index("login_devices_expires_idx").on(t.expiresAt),
    check("login_devices_one_owner", sql`(${t.userId} is null) <> (${t.operatorId} is null)`),
  ],
);

// How often something limited per day has been done on one day: one counter per
// scope (what is counted), key (for whom) and UTC day, taken in one guarded
// statement (limits/daily-counts.ts); the hourly job forgets earlier days.
export const dailyCounts = sqliteTable(
  "daily_counts",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    // Days since 1970-01-01, UTC.
    day: integer("day").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key, t.day] }), index("daily_counts_day_idx").on(t.day)],
);

export const emailTokens = sqliteTable(
  "email_tokens",
  {
    // SHA-256 of the token in the link.
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: tokenPurposes }).notNull(),
    newEmail: text("new_email"),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_tokens_user_purpose_idx").on(t.userId, t.purpose, t.createdAt)],
);

export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    template: text("template").notNull(),
    locale: text("locale").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: mailStatuses }).notNull().default("queued"),
    providerId: text("provider_id"),
    createdAt: createdAt(),
    sentAt: integer("sent_at"),
    ...deliveryColumns(),
  },
  (t) => [
    index("mail_outbox_to_idx").on(t.to, t.createdAt),
    index("mail_outbox_created_idx").on(t.createdAt),
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

export const trackingData = sqliteTable("tracking_data", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  network: text("network"),
  ref: text("ref"),
  sub1: text("sub1"),
  sub2: text("sub2"),
  sub3: text("sub3"),
  lander: text("lander"),
  // A first message typed before signing up (on the signup form) and the
  // member it was for; delivered by the chat rules once the account is confirmed.
  signupMessage: text("signup_message"),
  signupTargetId: integer("signup_target_id").references(() => users.id, { onDelete: "set null" }),
});

export const complaints = sqliteTable(
  "complaints",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    domain: text("domain").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: complaintStatuses }).notNull().default("open"),
    // What the complainant's acknowledgement quotes (complaints filed before it have none).
    reference: text("reference"),
    createdAt: createdAt(),
  },
  (t) => [
    index("complaints_status_idx").on(t.status, t.createdAt),
    uniqueIndex("complaints_reference_unique").on(t.reference),
  ],
);

export const gifts = sqliteTable("gifts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  slug: text("slug").notNull().unique(),
  icon: text("icon").notNull(),
  position: integer("position").notNull(),
});

export const sentGifts = sqliteTable(
  "sent_gifts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    senderId: integer("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipientId: integer("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    giftId: integer("gift_id")
      .notNull()
      .references(() => gifts.id),
    credits: integer("credits").notNull(),
    // The ledger's key for this gift's charge: the gift exists only if it was paid.
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("sent_gifts_idempotency_unique").on(t.idempotencyKey),
    index("sent_gifts_recipient_idx").on(t.recipientId, t.createdAt),
  ],
);

/** "Not interested" in the swipe game: that card does not come back for a while. */
export const passes = sqliteTable(
  "passes",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetId: integer("target_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.targetId] })],
);

/** The local sandbox payment provider's own records: what its hosted checkout shows and reports. */
export const sandboxPayments = sqliteTable("sandbox_payments", {
  id: text("id").primaryKey(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  description: text("description").notNull(),
  method: text("method").notNull(),
  status: text("status", { enum: ["open", "pending", "paid", "failed", "canceled", "expired"] })
    .notNull()
    .default("open"),
  redirectUrl: text("redirect_url").notNull(),
  webhookUrl: text("webhook_url").notNull(),
  refundedCents: integer("refunded_cents").notNull().default(0),
  // A developer's charge-back of a paid sandbox payment (0 again when they reverse it).
  chargedBackCents: integer("charged_back_cents").notNull().default(0),
  createdAt: createdAt(),
});

/** Text messages (direct-debit codes); the local transport is this table. */
export const smsOutbox = sqliteTable(
  "sms_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: mailStatuses }).notNull().default("queued"),
    providerId: text("provider_id"),
    createdAt: createdAt(),
    sentAt: integer("sent_at"),
    ...deliveryColumns(),
  },
  (t) => [
    index("sms_outbox_to_idx").on(t.to, t.createdAt),
    index("sms_outbox_due_idx").on(t.status, t.nextAttemptAt),
    // The hourly clean-up reads texts by age, as the mail outbox's.
    index("sms_outbox_created_idx").on(t.createdAt),
  ],
);

/**
 * A direct-debit mandate being signed with an SMS code, and the payment it pays.
 * Signed (the code was right), it is registered at the provider and the payment
 * collected there; the provider's mandate id is kept so a retry reuses it.
 */
export const directDebitMandates = sqliteTable(
  "direct_debit_mandates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    accountHolder: text("account_holder").notNull(),
    iban: text("iban").notNull(),
    street: text("street").notNull(),
    houseNumber: text("house_number").notNull(),
    postcode: text("postcode").notNull(),
    city: text("city").notNull(),
    mobile: text("mobile").notNull(),
    // SHA-256 of the SMS code; attempts count wrong codes.
    codeHash: text("code_hash").notNull(),
    codeExpiresAt: integer("code_expires_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    status: text("status", { enum: ["awaiting_code", "signed", "failed"] })
      .notNull()
      .default("awaiting_code"),
    // When the code was confirmed: the mandate's signature date.
    signedAt: integer("signed_at"),
    providerMandateId: text("provider_mandate_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("direct_debit_mandates_user_idx").on(t.userId, t.createdAt),
    index("direct_debit_mandates_payment_idx").on(t.paymentId),
  ],
);

/** A member's customer at a payment provider (Mollie's cst_…), made once and reused by each direct debit. */
export const paymentCustomers = sqliteTable(
  "payment_customers",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    customerId: text("customer_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/**
 * A customer at a payment provider (with its mandates) still to be deleted
 * there: written before an erasure touches anything and kept after the member
 * is gone (no reference to users), until the provider confirms; the hourly job
 * asks again for what is left.
 */
export const providerErasures = sqliteTable(
  "provider_erasures",
  {
    provider: text("provider").notNull(),
    customerId: text("customer_id").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.customerId] }), index("provider_erasures_due_idx").on(t.updatedAt)],
);

/** Page-visibility beacons (/api/page-hidden.php) when a page asks for bounce logging (?lb). */
export const pageEvents = sqliteTable(
  "page_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    domain: text("domain").notNull(),
    path: text("path").notNull(),
    kind: text("kind", { enum: ["hidden"] }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("page_events_domain_idx").on(t.domain, t.createdAt)],
);

/** Notifications sent (e-mail or push), so scheduled sends go out once per key. */
export const notificationLog = sqliteTable(
  "notification_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    channel: text("channel", { enum: ["email", "push"] }).notNull(),
    // e.g. "weekly:2026-W48", "message:<conversation>:<seq>": the same key is sent once.
    dedupeKey: text("dedupe_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("notification_log_dedupe_unique").on(t.userId, t.channel, t.dedupeKey)],
);

/** What the local push endpoint received (the local default of Web Push delivery), for tests and /dev. */
export const devPushInbox = sqliteTable("dev_push_inbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  token: text("token").notNull(),
  headers: text("headers", { mode: "json" }).$type<Record<string, string>>().notNull(),
  body: text("body").notNull(),
  createdAt: createdAt(),
});

/** People who run the product (operators); separate from members. */
export const operators = sqliteTable(
  "operators",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: operatorRoles }).notNull(),
    totpSecret: text("totp_secret"),
    totpEnabled: integer("totp_enabled", { mode: "boolean" }).notNull().default(false),
    disabled: integer("disabled", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("operators_email_unique").on(t.email)],
);

export const operatorSessions = sqliteTable(
  "operator_sessions",
  {
    id: text("id").primaryKey(),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    // A session is only complete once the second factor is given.
    verified: integer("verified", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("operator_sessions_operator_idx").on(t.operatorId)],
);

/** Every operator action; no operator can change it (the app has no update or delete for it). */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: text("before", { mode: "json" }),
    after: text("after", { mode: "json" }),
    requestId: text("request_id"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_target_idx").on(t.targetType, t.targetId)],
);

/** A member's report of a profile or a message, for the operators' moderation queue. */
export const reports = sqliteTable(
  "reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reporterId: integer("reporter_id").references(() => users.id, { onDelete: "set null" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    conversationId: integer("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    messageSeq: integer("message_seq"),
    reason: text("reason", { enum: reportReasons }).notNull(),
    text: text("text").notNull().default(""),
    status: text("status", { enum: reportStatuses }).notNull().default("open"),
    createdAt: createdAt(),
  },
  (t) => [
    index("reports_status_idx").on(t.status, t.createdAt),
    index("reports_member_idx").on(t.memberId),
    // One open report per reporter and thing reported, decided by the insert
    // itself (reports/reports.ts): a profile's report has no conversation or
    // message, a message's has both. A report whose conversation was erased
    // (conversation null, message kept) is in neither.
    uniqueIndex("reports_open_profile_unique")
      .on(t.reporterId, t.memberId)
      .where(sql`${t.status} = 'open' and ${t.conversationId} is null and ${t.messageSeq} is null`),
    uniqueIndex("reports_open_message_unique")
      .on(t.reporterId, t.memberId, t.conversationId, t.messageSeq)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * A member's private note about another member (shown only to its writer, on
 * the profile and beside the conversation), where the domain shows notes.
 */
export const profileNotes = sqliteTable(
  "profile_notes",
  {
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.memberId] })],
);

/**
 * A promotions or news mail an operator sent from the console: kept so the
 * scheduled job can go on sending it batch after batch until `finishedAt`.
 */
export const broadcasts = sqliteTable(
  "broadcasts",
  {
    key: text("key").primaryKey(),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id),
    kind: text("kind", { enum: ["promotions", "news"] }).notNull(),
    domain: text("domain").notNull(),
    audience: text("audience", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    headline: text("headline", { mode: "json" }).$type<Record<string, string>>().notNull(),
    text: text("text", { mode: "json" }).$type<Record<string, string>>().notNull(),
    path: text("path").notNull().default("/"),
    audienceSize: integer("audience_size").notNull().default(0),
    sent: integer("sent").notNull().default(0),
    createdAt: createdAt(),
    finishedAt: integer("finished_at"),
  },
  (t) => [index("broadcasts_unfinished_idx").on(t.finishedAt, t.createdAt)],
);

// ---- Honest chat with fictional profiles, notices, reasons and appeals ------

/** The operator answering a conversation with a fictional profile at the desk, until the claim lapses. */
export const deskClaims = sqliteTable("desk_claims", {
  conversationId: integer("conversation_id")
    .primaryKey()
    .references(() => conversations.id, { onDelete: "cascade" }),
  operatorId: integer("operator_id")
    .notNull()
    .references(() => operators.id),
  expiresAt: integer("expires_at").notNull(),
});

/** Every message an operator wrote as a fictional profile, and who wrote it. */
export const deskReplies = sqliteTable(
  "desk_replies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    fictionalId: integer("fictional_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id),
    // The reply answered a member who asked whether they talk to a real person.
    honest: integer("honest", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("desk_replies_message_unique").on(t.conversationId, t.seq),
    index("desk_replies_operator_idx").on(t.operatorId, t.createdAt),
  ],
);

/**
 * A member confirmed, once per conversation with a fictional profile, that its
 * answers come from a chat operator: paid messages to it wait for this.
 */
export const operatorNoticeConfirmations = sqliteTable(
  "operator_notice_confirmations",
  {
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    confirmedAt: integer("confirmed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.memberId] })],
);

/**
 * A sign that a member may be vulnerable (high spending, words of distress,
 * an operator's flag). While one is not reviewed, the member's paid messages
 * to fictional profiles are capped.
 */
export const vulnerabilitySignals = sqliteTable(
  "vulnerability_signals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: vulnerabilitySignalKinds }).notNull(),
    detail: text("detail").notNull().default(""),
    conversationId: integer("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    operatorId: integer("operator_id").references(() => operators.id),
    createdAt: createdAt(),
    reviewedAt: integer("reviewed_at"),
    reviewedBy: integer("reviewed_by").references(() => operators.id),
  },
  (t) => [index("vulnerability_signals_member_idx").on(t.memberId, t.reviewedAt)],
);

/**
 * A notice: anyone's report (a member's or a visitor's) of a profile, photo or
 * message they hold illegal or against the terms. Kept after the member it is
 * about is gone, for the transparency figures.
 */
export const notices = sqliteTable(
  "notices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    domain: text("domain").notNull(),
    locale: text("locale").notNull(),
    category: text("category", { enum: noticeCategories }).notNull(),
    targetType: text("target_type", { enum: noticeTargets }).notNull(),
    memberId: integer("member_id").references(() => users.id, { onDelete: "set null" }),
    photoId: integer("photo_id").references(() => photos.id, { onDelete: "set null" }),
    conversationId: integer("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    messageSeq: integer("message_seq"),
    explanation: text("explanation").notNull(),
    reporterName: text("reporter_name").notNull().default(""),
    reporterEmail: text("reporter_email").notNull().default(""),
    reporterId: integer("reporter_id").references(() => users.id, { onDelete: "set null" }),
    goodFaith: integer("good_faith", { mode: "boolean" }).notNull(),
    status: text("status", { enum: noticeStatuses }).notNull().default("open"),
    // The statement of reasons the notice led to (a restriction, or the notice rejected).
    decisionId: integer("decision_id"),
    createdAt: createdAt(),
    decidedAt: integer("decided_at"),
  },
  (t) => [index("notices_status_idx").on(t.status, t.createdAt), index("notices_created_idx").on(t.createdAt)],
);

/**
 * A decision that restricts a member (or rejects a notice), with its
 * statement of reasons: what, the facts, the ground and clause, whether it was
 * automated, until when it can be appealed. Shown in the member's account
 * ("Messages from the team") and kept in their data export.
 */
export const decisions = sqliteTable(
  "decisions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    domain: text("domain").notNull(),
    kind: text("kind", { enum: decisionKinds }).notNull(),
    memberId: integer("member_id").references(() => users.id, { onDelete: "set null" }),
    // What was restricted: a photo's id, a member's id, a notice's id.
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    facts: text("facts").notNull(),
    ground: text("ground", { enum: decisionGrounds }).notNull(),
    clause: text("clause").notNull(),
    automated: integer("automated", { mode: "boolean" }).notNull().default(false),
    operatorId: integer("operator_id").references(() => operators.id),
    noticeId: integer("notice_id").references(() => notices.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    appealUntil: integer("appeal_until").notNull(),
    reversedAt: integer("reversed_at"),
  },
  (t) => [index("decisions_member_idx").on(t.memberId, t.createdAt), index("decisions_created_idx").on(t.createdAt)],
);

/** One free appeal per decision, by the member it restricts or the reporter whose notice it decided. */
export const appeals = sqliteTable(
  "appeals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    decisionId: integer("decision_id")
      .notNull()
      .references(() => decisions.id, { onDelete: "cascade" }),
    memberId: integer("member_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull().default(""),
    text: text("text").notNull(),
    status: text("status", { enum: appealStatuses }).notNull().default("open"),
    operatorId: integer("operator_id").references(() => operators.id),
    outcome: text("outcome").notNull().default(""),
    createdAt: createdAt(),
    decidedAt: integer("decided_at"),
  },
  (t) => [
    uniqueIndex("appeals_decision_unique").on(t.decisionId),
    index("appeals_status_idx").on(t.status, t.createdAt),
  ],
);
