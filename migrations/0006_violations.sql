CREATE TABLE `violation_history` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`violation_id` text NOT NULL,
	`user_id` text NOT NULL,
	`is_staff` integer NOT NULL,
	`action` text NOT NULL,
	`is_public` integer DEFAULT true NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `violation_history_record` ON `violation_history` (`violation_id`,`at`);--> statement-breakpoint
CREATE INDEX `violation_history_user` ON `violation_history` (`user_id`);--> statement-breakpoint
CREATE INDEX `violation_history_hoa` ON `violation_history` (`hoa_id`);--> statement-breakpoint
CREATE TABLE `violation_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`violation_id` text NOT NULL,
	`author_id` text NOT NULL,
	`is_staff` integer NOT NULL,
	`message` text NOT NULL,
	`is_public` integer DEFAULT true NOT NULL,
	`attachment_s3_key` text,
	`attachment_filename` text,
	`attachment_file_size` integer,
	`attachment_file_type` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `violation_messages_thread` ON `violation_messages` (`violation_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `violation_messages_author` ON `violation_messages` (`author_id`);--> statement-breakpoint
CREATE INDEX `violation_messages_hoa` ON `violation_messages` (`hoa_id`);--> statement-breakpoint
CREATE INDEX `violation_messages_attachment` ON `violation_messages` (`attachment_s3_key`);--> statement-breakpoint
CREATE TABLE `violations` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`user_id` text NOT NULL,
	`address_id` text,
	`issued_by` text NOT NULL,
	`category` text DEFAULT 'Other' NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`due_date` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`attachment_s3_key` text,
	`attachment_filename` text,
	`attachment_file_size` integer,
	`attachment_file_type` text,
	`resolved_by` text,
	`resolved_at` integer,
	`resolution_notes` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `violations_newest` ON `violations` (`hoa_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `violations_user_newest` ON `violations` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `violations_issuer` ON `violations` (`issued_by`);--> statement-breakpoint
CREATE INDEX `violations_resolver` ON `violations` (`resolved_by`);--> statement-breakpoint
CREATE INDEX `violations_attachment` ON `violations` (`attachment_s3_key`);--> statement-breakpoint
ALTER TABLE `request_comments` ADD `attachment_s3_key` text;--> statement-breakpoint
ALTER TABLE `request_comments` ADD `attachment_filename` text;--> statement-breakpoint
ALTER TABLE `request_comments` ADD `attachment_file_size` integer;--> statement-breakpoint
ALTER TABLE `request_comments` ADD `attachment_file_type` text;--> statement-breakpoint
CREATE INDEX `request_comments_attachment` ON `request_comments` (`attachment_s3_key`);