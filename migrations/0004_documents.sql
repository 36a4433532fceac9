CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`title` text NOT NULL,
	`category` text NOT NULL,
	`s3_key` text NOT NULL,
	`file_name` text NOT NULL,
	`file_type` text NOT NULL,
	`file_size` integer NOT NULL,
	`is_public` integer DEFAULT true NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`tags` text NOT NULL,
	`uploaded_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `documents_newest` ON `documents` (`hoa_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `documents_public_newest` ON `documents` (`hoa_id`,`is_public`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `documents_category` ON `documents` (`hoa_id`,`category`);--> statement-breakpoint
CREATE UNIQUE INDEX `documents_key` ON `documents` (`s3_key`);--> statement-breakpoint
CREATE INDEX `documents_uploader` ON `documents` (`uploaded_by`);