CREATE TABLE `provider_erasures` (
	`provider` text NOT NULL,
	`customer_id` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`provider`, `customer_id`)
);
--> statement-breakpoint
CREATE INDEX `provider_erasures_due_idx` ON `provider_erasures` (`updated_at`);--> statement-breakpoint
ALTER TABLE `payments` ADD `charged_back_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sandbox_payments` ADD `charged_back_cents` integer DEFAULT 0 NOT NULL;