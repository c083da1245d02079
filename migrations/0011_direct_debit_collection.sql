CREATE TABLE `payment_customers` (
	`user_id` integer NOT NULL,
	`provider` text NOT NULL,
	`customer_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `provider`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `direct_debit_mandates` ADD `signed_at` integer;--> statement-breakpoint
ALTER TABLE `direct_debit_mandates` ADD `provider_mandate_id` text;--> statement-breakpoint
CREATE INDEX `direct_debit_mandates_payment_idx` ON `direct_debit_mandates` (`payment_id`);