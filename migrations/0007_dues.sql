CREATE TABLE `due_recipients` (
	`due_id` text NOT NULL,
	`user_id` text NOT NULL,
	`hoa_id` text NOT NULL,
	PRIMARY KEY(`due_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `due_recipients_user` ON `due_recipients` (`user_id`,`due_id`);--> statement-breakpoint
CREATE TABLE `dues` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`title` text NOT NULL,
	`frequency` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text DEFAULT 'dues' NOT NULL,
	`description` text,
	`status` text DEFAULT 'active' NOT NULL,
	`send_date` integer NOT NULL,
	`due_date_offset` integer DEFAULT 7 NOT NULL,
	`periods_issued` integer DEFAULT 0 NOT NULL,
	`next_send_date` integer,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dues_newest` ON `dues` (`hoa_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `dues_next_send` ON `dues` (`status`,`next_send_date`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`due_id` text NOT NULL,
	`recipient_id` text NOT NULL,
	`period` integer NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`frequency` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`sent_at` integer NOT NULL,
	`due_date` integer NOT NULL,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_period` ON `invoices` (`due_id`,`period`,`recipient_id`);--> statement-breakpoint
CREATE INDEX `invoices_hoa_due` ON `invoices` (`hoa_id`,`due_date`,`id`);--> statement-breakpoint
CREATE INDEX `invoices_user_due` ON `invoices` (`recipient_id`,`due_date`,`id`);--> statement-breakpoint
CREATE INDEX `invoices_open` ON `invoices` (`status`,`due_date`);