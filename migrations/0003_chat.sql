ALTER TABLE `conversations` ADD `created_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `message_index` ADD `client_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `message_index` ADD `preview` text;