CREATE TABLE `appeals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`decision_id` integer NOT NULL,
	`member_id` integer,
	`email` text DEFAULT '' NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`operator_id` integer,
	`outcome` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`decision_id`) REFERENCES `decisions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`operator_id`) REFERENCES `operators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `appeals_decision_unique` ON `appeals` (`decision_id`);--> statement-breakpoint
CREATE INDEX `appeals_status_idx` ON `appeals` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `decisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`domain` text NOT NULL,
	`kind` text NOT NULL,
	`member_id` integer,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`facts` text NOT NULL,
	`ground` text NOT NULL,
	`clause` text NOT NULL,
	`automated` integer DEFAULT false NOT NULL,
	`operator_id` integer,
	`notice_id` integer,
	`created_at` integer NOT NULL,
	`appeal_until` integer NOT NULL,
	`reversed_at` integer,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`operator_id`) REFERENCES `operators`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`notice_id`) REFERENCES `notices`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `decisions_member_idx` ON `decisions` (`member_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `decisions_created_idx` ON `decisions` (`created_at`);--> statement-breakpoint
CREATE TABLE `desk_claims` (
	`conversation_id` integer PRIMARY KEY NOT NULL,
	`operator_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`operator_id`) REFERENCES `operators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `desk_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversation_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`fictional_id` integer NOT NULL,
	`operator_id` integer NOT NULL,
	`honest` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`fictional_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`operator_id`) REFERENCES `operators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `desk_replies_message_unique` ON `desk_replies` (`conversation_id`,`seq`);--> statement-breakpoint
CREATE INDEX `desk_replies_operator_idx` ON `desk_replies` (`operator_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`domain` text NOT NULL,
	`locale` text NOT NULL,
	`category` text NOT NULL,
	`target_type` text NOT NULL,
	`member_id` integer,
	`photo_id` integer,
	`conversation_id` integer,
	`message_seq` integer,
	`explanation` text NOT NULL,
	`reporter_name` text DEFAULT '' NOT NULL,
	`reporter_email` text DEFAULT '' NOT NULL,
	`reporter_id` integer,
	`good_faith` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`decision_id` integer,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`photo_id`) REFERENCES `photos`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `notices_status_idx` ON `notices` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `notices_created_idx` ON `notices` (`created_at`);--> statement-breakpoint
CREATE TABLE `operator_notice_confirmations` (
	`conversation_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	`confirmed_at` integer NOT NULL,
	PRIMARY KEY(`conversation_id`, `member_id`),
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `vulnerability_signals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` integer NOT NULL,
	`kind` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`conversation_id` integer,
	`operator_id` integer,
	`created_at` integer NOT NULL,
	`reviewed_at` integer,
	`reviewed_by` integer,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`operator_id`) REFERENCES `operators`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reviewed_by`) REFERENCES `operators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `vulnerability_signals_member_idx` ON `vulnerability_signals` (`member_id`,`reviewed_at`);