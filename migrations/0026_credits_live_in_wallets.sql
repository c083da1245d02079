-- Credits live in each member's wallet (a Durable Object). D1 keeps a record of
-- every movement from outside the rooms until the wallet has applied it, and a
-- display copy of the balance with the wallet's version. The rows already here
-- are the members' history: each is imported into its member's wallet as it
-- stands, oldest first, before that wallet moves anything else.
ALTER TABLE `credit_ledger` ADD `op` text DEFAULT 'import' NOT NULL;--> statement-breakpoint
ALTER TABLE `credit_ledger` ADD `amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `credit_ledger` ADD `of_keys` text;--> statement-breakpoint
ALTER TABLE `credit_ledger` ADD `applied_at` integer;--> statement-breakpoint
ALTER TABLE `credit_ledger` ADD `outcome` text;--> statement-breakpoint
CREATE INDEX `credit_ledger_unapplied_idx` ON `credit_ledger` (`user_id`,`id`) WHERE "credit_ledger"."applied_at" is null;--> statement-breakpoint
ALTER TABLE `users` ADD `credits_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `credit_ledger` SET `amount` = `delta`;