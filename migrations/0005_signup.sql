CREATE TABLE `signups` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`user_id` text NOT NULL,
	`plan` text NOT NULL,
	`password_hash` text,
	`token_hash` text NOT NULL,
	`customer_id` text,
	`setup_intent_id` text,
	`setup_intent_client_secret` text,
	`payment_method_id` text,
	`created_at` integer NOT NULL,
	`confirmed_at` integer,
	`completed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `signups_user` ON `signups` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `signups_hoa` ON `signups` (`hoa_id`);--> statement-breakpoint
CREATE INDEX `signups_pending` ON `signups` (`completed_at`,`created_at`);