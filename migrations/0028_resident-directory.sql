CREATE TABLE `directory_listings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`listed` integer DEFAULT false NOT NULL,
	`share_email` integer DEFAULT false NOT NULL,
	`share_phone` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `directory_listings_hoa` ON `directory_listings` (`hoa_id`,`listed`);--> statement-breakpoint
CREATE TABLE `hoa_directory_settings` (
	`hoa_id` text PRIMARY KEY NOT NULL,
	`enabled` integer NOT NULL,
	`updated_at` integer NOT NULL
);
