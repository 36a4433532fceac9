DROP INDEX `announcement_reads_user`;--> statement-breakpoint
CREATE INDEX `announcement_reads_hoa_user` ON `announcement_reads` (`hoa_id`,`user_id`,`announcement_id`);--> statement-breakpoint
DROP INDEX `sync_notices_user`;--> statement-breakpoint
CREATE INDEX `sync_notices_user` ON `sync_notices` (`hoa_id`,`user_id`,`dismissed_at`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `saved_list_views_hoa`;--> statement-breakpoint
CREATE INDEX `saved_list_views_hoa` ON `saved_list_views` (`hoa_id`,`user_id`);--> statement-breakpoint
DROP INDEX `ledger_questions_user`;--> statement-breakpoint
CREATE INDEX `ledger_questions_user` ON `ledger_questions` (`hoa_id`,`user_id`,`created_at`,`id`);