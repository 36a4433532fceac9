CREATE TABLE `email_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`user_id` text NOT NULL,
	`new_email` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_changes_hash` ON `email_changes` (`token_hash`);--> statement-breakpoint
CREATE INDEX `email_changes_user` ON `email_changes` (`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `invited_at` integer;--> statement-breakpoint
UPDATE `users` SET `invited_at` = (SELECT max(`created_at`) FROM `auth_tokens` WHERE `auth_tokens`.`user_id` = `users`.`id` AND `auth_tokens`.`kind` = 'activation') WHERE `status` = 'invited';