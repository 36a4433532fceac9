CREATE TABLE `member_counts` (
	`hoa_id` text NOT NULL,
	`role` text NOT NULL,
	`active` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`hoa_id`, `role`)
);
--> statement-breakpoint
-- Active members per HOA and role follow the users rows, whoever writes them: a member counts while
-- active and not deleted; an insert, a delete or a change of status, role, deletion or HOA moves them.
CREATE TRIGGER `users_counted_insert` AFTER INSERT ON `users`
  WHEN NEW.`status` = 'active' AND NEW.`deleted_at` IS NULL BEGIN
  INSERT INTO `member_counts` (`hoa_id`, `role`, `active`) VALUES (NEW.`hoa_id`, NEW.`role`, 1)
    ON CONFLICT (`hoa_id`, `role`) DO UPDATE SET `active` = `active` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `users_counted_update_old` AFTER UPDATE OF `status`, `role`, `deleted_at`, `hoa_id` ON `users`
  WHEN OLD.`status` = 'active' AND OLD.`deleted_at` IS NULL BEGIN
  UPDATE `member_counts` SET `active` = `active` - 1 WHERE `hoa_id` = OLD.`hoa_id` AND `role` = OLD.`role`;
END;--> statement-breakpoint
CREATE TRIGGER `users_counted_update_new` AFTER UPDATE OF `status`, `role`, `deleted_at`, `hoa_id` ON `users`
  WHEN NEW.`status` = 'active' AND NEW.`deleted_at` IS NULL BEGIN
  INSERT INTO `member_counts` (`hoa_id`, `role`, `active`) VALUES (NEW.`hoa_id`, NEW.`role`, 1)
    ON CONFLICT (`hoa_id`, `role`) DO UPDATE SET `active` = `active` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `users_counted_delete` AFTER DELETE ON `users`
  WHEN OLD.`status` = 'active' AND OLD.`deleted_at` IS NULL BEGIN
  UPDATE `member_counts` SET `active` = `active` - 1 WHERE `hoa_id` = OLD.`hoa_id` AND `role` = OLD.`role`;
END;--> statement-breakpoint
INSERT INTO `member_counts` (`hoa_id`, `role`, `active`)
  SELECT `hoa_id`, `role`, count(*) FROM `users` WHERE `status` = 'active' AND `deleted_at` IS NULL GROUP BY `hoa_id`, `role`;
