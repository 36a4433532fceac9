CREATE TABLE `inspection_rounds` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`title` text NOT NULL,
	`date` integer NOT NULL,
	`status` text DEFAULT 'in_progress' NOT NULL,
	`started_by` text NOT NULL,
	`finished_by` text,
	`finished_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `inspection_rounds_newest` ON `inspection_rounds` (`hoa_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `inspection_rounds_started_by` ON `inspection_rounds` (`started_by`);--> statement-breakpoint
CREATE INDEX `inspection_rounds_finished_by` ON `inspection_rounds` (`finished_by`);--> statement-breakpoint
CREATE TABLE `inspection_stops` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`round_id` text NOT NULL,
	`address_id` text NOT NULL,
	`position` integer NOT NULL,
	`street` text NOT NULL,
	`unit_number` text,
	`residents` text NOT NULL,
	`outcome` text,
	`violation_id` text,
	`done_by` text,
	`done_at` integer,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `inspection_stops_round` ON `inspection_stops` (`hoa_id`,`round_id`,`position`);--> statement-breakpoint
CREATE INDEX `inspection_stops_address` ON `inspection_stops` (`address_id`);--> statement-breakpoint
CREATE INDEX `inspection_stops_done_by` ON `inspection_stops` (`done_by`);