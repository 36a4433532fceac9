-- HOA names are unique by their look-alike keys (schema/hoa-name.ts: NFKC, invisible characters,
-- spaces, case, Unicode confusables), not by lower(name). SQL cannot compute the keys: the existing
-- rows get unique placeholders here (char(1) || 'pending:' || id; no real key holds a control
-- character), and runMigrations (worker/dev/migrate.ts) replaces each with the real keys right after
-- the migrations, in the same run. The table is rebuilt: SQLite cannot add a NOT NULL column
-- without a default.
DROP INDEX `hoas_name_ci`;--> statement-breakpoint
CREATE TABLE `__new_hoas` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`city` text,
	`zip` text,
	`created_at` integer NOT NULL,
	`name_key` text NOT NULL,
	`name_key_upper` text NOT NULL
);--> statement-breakpoint
INSERT INTO `__new_hoas` (`id`, `name`, `city`, `zip`, `created_at`, `name_key`, `name_key_upper`) SELECT `id`, `name`, `city`, `zip`, `created_at`, char(1) || 'pending:' || `id`, char(1) || 'pending:' || `id` FROM `hoas`;--> statement-breakpoint
DROP TABLE `hoas`;--> statement-breakpoint
ALTER TABLE `__new_hoas` RENAME TO `hoas`;--> statement-breakpoint
CREATE UNIQUE INDEX `hoas_name_key` ON `hoas` (`name_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `hoas_name_key_upper` ON `hoas` (`name_key_upper`);
