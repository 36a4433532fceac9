CREATE TABLE `activity` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`at` integer NOT NULL,
	`actor_id` text,
	`actor_name` text NOT NULL,
	`action` text NOT NULL,
	`kind` text NOT NULL,
	`summary` text NOT NULL,
	`entity_kind` text NOT NULL,
	`entity_id` text,
	`subject_user_id` text,
	`before` text,
	`after` text,
	`device` text,
	`client_group_id` text
);
--> statement-breakpoint
CREATE INDEX `activity_newest` ON `activity` (`hoa_id`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `activity_kind` ON `activity` (`hoa_id`,`kind`,`at`);--> statement-breakpoint
CREATE INDEX `activity_subject` ON `activity` (`hoa_id`,`subject_user_id`,`at`);--> statement-breakpoint
CREATE INDEX `activity_at` ON `activity` (`at`);--> statement-breakpoint
-- The trail is append-only, whoever writes: no row is ever updated; a row is deleted only once it is
-- older than seven years by the database's own clock (the retention job's guarded delete).
CREATE TRIGGER `activity_append_only_update` BEFORE UPDATE ON `activity` BEGIN
  SELECT RAISE(ABORT, 'The activity trail is append-only');
END;--> statement-breakpoint
CREATE TRIGGER `activity_append_only_delete` BEFORE DELETE ON `activity`
WHEN OLD.`at` > CAST(strftime('%s', 'now', '-7 years') AS INTEGER) * 1000 BEGIN
  SELECT RAISE(ABORT, 'The activity trail is append-only');
END;
