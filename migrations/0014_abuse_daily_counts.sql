CREATE TABLE `daily_counts` (
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`day` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`scope`, `key`, `day`)
);
--> statement-breakpoint
CREATE INDEX `daily_counts_day_idx` ON `daily_counts` (`day`);--> statement-breakpoint
ALTER TABLE `complaints` ADD `reference` text;--> statement-breakpoint
CREATE UNIQUE INDEX `complaints_reference_unique` ON `complaints` (`reference`);