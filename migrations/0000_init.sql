CREATE TABLE `addresses` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`street` text NOT NULL,
	`unit_number` text,
	`is_rented` integer DEFAULT false NOT NULL,
	`notes` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer
);
--> statement-breakpoint
CREATE INDEX `addresses_hoa` ON `addresses` (`hoa_id`);--> statement-breakpoint
CREATE TABLE `auth_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`hoa_id` text NOT NULL,
	`kind` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `auth_tokens_hash` ON `auth_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `auth_tokens_user` ON `auth_tokens` (`user_id`);--> statement-breakpoint
CREATE INDEX `auth_tokens_hoa` ON `auth_tokens` (`hoa_id`);--> statement-breakpoint
CREATE TABLE `hoas` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`city` text,
	`zip` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hoas_name_ci` ON `hoas` (lower("name"));--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`hoa_id` text NOT NULL,
	`family_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`user_agent` text,
	`created_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`rotated_at` integer,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_hash` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_family` ON `sessions` (`family_id`);--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_hoa` ON `sessions` (`hoa_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`status` text NOT NULL,
	`address_id` text,
	`phone` text,
	`password_hash` text,
	`last_login` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_ci` ON `users` (lower("email"));--> statement-breakpoint
CREATE INDEX `users_hoa` ON `users` (`hoa_id`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text,
	`to_email` text NOT NULL,
	`to_user_id` text,
	`template` text NOT NULL,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`provider_id` text,
	`ref` text,
	`claimed_at` integer,
	`next_attempt_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`delivered_at` integer
);
--> statement-breakpoint
CREATE INDEX `email_outbox_hoa` ON `email_outbox` (`hoa_id`);--> statement-breakpoint
CREATE INDEX `email_outbox_due` ON `email_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_ref` ON `email_outbox` (`ref`);--> statement-breakpoint
CREATE TABLE `storage_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`user_id` text NOT NULL,
	`feature` text NOT NULL,
	`s3_key` text NOT NULL,
	`file_name` text NOT NULL,
	`file_type` text NOT NULL,
	`file_size` integer NOT NULL,
	`created_at` integer NOT NULL,
	`deleted_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `storage_uploads_key` ON `storage_uploads` (`s3_key`);--> statement-breakpoint
CREATE INDEX `storage_uploads_hoa` ON `storage_uploads` (`hoa_id`);--> statement-breakpoint
CREATE TABLE `connect_accounts` (
	`hoa_id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`details_submitted` integer DEFAULT false NOT NULL,
	`charges_enabled` integer DEFAULT false NOT NULL,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`requirements_due` text DEFAULT '[]' NOT NULL,
	`last_event_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `connect_accounts_account` ON `connect_accounts` (`account_id`);--> statement-breakpoint
CREATE TABLE `invoice_checkouts` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`user_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text NOT NULL,
	`payment_intent_id` text,
	`url` text NOT NULL,
	`last_event_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invoice_checkouts_hoa` ON `invoice_checkouts` (`hoa_id`);--> statement-breakpoint
CREATE INDEX `invoice_checkouts_invoice` ON `invoice_checkouts` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `local_payment_objects` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `local_payment_objects_kind` ON `local_payment_objects` (`kind`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer NOT NULL,
	`processed_at` integer NOT NULL,
	`outcome` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`plan` text NOT NULL,
	`status` text NOT NULL,
	`provider_customer_id` text,
	`provider_subscription_id` text,
	`trial_end` integer,
	`current_period_end` integer,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`canceled_at` integer,
	`cancellation_reason` text,
	`last_event_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_hoa` ON `subscriptions` (`hoa_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_provider` ON `subscriptions` (`provider_subscription_id`);--> statement-breakpoint
CREATE TABLE `announcement_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`announcement_id` text NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`outbox_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`delivered_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `announcement_deliveries_once` ON `announcement_deliveries` (`announcement_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `announcement_deliveries_status` ON `announcement_deliveries` (`status`,`outbox_id`);--> statement-breakpoint
CREATE INDEX `announcement_deliveries_outbox` ON `announcement_deliveries` (`outbox_id`);--> statement-breakpoint
CREATE INDEX `announcement_deliveries_hoa` ON `announcement_deliveries` (`hoa_id`);--> statement-breakpoint
CREATE TABLE `announcement_reads` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`announcement_id` text NOT NULL,
	`user_id` text NOT NULL,
	`read_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `announcement_reads_once` ON `announcement_reads` (`announcement_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `announcement_reads_user` ON `announcement_reads` (`user_id`);--> statement-breakpoint
CREATE INDEX `announcement_reads_hoa` ON `announcement_reads` (`hoa_id`);--> statement-breakpoint
CREATE TABLE `announcement_recipients` (
	`announcement_id` text NOT NULL,
	`user_id` text NOT NULL,
	`hoa_id` text NOT NULL,
	PRIMARY KEY(`announcement_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `announcement_recipients_user` ON `announcement_recipients` (`user_id`);--> statement-breakpoint
CREATE INDEX `announcement_recipients_hoa` ON `announcement_recipients` (`hoa_id`);--> statement-breakpoint
CREATE TABLE `announcements` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`category` text DEFAULT 'general' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`audience_type` text DEFAULT 'all' NOT NULL,
	`attachment_s3_key` text,
	`attachment_filename` text,
	`attachment_file_size` integer,
	`attachment_file_type` text,
	`delivery_methods` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`sent_at` integer,
	`scheduled_at` integer,
	`deleted_at` integer,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `announcements_hoa` ON `announcements` (`hoa_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `announcements_due` ON `announcements` (`status`,`scheduled_at`);--> statement-breakpoint
CREATE TABLE `sync_change_log` (
	`hoa_id` text NOT NULL,
	`area` text NOT NULL,
	`seq` integer NOT NULL,
	`row_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`hoa_id`, `area`, `seq`, `row_id`)
);
--> statement-breakpoint
CREATE INDEX `sync_change_log_age` ON `sync_change_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `sync_client_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`hoa_id` text NOT NULL,
	`cvr_version` integer DEFAULT 0 NOT NULL,
	`client_version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sync_client_groups_user` ON `sync_client_groups` (`user_id`);--> statement-breakpoint
CREATE INDEX `sync_client_groups_hoa` ON `sync_client_groups` (`hoa_id`);--> statement-breakpoint
CREATE TABLE `sync_clients` (
	`id` text PRIMARY KEY NOT NULL,
	`client_group_id` text NOT NULL,
	`last_mutation_id` integer DEFAULT 0 NOT NULL,
	`client_version` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sync_clients_group` ON `sync_clients` (`client_group_id`,`client_version`);--> statement-breakpoint
CREATE TABLE `sync_counters` (
	`scope` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sync_cvr_entries` (
	`client_group_id` text NOT NULL,
	`area` text NOT NULL,
	`row_id` text NOT NULL,
	`version` integer NOT NULL,
	`patch_version` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`client_group_id`, `area`, `row_id`)
);
--> statement-breakpoint
CREATE INDEX `sync_cvr_entries_patch` ON `sync_cvr_entries` (`client_group_id`,`patch_version`);--> statement-breakpoint
CREATE TABLE `sync_cvrs` (
	`client_group_id` text NOT NULL,
	`cvr_version` integer NOT NULL,
	`role` text NOT NULL,
	`hoa_seq` integer NOT NULL,
	`user_seq` integer NOT NULL,
	`vis_seq` integer NOT NULL,
	`client_version` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`client_group_id`, `cvr_version`)
);
--> statement-breakpoint
CREATE TABLE `sync_notices` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`user_id` text NOT NULL,
	`mutation_name` text NOT NULL,
	`mutation_id` integer NOT NULL,
	`client_id` text NOT NULL,
	`args_summary` text NOT NULL,
	`message` text NOT NULL,
	`created_at` integer NOT NULL,
	`dismissed_at` integer,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sync_notices_user` ON `sync_notices` (`user_id`,`dismissed_at`);--> statement-breakpoint
CREATE INDEX `sync_notices_hoa` ON `sync_notices` (`hoa_id`);