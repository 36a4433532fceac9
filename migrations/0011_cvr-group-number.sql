-- A client group's CVR entries are keyed by a short integer (the group's `number`) instead of its
-- text id. Stored views are caches: the entries and their headers start over, so each group's next
-- pull answers a reset (clear, then every row it may see); groups, clients and mutation ids stay.
ALTER TABLE `sync_client_groups` ADD `number` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `sync_client_groups` SET `number` = rowid;--> statement-breakpoint
CREATE UNIQUE INDEX `sync_client_groups_number` ON `sync_client_groups` (`number`);--> statement-breakpoint
DROP TABLE `sync_cvr_entries`;--> statement-breakpoint
DELETE FROM `sync_cvrs`;--> statement-breakpoint
CREATE TABLE `sync_cvr_entries` (
	`group_number` integer NOT NULL,
	`area` text NOT NULL,
	`row_id` text NOT NULL,
	`version` integer NOT NULL,
	`patch_version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`group_number`, `area`, `row_id`)
);--> statement-breakpoint
CREATE INDEX `sync_cvr_entries_patch` ON `sync_cvr_entries` (`group_number`,`area`,`patch_version`);--> statement-breakpoint
CREATE INDEX `sync_cvr_entries_tombstones` ON `sync_cvr_entries` (`group_number`,`patch_version`) WHERE deleted = 1;
