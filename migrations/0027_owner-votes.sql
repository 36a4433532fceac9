CREATE TABLE `vote_ballots` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`vote_id` text NOT NULL,
	`address_id` text NOT NULL,
	`choices` text NOT NULL,
	`cast_by` text NOT NULL,
	`cast_at` integer NOT NULL,
	`code` text NOT NULL,
	`replaced_at` integer,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `vote_ballots_vote` ON `vote_ballots` (`vote_id`,`replaced_at`,`address_id`);--> statement-breakpoint
CREATE INDEX `vote_ballots_address` ON `vote_ballots` (`hoa_id`,`address_id`);--> statement-breakpoint
CREATE INDEX `vote_ballots_cast_by` ON `vote_ballots` (`cast_by`);--> statement-breakpoint
CREATE UNIQUE INDEX `vote_ballots_code` ON `vote_ballots` (`code`);--> statement-breakpoint
CREATE TABLE `vote_eligible` (
	`vote_id` text NOT NULL,
	`address_id` text NOT NULL,
	`hoa_id` text NOT NULL,
	PRIMARY KEY(`vote_id`, `address_id`)
);
--> statement-breakpoint
CREATE INDEX `vote_eligible_address` ON `vote_eligible` (`address_id`);--> statement-breakpoint
CREATE TABLE `vote_events` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`vote_id` text NOT NULL,
	`type` text NOT NULL,
	`actor_id` text,
	`at` integer NOT NULL,
	`detail` text
);
--> statement-breakpoint
CREATE INDEX `vote_events_vote` ON `vote_events` (`hoa_id`,`vote_id`,`at`);--> statement-breakpoint
CREATE TABLE `votes` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`question` text NOT NULL,
	`description` text,
	`kind` text NOT NULL,
	`options` text NOT NULL,
	`max_choices` integer DEFAULT 1 NOT NULL,
	`include_renters` integer DEFAULT false NOT NULL,
	`opens_at` integer NOT NULL,
	`closes_at` integer NOT NULL,
	`quorum_percent` integer NOT NULL,
	`secret` integer DEFAULT true NOT NULL,
	`results_live` integer DEFAULT false NOT NULL,
	`cancelled_at` integer,
	`opened_at` integer,
	`closed_at` integer,
	`announcement_id` text,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `votes_newest` ON `votes` (`hoa_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `votes_closes` ON `votes` (`closed_at`,`closes_at`);--> statement-breakpoint
CREATE INDEX `votes_opens` ON `votes` (`opened_at`,`opens_at`);--> statement-breakpoint
-- A closed vote is never altered, whoever writes: its row (beyond a new version for sync), its
-- eligible addresses and its ballots refuse updates and deletes; the log refuses both always.
CREATE TRIGGER `votes_closed_frozen` BEFORE UPDATE OF `id`, `hoa_id`, `question`, `description`, `kind`, `options`, `max_choices`, `include_renters`, `opens_at`, `closes_at`, `quorum_percent`, `secret`, `results_live`, `cancelled_at`, `opened_at`, `closed_at`, `announcement_id`, `created_by`, `created_at`, `updated_at` ON `votes`
WHEN OLD.`closed_at` IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'A closed vote cannot be altered');
END;--> statement-breakpoint
CREATE TRIGGER `votes_closed_kept` BEFORE DELETE ON `votes` WHEN OLD.`closed_at` IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'A closed vote cannot be altered');
END;--> statement-breakpoint
CREATE TRIGGER `vote_ballots_closed_insert` BEFORE INSERT ON `vote_ballots`
WHEN (SELECT `closed_at` FROM `votes` WHERE `id` = NEW.`vote_id`) IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'A closed vote cannot be altered');
END;--> statement-breakpoint
CREATE TRIGGER `vote_ballots_closed_frozen` BEFORE UPDATE OF `id`, `hoa_id`, `vote_id`, `address_id`, `choices`, `cast_by`, `cast_at`, `code`, `replaced_at` ON `vote_ballots`
WHEN (SELECT `closed_at` FROM `votes` WHERE `id` = OLD.`vote_id`) IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'A closed vote cannot be altered');
END;--> statement-breakpoint
CREATE TRIGGER `vote_ballots_closed_kept` BEFORE DELETE ON `vote_ballots`
WHEN (SELECT `closed_at` FROM `votes` WHERE `id` = OLD.`vote_id`) IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'A closed vote cannot be altered');
END;--> statement-breakpoint
CREATE TRIGGER `vote_eligible_closed_frozen` BEFORE UPDATE ON `vote_eligible`
WHEN (SELECT `closed_at` FROM `votes` WHERE `id` = OLD.`vote_id`) IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'A closed vote cannot be altered');
END;--> statement-breakpoint
CREATE TRIGGER `vote_eligible_closed_kept` BEFORE DELETE ON `vote_eligible`
WHEN (SELECT `closed_at` FROM `votes` WHERE `id` = OLD.`vote_id`) IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'A closed vote cannot be altered');
END;--> statement-breakpoint
CREATE TRIGGER `vote_events_append_only_update` BEFORE UPDATE ON `vote_events` BEGIN
  SELECT RAISE(ABORT, 'The vote log is append-only');
END;--> statement-breakpoint
CREATE TRIGGER `vote_events_append_only_delete` BEFORE DELETE ON `vote_events` BEGIN
  SELECT RAISE(ABORT, 'The vote log is append-only');
END;
