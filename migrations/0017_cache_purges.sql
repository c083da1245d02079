CREATE TABLE `cache_purges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`zone_id` text NOT NULL,
	`files` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`provider_id` text,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer DEFAULT 0 NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE INDEX `cache_purges_due_idx` ON `cache_purges` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `cache_purges_created_idx` ON `cache_purges` (`created_at`);