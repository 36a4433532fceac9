DROP INDEX `sync_cvr_entries_patch`;--> statement-breakpoint
CREATE INDEX `sync_cvr_entries_patch` ON `sync_cvr_entries` (`client_group_id`,`area`,`patch_version`);