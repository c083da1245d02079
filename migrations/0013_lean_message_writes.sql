-- Fewer D1 rows per chat message. The ledger keeps a plain rowid (AUTOINCREMENT
-- wrote sqlite_sequence with every booking). The message index loses its text
-- key and its index: SQLite cannot drop a primary key column, so that table is
-- rebuilt here by hand in the same way drizzle-kit rebuilds the ledger above.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_credit_ledger` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`note` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_credit_ledger`("id", "user_id", "delta", "reason", "idempotency_key", "note", "created_at") SELECT "id", "user_id", "delta", "reason", "idempotency_key", "note", "created_at" FROM `credit_ledger`;--> statement-breakpoint
DROP TABLE `credit_ledger`;--> statement-breakpoint
ALTER TABLE `__new_credit_ledger` RENAME TO `credit_ledger`;--> statement-breakpoint
CREATE UNIQUE INDEX `credit_ledger_idempotency_unique` ON `credit_ledger` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `credit_ledger_user_idx` ON `credit_ledger` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `__new_message_index` (
	`conversation_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`sender_id` integer NOT NULL,
	`kind` text NOT NULL,
	`cost` integer DEFAULT 0 NOT NULL,
	`held` integer DEFAULT false NOT NULL,
	`client_id` text DEFAULT '' NOT NULL,
	`preview` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_message_index`("conversation_id", "seq", "sender_id", "kind", "cost", "held", "client_id", "preview", "created_at") SELECT "conversation_id", "seq", "sender_id", "kind", "cost", "held", "client_id", "preview", "created_at" FROM `message_index`;--> statement-breakpoint
DROP TABLE `message_index`;--> statement-breakpoint
ALTER TABLE `__new_message_index` RENAME TO `message_index`;--> statement-breakpoint
CREATE UNIQUE INDEX `message_index_conversation_seq_unique` ON `message_index` (`conversation_id`,`seq`);--> statement-breakpoint
CREATE INDEX `message_index_held_idx` ON `message_index` (`sender_id`) WHERE "message_index"."held" = 1;--> statement-breakpoint
PRAGMA foreign_keys=ON;
