PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_refund_requests` (
	`payment_id` integer PRIMARY KEY NOT NULL,
	`operator_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`operator_id`) REFERENCES `operators`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_refund_requests`("payment_id", "operator_id", "created_at") SELECT "payment_id", "operator_id", "created_at" FROM `refund_requests`;--> statement-breakpoint
DROP TABLE `refund_requests`;--> statement-breakpoint
ALTER TABLE `__new_refund_requests` RENAME TO `refund_requests`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `login_attempts_age_idx` ON `login_attempts` (`success`,`created_at`);--> statement-breakpoint
CREATE INDEX `sms_outbox_created_idx` ON `sms_outbox` (`created_at`);