-- Messages live in their conversation's room; D1 keeps a summary per member of
-- each conversation instead of a row per message. The summary columns start from
-- the message index; message charges name their conversation in the ledger (the
-- daily cap of a member who may be vulnerable counts them); then the index goes.
ALTER TABLE `conversation_participants` ADD `last_at` integer;--> statement-breakpoint
ALTER TABLE `conversation_participants` ADD `last_kind` text;--> statement-breakpoint
ALTER TABLE `conversation_participants` ADD `last_preview` text;--> statement-breakpoint
ALTER TABLE `conversation_participants` ADD `last_sender_id` integer;--> statement-breakpoint
ALTER TABLE `conversation_participants` ADD `last_sent_at` integer;--> statement-breakpoint
ALTER TABLE `conversation_participants` ADD `unanswered_since` integer;--> statement-breakpoint
ALTER TABLE `conversation_participants` ADD `summary_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `conversation_participants` AS cp SET
	`last_at` = (SELECT m.created_at FROM message_index m WHERE m.conversation_id = cp.conversation_id AND (m.held = 0 OR m.sender_id = cp.user_id) ORDER BY m.seq DESC LIMIT 1),
	`last_kind` = (SELECT m.kind FROM message_index m WHERE m.conversation_id = cp.conversation_id AND (m.held = 0 OR m.sender_id = cp.user_id) ORDER BY m.seq DESC LIMIT 1),
	`last_preview` = (SELECT m.preview FROM message_index m WHERE m.conversation_id = cp.conversation_id AND (m.held = 0 OR m.sender_id = cp.user_id) ORDER BY m.seq DESC LIMIT 1),
	`last_sender_id` = (SELECT m.sender_id FROM message_index m WHERE m.conversation_id = cp.conversation_id AND (m.held = 0 OR m.sender_id = cp.user_id) ORDER BY m.seq DESC LIMIT 1),
	`last_sent_at` = (SELECT max(m.created_at) FROM message_index m WHERE m.conversation_id = cp.conversation_id AND m.sender_id = cp.user_id AND m.held = 0),
	`unanswered_since` = (SELECT min(m.created_at) FROM message_index m WHERE m.conversation_id = cp.conversation_id AND m.sender_id = cp.user_id AND m.held = 0
		AND m.seq > coalesce((SELECT max(o.seq) FROM message_index o WHERE o.conversation_id = cp.conversation_id AND o.sender_id <> cp.user_id AND o.held = 0), 0));--> statement-breakpoint
UPDATE `credit_ledger` SET `note` = (SELECT 'conversation ' || m.conversation_id FROM message_index m
	WHERE credit_ledger.idempotency_key = 'msg:' || m.sender_id || ':' || m.client_id)
WHERE `note` IS NULL AND `reason` IN ('message', 'photo_message', 'gift') AND `idempotency_key` LIKE 'msg:%';--> statement-breakpoint
DROP TABLE `message_index`;
