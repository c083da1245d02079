CREATE TABLE `blocks` (
	`blocker_id` integer NOT NULL,
	`blocked_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`blocker_id`, `blocked_id`),
	FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blocks_blocked_idx` ON `blocks` (`blocked_id`,`blocker_id`);--> statement-breakpoint
CREATE TABLE `companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`address` text NOT NULL,
	`postcode` text DEFAULT '' NOT NULL,
	`city` text NOT NULL,
	`country` text NOT NULL,
	`kvk` text NOT NULL,
	`tradenames` text NOT NULL,
	`vat_numbers` text NOT NULL,
	`support_phone` text NOT NULL,
	`support_email` text NOT NULL,
	`delete_discount` integer DEFAULT 0 NOT NULL,
	`added` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `complaints` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`domain` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `complaints_status_idx` ON `complaints` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `conversation_participants` (
	`conversation_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`unread_count` integer DEFAULT 0 NOT NULL,
	`last_read_seq` integer DEFAULT 0 NOT NULL,
	`hidden_at` integer,
	`last_message_at` integer,
	PRIMARY KEY(`conversation_id`, `user_id`),
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `participants_user_idx` ON `conversation_participants` (`user_id`,`last_message_at`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_low` integer NOT NULL,
	`member_high` integer NOT NULL,
	`last_seq` integer DEFAULT 0 NOT NULL,
	`last_message_at` integer,
	`last_message_preview` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`member_low`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_high`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_pair_unique` ON `conversations` (`member_low`,`member_high`);--> statement-breakpoint
CREATE TABLE `credit_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`note` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_ledger_idempotency_unique` ON `credit_ledger` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `credit_ledger_user_idx` ON `credit_ledger` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `credit_packages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`domain` text NOT NULL,
	`country` text NOT NULL,
	`currency` text NOT NULL,
	`credits` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`style` text NOT NULL,
	`popular` integer DEFAULT false NOT NULL,
	`active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX `credit_packages_domain_country_idx` ON `credit_packages` (`domain`,`country`);--> statement-breakpoint
CREATE TABLE `discount_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`kind` text NOT NULL,
	`country` text,
	`user_id` integer,
	`value_percentage` integer NOT NULL,
	`currency` text,
	`minimum_order_value_cents` integer DEFAULT 0 NOT NULL,
	`payment_methods` text,
	`status` text DEFAULT 'active' NOT NULL,
	`expires_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discount_codes_code_user_unique` ON `discount_codes` (`code`,`user_id`);--> statement-breakpoint
CREATE INDEX `discount_codes_user_idx` ON `discount_codes` (`user_id`);--> statement-breakpoint
CREATE TABLE `discount_redemptions` (
	`discount_code_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`payment_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`discount_code_id`, `user_id`),
	FOREIGN KEY (`discount_code_id`) REFERENCES `discount_codes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `email_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`new_email` text,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_tokens_user_purpose_idx` ON `email_tokens` (`user_id`,`purpose`,`created_at`);--> statement-breakpoint
CREATE TABLE `gifts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`icon` text NOT NULL,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gifts_slug_unique` ON `gifts` (`slug`);--> statement-breakpoint
CREATE TABLE `interests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`icon` text NOT NULL,
	`adult` integer DEFAULT false NOT NULL,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `interests_slug_unique` ON `interests` (`slug`);--> statement-breakpoint
CREATE TABLE `likes` (
	`liker_id` integer NOT NULL,
	`liked_id` integer NOT NULL,
	`like_new` integer DEFAULT true NOT NULL,
	`source` text DEFAULT 'profile' NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`liker_id`, `liked_id`),
	FOREIGN KEY (`liker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`liked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `likes_liked_idx` ON `likes` (`liked_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subject` text NOT NULL,
	`success` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_attempts_subject_idx` ON `login_attempts` (`subject`,`created_at`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`template` text NOT NULL,
	`locale` text NOT NULL,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`provider_id` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_to_idx` ON `mail_outbox` (`to`,`created_at`);--> statement-breakpoint
CREATE INDEX `mail_outbox_created_idx` ON `mail_outbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `message_index` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`sender_id` integer NOT NULL,
	`kind` text NOT NULL,
	`cost` integer DEFAULT 0 NOT NULL,
	`held` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_index_conversation_seq_unique` ON `message_index` (`conversation_id`,`seq`);--> statement-breakpoint
CREATE INDEX `message_index_sender_idx` ON `message_index` (`sender_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `notification_settings` (
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`email` integer DEFAULT true NOT NULL,
	`push` integer DEFAULT true NOT NULL,
	PRIMARY KEY(`user_id`, `type`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`package_id` integer,
	`domain` text NOT NULL,
	`country` text NOT NULL,
	`currency` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`credits` integer NOT NULL,
	`method` text NOT NULL,
	`provider` text NOT NULL,
	`provider_ref` text,
	`status` text DEFAULT 'open' NOT NULL,
	`discount_code_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`package_id`) REFERENCES `credit_packages`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`discount_code_id`) REFERENCES `discount_codes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_ref_unique` ON `payments` (`provider`,`provider_ref`);--> statement-breakpoint
CREATE INDEX `payments_status_idx` ON `payments` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`filename` text NOT NULL,
	`thumb_filename` text NOT NULL,
	`content_type` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`is_private` integer DEFAULT false NOT NULL,
	`width` integer,
	`height` integer,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `photos_user_idx` ON `photos` (`user_id`,`position`);--> statement-breakpoint
CREATE INDEX `photos_status_idx` ON `photos` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `profile_interests` (
	`user_id` integer NOT NULL,
	`interest_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `interest_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`interest_id`) REFERENCES `interests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `profile_interests_interest_idx` ON `profile_interests` (`interest_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `profiles` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`gender` text NOT NULL,
	`seeking` text NOT NULL,
	`sexuality` text NOT NULL,
	`date_of_birth` text NOT NULL,
	`country` text NOT NULL,
	`region_id` integer,
	`city` text,
	`hair_colour` text,
	`eye_colour` text,
	`body_type` text,
	`relationship_status` text,
	`tattoos` integer,
	`height_cm` integer,
	`about` text DEFAULT '' NOT NULL,
	`fictional` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'disabled' NOT NULL,
	`searchable` integer DEFAULT 0 NOT NULL,
	`main_photo_id` integer,
	`niche` integer DEFAULT 0 NOT NULL,
	`last_activity` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`region_id`) REFERENCES `regions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `profiles_search_idx` ON `profiles` (`searchable`,`gender`,`country`,`last_activity`,`date_of_birth`,`region_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `profiles_search_gender_idx` ON `profiles` (`searchable`,`gender`,`last_activity`,`date_of_birth`,`country`,`region_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `profiles_search_activity_idx` ON `profiles` (`searchable`,`last_activity`,`date_of_birth`,`gender`,`country`,`region_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_unique` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`);--> statement-breakpoint
CREATE TABLE `regions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`country` text NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`lat` real NOT NULL,
	`lon` real NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `regions_country_code_unique` ON `regions` (`country`,`code`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`user_agent` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `tracking_data` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`network` text,
	`ref` text,
	`sub1` text,
	`sub2` text,
	`sub3` text,
	`lander` text,
	`signup_message` text,
	`signup_target_id` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`signup_target_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`status` text DEFAULT 'not_confirmed' NOT NULL,
	`credits` integer DEFAULT 0 NOT NULL,
	`paid_user` integer DEFAULT false NOT NULL,
	`language` text DEFAULT 'nl' NOT NULL,
	`domain` text NOT NULL,
	`signup_date` integer NOT NULL,
	`confirmed_at` integer,
	`invisible` integer DEFAULT false NOT NULL,
	`email_disabled_reason` text,
	`deleted_at` integer,
	`last_login_at` integer,
	CONSTRAINT "users_credits_not_negative" CHECK("users"."credits" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_status_deleted_idx` ON `users` (`status`,`deleted_at`);