DROP INDEX `message_index_sender_idx`;--> statement-breakpoint
CREATE INDEX `message_index_held_idx` ON `message_index` (`sender_id`) WHERE "message_index"."held" = 1;--> statement-breakpoint
DROP INDEX `participants_user_idx`;--> statement-breakpoint
CREATE INDEX `participants_user_idx` ON `conversation_participants` (`user_id`);