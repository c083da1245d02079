-- Reports sent at the same moment could each find no open report of their
-- thing and each add one, so a database may hold several open reports by one
-- reporter of one profile or message, which the unique indexes below refuse.
-- Before they are made, one is kept per reporter and thing: the newest (its
-- words are the latest, as a second report would have left them) with the
-- oldest one's time, so it keeps its place in the moderation queue; the others
-- are deleted. Reports outside the indexes (no reporter, or a message whose
-- conversation was erased) are left as they are.
UPDATE `reports` SET `created_at` = (
	SELECT min(`same`.`created_at`) FROM `reports` `same`
	WHERE `same`.`status` = 'open'
		AND `same`.`reporter_id` = `reports`.`reporter_id`
		AND `same`.`member_id` = `reports`.`member_id`
		AND `same`.`conversation_id` IS `reports`.`conversation_id`
		AND `same`.`message_seq` IS `reports`.`message_seq`
)
WHERE `status` = 'open' AND `reporter_id` IS NOT NULL AND (`conversation_id` IS NULL) = (`message_seq` IS NULL);--> statement-breakpoint
DELETE FROM `reports`
WHERE `status` = 'open' AND `reporter_id` IS NOT NULL AND (`conversation_id` IS NULL) = (`message_seq` IS NULL)
	AND EXISTS (
		SELECT 1 FROM `reports` `newer`
		WHERE `newer`.`status` = 'open'
			AND `newer`.`reporter_id` = `reports`.`reporter_id`
			AND `newer`.`member_id` = `reports`.`member_id`
			AND `newer`.`conversation_id` IS `reports`.`conversation_id`
			AND `newer`.`message_seq` IS `reports`.`message_seq`
			AND `newer`.`id` > `reports`.`id`
	);--> statement-breakpoint
CREATE UNIQUE INDEX `reports_open_profile_unique` ON `reports` (`reporter_id`,`member_id`) WHERE "reports"."status" = 'open' and "reports"."conversation_id" is null and "reports"."message_seq" is null;--> statement-breakpoint
CREATE UNIQUE INDEX `reports_open_message_unique` ON `reports` (`reporter_id`,`member_id`,`conversation_id`,`message_seq`) WHERE "reports"."status" = 'open';