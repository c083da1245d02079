CREATE TABLE `login_devices` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer,
	`operator_id` integer,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`operator_id`) REFERENCES `operators`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "login_devices_one_owner" CHECK(("login_devices"."user_id" is null) <> ("login_devices"."operator_id" is null))
);
--> statement-breakpoint
CREATE INDEX `login_devices_user_idx` ON `login_devices` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `login_devices_operator_idx` ON `login_devices` (`operator_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `login_devices_expires_idx` ON `login_devices` (`expires_at`);--> statement-breakpoint
ALTER TABLE `login_attempts` ADD `client` text;--> statement-breakpoint
ALTER TABLE `login_attempts` ADD `device` text;--> statement-breakpoint
CREATE INDEX `login_attempts_client_idx` ON `login_attempts` (`client`,`created_at`);