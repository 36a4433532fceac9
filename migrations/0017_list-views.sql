CREATE TABLE `saved_list_views` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`user_id` text NOT NULL,
	`list` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`filters` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_list_views_name` ON `saved_list_views` (`user_id`,`list`,`name_key`);--> statement-breakpoint
CREATE INDEX `saved_list_views_hoa` ON `saved_list_views` (`hoa_id`);