-- A payment that comes after its invoice stopped taking payments is refunded: the refund (or why the
-- provider refused it) is kept on its Checkout row. New statuses (expiring, refunding, refunded,
-- refund_failed) need no change: the column is plain text.
ALTER TABLE `invoice_checkouts` ADD `refund_id` text;--> statement-breakpoint
ALTER TABLE `invoice_checkouts` ADD `refund_error` text;--> statement-breakpoint
CREATE INDEX `invoice_checkouts_status` ON `invoice_checkouts` (`status`);