DROP INDEX `users_hoa_address`;--> statement-breakpoint
CREATE INDEX `users_hoa_address_residents` ON `users` (`hoa_id`,`address_id`,`deleted_at`,lower(coalesce(nullif("name", ''), "email")),`id`);
