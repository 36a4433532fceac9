ALTER TABLE `email_outbox` ADD `redact_after_delivery` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sync_notices` ADD `repeats` integer DEFAULT 1 NOT NULL;