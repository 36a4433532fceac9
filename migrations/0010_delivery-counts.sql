ALTER TABLE `announcements` ADD `deliveries_pending` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `announcements` ADD `deliveries_delivered` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `announcements` ADD `deliveries_failed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each announcement's delivery counts by status follow its delivery rows, whoever writes them.
CREATE TRIGGER `announcement_deliveries_counted_insert` AFTER INSERT ON `announcement_deliveries` BEGIN
  UPDATE `announcements` SET
    `deliveries_pending` = `deliveries_pending` + (NEW.`status` = 'pending'),
    `deliveries_delivered` = `deliveries_delivered` + (NEW.`status` = 'delivered'),
    `deliveries_failed` = `deliveries_failed` + (NEW.`status` = 'failed')
  WHERE `id` = NEW.`announcement_id`;
END;--> statement-breakpoint
CREATE TRIGGER `announcement_deliveries_counted_update` AFTER UPDATE OF `status`, `announcement_id` ON `announcement_deliveries` BEGIN
  UPDATE `announcements` SET
    `deliveries_pending` = `deliveries_pending` - (OLD.`status` = 'pending'),
    `deliveries_delivered` = `deliveries_delivered` - (OLD.`status` = 'delivered'),
    `deliveries_failed` = `deliveries_failed` - (OLD.`status` = 'failed')
  WHERE `id` = OLD.`announcement_id`;
  UPDATE `announcements` SET
    `deliveries_pending` = `deliveries_pending` + (NEW.`status` = 'pending'),
    `deliveries_delivered` = `deliveries_delivered` + (NEW.`status` = 'delivered'),
    `deliveries_failed` = `deliveries_failed` + (NEW.`status` = 'failed')
  WHERE `id` = NEW.`announcement_id`;
END;--> statement-breakpoint
CREATE TRIGGER `announcement_deliveries_counted_delete` AFTER DELETE ON `announcement_deliveries` BEGIN
  UPDATE `announcements` SET
    `deliveries_pending` = `deliveries_pending` - (OLD.`status` = 'pending'),
    `deliveries_delivered` = `deliveries_delivered` - (OLD.`status` = 'delivered'),
    `deliveries_failed` = `deliveries_failed` - (OLD.`status` = 'failed')
  WHERE `id` = OLD.`announcement_id`;
END;--> statement-breakpoint
UPDATE `announcements` SET
  `deliveries_pending` = (SELECT count(*) FROM `announcement_deliveries` d WHERE d.`announcement_id` = `announcements`.`id` AND d.`status` = 'pending'),
  `deliveries_delivered` = (SELECT count(*) FROM `announcement_deliveries` d WHERE d.`announcement_id` = `announcements`.`id` AND d.`status` = 'delivered'),
  `deliveries_failed` = (SELECT count(*) FROM `announcement_deliveries` d WHERE d.`announcement_id` = `announcements`.`id` AND d.`status` = 'failed');
