ALTER TABLE `storage_uploads` ADD `client_upload_id` text;--> statement-breakpoint
ALTER TABLE `storage_uploads` ADD `stored_at` integer;--> statement-breakpoint
ALTER TABLE `storage_uploads` ADD `attached_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `storage_uploads_client_id` ON `storage_uploads` (`hoa_id`,`client_upload_id`);--> statement-breakpoint
CREATE INDEX `storage_uploads_unattached` ON `storage_uploads` (`attached_at`,`created_at`);--> statement-breakpoint
-- Uploads made before: counted as stored and taken, so the orphan clean-up never removes them.
UPDATE `storage_uploads` SET `stored_at` = `created_at`, `attached_at` = `created_at`;
