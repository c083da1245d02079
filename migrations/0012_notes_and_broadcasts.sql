CREATE TABLE `broadcasts` (
	`key` text PRIMARY KEY NOT NULL,
	`operator_id` integer NOT NULL,
	`kind` text NOT NULL,
	`domain` text NOT NULL,
	`audience` text NOT NULL,
	`headline` text NOT NULL,
	`text` text NOT NULL,
	`path` text DEFAULT '/' NOT NULL,
	`audience_size` integer DEFAULT 0 NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`operator_id`) REFERENCES `operators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `broadcasts_unfinished_idx` ON `broadcasts` (`finished_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `profile_notes` (
	`owner_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	`text` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`owner_id`, `member_id`),
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
