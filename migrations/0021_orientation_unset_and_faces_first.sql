-- Orientation becomes optional: signup guessed it from gender and seeking and
-- published the guess. A real member's guess is forgotten here (nobody can tell a
-- guess from a choice); fictional profiles keep theirs. has_photo starts from
-- whether the main photo is approved.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_profiles` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`gender` text NOT NULL,
	`seeking` text NOT NULL,
	`sexuality` text,
	`date_of_birth` text NOT NULL,
	`country` text NOT NULL,
	`region_id` integer,
	`city` text,
	`hair_colour` text,
	`eye_colour` text,
	`body_type` text,
	`relationship_status` text,
	`tattoos` integer,
	`height_cm` integer,
	`about` text DEFAULT '' NOT NULL,
	`fictional` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'disabled' NOT NULL,
	`searchable` integer DEFAULT 0 NOT NULL,
	`main_photo_id` integer,
	`has_photo` integer DEFAULT 0 NOT NULL,
	`niche` integer DEFAULT 0 NOT NULL,
	`last_activity` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`region_id`) REFERENCES `regions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_profiles`("user_id", "name", "gender", "seeking", "sexuality", "date_of_birth", "country", "region_id", "city", "hair_colour", "eye_colour", "body_type", "relationship_status", "tattoos", "height_cm", "about", "fictional", "status", "searchable", "main_photo_id", "has_photo", "niche", "last_activity") SELECT "user_id", "name", "gender", "seeking", CASE WHEN "fictional" THEN "sexuality" END, "date_of_birth", "country", "region_id", "city", "hair_colour", "eye_colour", "body_type", "relationship_status", "tattoos", "height_cm", "about", "fictional", "status", "searchable", "main_photo_id", EXISTS (SELECT 1 FROM `photos` WHERE `photos`.`id` = `profiles`.`main_photo_id` AND `photos`.`status` = 'active'), "niche", "last_activity" FROM `profiles`;--> statement-breakpoint
DROP TABLE `profiles`;--> statement-breakpoint
ALTER TABLE `__new_profiles` RENAME TO `profiles`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `profiles_search_idx` ON `profiles` (`searchable`,`gender`,`country`,`last_activity`,`date_of_birth`,`region_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `profiles_search_gender_idx` ON `profiles` (`searchable`,`gender`,`last_activity`,`date_of_birth`,`country`,`region_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `profiles_search_region_idx` ON `profiles` (`searchable`,`region_id`,`last_activity`,`date_of_birth`,`gender`,`user_id`);--> statement-breakpoint
CREATE INDEX `profiles_search_activity_idx` ON `profiles` (`searchable`,`last_activity`,`date_of_birth`,`gender`,`country`,`region_id`,`user_id`);