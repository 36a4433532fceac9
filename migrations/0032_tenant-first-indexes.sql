DROP INDEX `invoice_checkouts_invoice`;--> statement-breakpoint
CREATE INDEX `invoice_checkouts_invoice` ON `invoice_checkouts` (`invoice_id`,`status`);--> statement-breakpoint
DROP INDEX `saved_payment_methods_user`;--> statement-breakpoint
CREATE INDEX `saved_payment_methods_user` ON `saved_payment_methods` (`hoa_id`,`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `addresses_hoa_directory` ON `addresses` (`hoa_id`,lower(ltrim("street", '0123456789 ')),CAST("street" AS INTEGER),lower("street"),CAST(coalesce("unit_number", '') AS INTEGER),lower(coalesce("unit_number", '')),`id`) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX `users_hoa_shown_name` ON `users` (`hoa_id`,lower(coalesce(nullif("name", ''), "email")),`id`) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX `users_hoa_deleted` ON `users` (`hoa_id`,`deleted_at`,`id`);--> statement-breakpoint
CREATE INDEX `autopay_attempts_user` ON `autopay_attempts` (`hoa_id`,`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `application_settings_hoa` ON `application_settings` (`hoa_id`);--> statement-breakpoint
CREATE INDEX `activity_actor` ON `activity` (`hoa_id`,`actor_id`);