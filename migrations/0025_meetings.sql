CREATE TABLE `meeting_attendance` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`meeting_id` text NOT NULL,
	`user_id` text NOT NULL,
	`present` integer NOT NULL,
	`recorded_by` text NOT NULL,
	`recorded_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `meeting_attendance_meeting` ON `meeting_attendance` (`hoa_id`,`meeting_id`);--> statement-breakpoint
CREATE INDEX `meeting_attendance_user` ON `meeting_attendance` (`user_id`);--> statement-breakpoint
CREATE TABLE `meeting_items` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`meeting_id` text NOT NULL,
	`position` integer NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`link_kind` text,
	`link_id` text,
	`link_label` text,
	`notes` text DEFAULT '' NOT NULL,
	`removed_at` integer,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `meeting_items_meeting` ON `meeting_items` (`hoa_id`,`meeting_id`,`position`);--> statement-breakpoint
CREATE TABLE `meeting_motions` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`meeting_id` text NOT NULL,
	`item_id` text NOT NULL,
	`text` text NOT NULL,
	`moved_by` text NOT NULL,
	`seconded_by` text NOT NULL,
	`apply_to_link` integer DEFAULT false NOT NULL,
	`outcome` text,
	`closed_at` integer,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `meeting_motions_meeting` ON `meeting_motions` (`hoa_id`,`meeting_id`);--> statement-breakpoint
CREATE INDEX `meeting_motions_moved_by` ON `meeting_motions` (`moved_by`);--> statement-breakpoint
CREATE INDEX `meeting_motions_seconded_by` ON `meeting_motions` (`seconded_by`);--> statement-breakpoint
CREATE TABLE `meeting_votes` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`meeting_id` text NOT NULL,
	`motion_id` text NOT NULL,
	`user_id` text NOT NULL,
	`vote` text NOT NULL,
	`recorded_by` text NOT NULL,
	`recorded_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `meeting_votes_meeting` ON `meeting_votes` (`hoa_id`,`meeting_id`,`motion_id`);--> statement-breakpoint
CREATE INDEX `meeting_votes_user` ON `meeting_votes` (`user_id`);--> statement-breakpoint
CREATE TABLE `meetings` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`title` text NOT NULL,
	`date` integer NOT NULL,
	`time` text NOT NULL,
	`place` text,
	`video_link` text,
	`access` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`minutes_status` text DEFAULT 'none' NOT NULL,
	`minutes` text,
	`minutes_document_id` text,
	`created_by` text NOT NULL,
	`published_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `meetings_date` ON `meetings` (`hoa_id`,`date`,`id`);--> statement-breakpoint
CREATE INDEX `meetings_created_by` ON `meetings` (`created_by`);