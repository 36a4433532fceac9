ALTER TABLE `addresses` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `users_hoa_address` ON `users` (`hoa_id`,`address_id`,`status`,lower("name"),`id`);