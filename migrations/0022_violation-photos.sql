CREATE TABLE `violation_photos` (
	`hoa_id` text NOT NULL,
	`violation_id` text NOT NULL,
	`position` integer NOT NULL,
	`s3_key` text NOT NULL,
	`file_name` text NOT NULL,
	`file_size` integer NOT NULL,
	`file_type` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`violation_id`, `position`)
);
--> statement-breakpoint
CREATE INDEX `violation_photos_key` ON `violation_photos` (`s3_key`);--> statement-breakpoint
ALTER TABLE `violations` ADD `photos_refused` text;