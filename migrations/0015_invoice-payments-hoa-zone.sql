-- Issue 36, items 22 and 25: an invoice's Activity History and how it was paid (the board's record:
-- check, cash, transfer; or 'online', the resident's Checkout), and the HOA's time zone (due dates are
-- calendar days there). Invoices already paid through a Checkout are marked 'online', so the board
-- cannot undo them; the board's earlier marks stay without a method. HOAs made before get the default
-- zone (America/New_York): a superadmin sets theirs at HOA setup.
CREATE TABLE `invoice_history` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`user_id` text NOT NULL,
	`is_staff` integer NOT NULL,
	`action` text NOT NULL,
	`is_public` integer DEFAULT true NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invoice_history_record` ON `invoice_history` (`invoice_id`,`at`);--> statement-breakpoint
CREATE INDEX `invoice_history_user` ON `invoice_history` (`user_id`);--> statement-breakpoint
CREATE INDEX `invoice_history_hoa` ON `invoice_history` (`hoa_id`);--> statement-breakpoint
ALTER TABLE `hoas` ADD `time_zone` text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `payment_method` text;--> statement-breakpoint
UPDATE `invoices` SET `payment_method` = 'online' WHERE `status` = 'paid' AND EXISTS (SELECT 1 FROM `invoice_checkouts` c WHERE c.`invoice_id` = `invoices`.`id` AND c.`status` = 'paid');
