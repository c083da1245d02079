CREATE TABLE `direct_debit_mandates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`payment_id` integer NOT NULL,
	`account_holder` text NOT NULL,
	`iban` text NOT NULL,
	`street` text NOT NULL,
	`house_number` text NOT NULL,
	`postcode` text NOT NULL,
	`city` text NOT NULL,
	`mobile` text NOT NULL,
	`code_hash` text NOT NULL,
	`code_expires_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'awaiting_code' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `direct_debit_mandates_user_idx` ON `direct_debit_mandates` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `sandbox_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`description` text NOT NULL,
	`method` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`redirect_url` text NOT NULL,
	`webhook_url` text NOT NULL,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sms_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sms_outbox_to_idx` ON `sms_outbox` (`to`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `direct_debit_blocked` integer DEFAULT false NOT NULL;