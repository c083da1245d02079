CREATE TABLE `daily_totals` (
	`domain` text NOT NULL,
	`day` integer NOT NULL,
	`metric` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`metric`, `day`, `domain`)
);
--> statement-breakpoint
-- The dashboard's message figures so far: every message its conversation's summary has counted
-- (up to conversations.last_seq); the later ones are added by the summary that counts them.
INSERT INTO `daily_totals` (`domain`, `day`, `metric`, `n`)
SELECT `users`.`domain`, `message_index`.`created_at` / 86400000, 'messages', count(*)
FROM `message_index`
JOIN `conversations` ON `conversations`.`id` = `message_index`.`conversation_id`
JOIN `users` ON `users`.`id` = `message_index`.`sender_id`
WHERE `message_index`.`seq` <= `conversations`.`last_seq`
GROUP BY `users`.`domain`, `message_index`.`created_at` / 86400000;
