ALTER TABLE `mail_outbox` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `next_attempt_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `last_error` text;--> statement-breakpoint
CREATE INDEX `mail_outbox_due_idx` ON `mail_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
ALTER TABLE `sms_outbox` ADD `provider_id` text;--> statement-breakpoint
ALTER TABLE `sms_outbox` ADD `sent_at` integer;--> statement-breakpoint
ALTER TABLE `sms_outbox` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sms_outbox` ADD `next_attempt_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sms_outbox` ADD `last_error` text;--> statement-breakpoint
CREATE INDEX `sms_outbox_due_idx` ON `sms_outbox` (`status`,`next_attempt_at`);