DROP INDEX `announcements_hoa`;--> statement-breakpoint
CREATE INDEX `announcements_newest` ON `announcements` (`hoa_id`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `sync_client_groups_user`;--> statement-breakpoint
CREATE INDEX `sync_client_groups_user` ON `sync_client_groups` (`user_id`,`updated_at`,`created_at`);--> statement-breakpoint
DROP INDEX `sync_notices_user`;--> statement-breakpoint
CREATE INDEX `sync_notices_user` ON `sync_notices` (`user_id`,`dismissed_at`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `users_hoa_status_role` ON `users` (`hoa_id`,`status`,`role`);--> statement-breakpoint
CREATE INDEX `users_hoa_status_name` ON `users` (`hoa_id`,`status`,`name`);--> statement-breakpoint
CREATE INDEX `announcement_deliveries_counts` ON `announcement_deliveries` (`announcement_id`,`status`);--> statement-breakpoint
CREATE INDEX `sync_cvr_entries_tombstones` ON `sync_cvr_entries` (`client_group_id`,`patch_version`) WHERE deleted = 1;