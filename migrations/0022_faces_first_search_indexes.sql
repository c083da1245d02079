-- Faces first: the search indexes carry has_photo right after their equality
-- columns, so each arm of a people-first search (faces, then the rest) reads
-- its members in activity order from the index alone. The region index also
-- carries the country, which the order compares with the viewer's.
DROP INDEX `profiles_search_idx`;--> statement-breakpoint
DROP INDEX `profiles_search_gender_idx`;--> statement-breakpoint
DROP INDEX `profiles_search_region_idx`;--> statement-breakpoint
DROP INDEX `profiles_search_activity_idx`;--> statement-breakpoint
CREATE INDEX `profiles_search_idx` ON `profiles` (`searchable`,`gender`,`country`,`has_photo`,`last_activity`,`date_of_birth`,`region_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `profiles_search_gender_idx` ON `profiles` (`searchable`,`gender`,`has_photo`,`last_activity`,`date_of_birth`,`country`,`region_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `profiles_search_region_idx` ON `profiles` (`searchable`,`region_id`,`has_photo`,`last_activity`,`date_of_birth`,`gender`,`country`,`user_id`);--> statement-breakpoint
CREATE INDEX `profiles_search_activity_idx` ON `profiles` (`searchable`,`has_photo`,`last_activity`,`date_of_birth`,`gender`,`country`,`region_id`,`user_id`);