CREATE TABLE `request_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`request_id` text NOT NULL,
	`author_id` text NOT NULL,
	`is_staff` integer NOT NULL,
	`message` text NOT NULL,
	`is_public` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `request_comments_thread` ON `request_comments` (`request_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `request_comments_author` ON `request_comments` (`author_id`);--> statement-breakpoint
CREATE INDEX `request_comments_hoa` ON `request_comments` (`hoa_id`);--> statement-breakpoint
CREATE TABLE `request_history` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`request_id` text NOT NULL,
	`user_id` text NOT NULL,
	`is_staff` integer NOT NULL,
	`action` text NOT NULL,
	`is_public` integer DEFAULT true NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `request_history_record` ON `request_history` (`request_id`,`at`);--> statement-breakpoint
CREATE INDEX `request_history_user` ON `request_history` (`user_id`);--> statement-breakpoint
CREATE INDEX `request_history_hoa` ON `request_history` (`hoa_id`);--> statement-breakpoint
CREATE TABLE `requests` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`user_id` text NOT NULL,
	`address_id` text,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`category` text DEFAULT 'Maintenance' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`attachment_s3_key` text,
	`attachment_filename` text,
	`attachment_file_size` integer,
	`attachment_file_type` text,
	`assigned_to` text,
	`resolution_deadline` integer,
	`resolution_notes` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `requests_newest` ON `requests` (`hoa_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `requests_user_newest` ON `requests` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `requests_assignee` ON `requests` (`assigned_to`);--> statement-breakpoint
CREATE INDEX `requests_attachment` ON `requests` (`attachment_s3_key`);