CREATE TABLE `violation_fine_schedules` (
	`hoa_id` text NOT NULL,
	`category` text NOT NULL,
	`courtesy_notice` integer DEFAULT true NOT NULL,
	`warning` integer DEFAULT true NOT NULL,
	`fine_cents` integer DEFAULT 0 NOT NULL,
	`repeat_days` integer DEFAULT 0 NOT NULL,
	`cap_cents` integer DEFAULT 0 NOT NULL,
	`cure_days` integer DEFAULT 14 NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`hoa_id`, `category`)
);
--> statement-breakpoint
CREATE TABLE `violation_hearings` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`violation_id` text NOT NULL,
	`requested_by` text NOT NULL,
	`requested_at` integer NOT NULL,
	`note` text NOT NULL,
	`scheduled_for` integer,
	`decision` text,
	`reason` text,
	`decided_by` text,
	`decided_at` integer
);
--> statement-breakpoint
CREATE INDEX `violation_hearings_case` ON `violation_hearings` (`violation_id`,`requested_at`);--> statement-breakpoint
CREATE INDEX `violation_hearings_hoa` ON `violation_hearings` (`hoa_id`);--> statement-breakpoint
CREATE TABLE `violation_letters` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`violation_id` text NOT NULL,
	`stage` text NOT NULL,
	`sent_at` integer NOT NULL,
	`cure_by` integer,
	`fine_cents` integer DEFAULT 0 NOT NULL,
	`ledger_line_id` text,
	`sent_by` text
);
--> statement-breakpoint
CREATE INDEX `violation_letters_case` ON `violation_letters` (`violation_id`,`sent_at`);--> statement-breakpoint
CREATE INDEX `violation_letters_hoa` ON `violation_letters` (`hoa_id`);--> statement-breakpoint
CREATE TABLE `autopay_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`user_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`method_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text NOT NULL,
	`payment_intent_id` text,
	`failure_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `autopay_attempts_once` ON `autopay_attempts` (`invoice_id`,`attempt`);--> statement-breakpoint
CREATE INDEX `autopay_attempts_hoa` ON `autopay_attempts` (`hoa_id`,`status`);--> statement-breakpoint
CREATE INDEX `autopay_attempts_pi` ON `autopay_attempts` (`payment_intent_id`);--> statement-breakpoint
CREATE TABLE `autopay_enrollments` (
	`hoa_id` text NOT NULL,
	`user_id` text NOT NULL,
	`method_id` text NOT NULL,
	`timing` text DEFAULT 'due_date' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`hoa_id`, `user_id`)
);
--> statement-breakpoint
CREATE TABLE `ledger_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`description` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`source_key` text NOT NULL,
	`invoice_id` text,
	`violation_id` text,
	`related_line_id` text,
	`method` text,
	`method_detail` text,
	`receipt_number` integer,
	`reference` text,
	`reason` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_lines_source` ON `ledger_lines` (`hoa_id`,`source_key`);--> statement-breakpoint
CREATE INDEX `ledger_lines_user` ON `ledger_lines` (`hoa_id`,`user_id`,`occurred_at`,`id`);--> statement-breakpoint
CREATE INDEX `ledger_lines_hoa` ON `ledger_lines` (`hoa_id`,`occurred_at`,`id`);--> statement-breakpoint
CREATE INDEX `ledger_lines_invoice` ON `ledger_lines` (`invoice_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_lines_receipt` ON `ledger_lines` (`hoa_id`,`receipt_number`);--> statement-breakpoint
CREATE TABLE `ledger_question_history` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`question_id` text NOT NULL,
	`user_id` text NOT NULL,
	`is_staff` integer NOT NULL,
	`action` text NOT NULL,
	`is_public` integer DEFAULT true NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ledger_question_history_record` ON `ledger_question_history` (`question_id`,`at`);--> statement-breakpoint
CREATE INDEX `ledger_question_history_user` ON `ledger_question_history` (`user_id`);--> statement-breakpoint
CREATE INDEX `ledger_question_history_hoa` ON `ledger_question_history` (`hoa_id`);--> statement-breakpoint
CREATE TABLE `ledger_question_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`question_id` text NOT NULL,
	`author_id` text NOT NULL,
	`is_staff` integer NOT NULL,
	`message` text NOT NULL,
	`is_public` integer DEFAULT true NOT NULL,
	`attachment_s3_key` text,
	`attachment_filename` text,
	`attachment_file_size` integer,
	`attachment_file_type` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ledger_question_messages_thread` ON `ledger_question_messages` (`question_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ledger_question_messages_author` ON `ledger_question_messages` (`author_id`);--> statement-breakpoint
CREATE INDEX `ledger_question_messages_hoa` ON `ledger_question_messages` (`hoa_id`);--> statement-breakpoint
CREATE INDEX `ledger_question_messages_attachment` ON `ledger_question_messages` (`attachment_s3_key`);--> statement-breakpoint
CREATE TABLE `ledger_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`user_id` text NOT NULL,
	`line_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ledger_questions_hoa` ON `ledger_questions` (`hoa_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `ledger_questions_user` ON `ledger_questions` (`hoa_id`,`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ledger_questions_line` ON `ledger_questions` (`line_id`);--> statement-breakpoint
CREATE TABLE `payment_customers` (
	`hoa_id` text NOT NULL,
	`user_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`hoa_id`, `user_id`)
);
--> statement-breakpoint
CREATE TABLE `saved_payment_methods` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`user_id` text NOT NULL,
	`provider_id` text NOT NULL,
	`kind` text NOT NULL,
	`label` text NOT NULL,
	`last4` text NOT NULL,
	`exp_month` integer,
	`exp_year` integer,
	`created_at` integer NOT NULL,
	`removed_at` integer
);
--> statement-breakpoint
CREATE INDEX `saved_payment_methods_user` ON `saved_payment_methods` (`hoa_id`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `saved_payment_methods_provider` ON `saved_payment_methods` (`hoa_id`,`provider_id`);--> statement-breakpoint
ALTER TABLE `hoas` ADD `processing_fees` text DEFAULT 'absorbed' NOT NULL;--> statement-breakpoint
ALTER TABLE `hoas` ADD `receipt_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice_checkouts` ADD `fee_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice_checkouts` ADD `method` text;--> statement-breakpoint
ALTER TABLE `invoice_checkouts` ADD `method_detail` text;--> statement-breakpoint
ALTER TABLE `violations` ADD `stage` text DEFAULT 'reported' NOT NULL;--> statement-breakpoint
ALTER TABLE `violations` ADD `cure_by` integer;--> statement-breakpoint
ALTER TABLE `violations` ADD `fined_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `violations` ADD `next_fine_at` integer;--> statement-breakpoint
ALTER TABLE `dues` ADD `late_fee_kind` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `dues` ADD `late_fee_value` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `dues` ADD `grace_days` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `late_fee_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `processing_since` integer;--> statement-breakpoint
INSERT INTO `ledger_lines` (`id`, `hoa_id`, `user_id`, `kind`, `amount_cents`, `description`, `occurred_at`, `source_key`, `invoice_id`, `created_at`, `updated_at`)
SELECT 'lc_' || `id`, `hoa_id`, `recipient_id`, 'charge', `amount_cents`, `title`, `sent_at`, 'charge:' || `id`, `id`, `created_at`, `created_at` FROM `invoices`;
--> statement-breakpoint
INSERT INTO `ledger_lines` (`id`, `hoa_id`, `user_id`, `kind`, `amount_cents`, `description`, `occurred_at`, `source_key`, `invoice_id`, `method`, `created_at`, `updated_at`)
SELECT 'lp_' || `id`, `hoa_id`, `recipient_id`, 'payment', -`amount_cents`, `title`, `paid_at`, 'paid:' || `id` || ':' || `paid_at`, `id`, coalesce(`payment_method`, 'online'), `paid_at`, `paid_at` FROM `invoices` WHERE `status` = 'paid' AND `paid_at` IS NOT NULL;
--> statement-breakpoint
INSERT INTO `ledger_lines` (`id`, `hoa_id`, `user_id`, `kind`, `amount_cents`, `description`, `occurred_at`, `source_key`, `invoice_id`, `reason`, `created_at`, `updated_at`)
SELECT 'lx_' || `id`, `hoa_id`, `recipient_id`, 'credit', -`amount_cents`, `title`, `updated_at`, 'canceled:' || `id` || ':' || `updated_at`, `id`, 'Invoice canceled', `updated_at`, `updated_at` FROM `invoices` WHERE `status` = 'canceled';
--> statement-breakpoint
UPDATE `ledger_lines` SET `receipt_number` = r.n FROM (SELECT `id`, row_number() OVER (PARTITION BY `hoa_id` ORDER BY `occurred_at`, `id`) AS n FROM `ledger_lines` WHERE `kind` = 'payment') AS r WHERE `ledger_lines`.`id` = r.`id`;
--> statement-breakpoint
UPDATE `hoas` SET `receipt_seq` = coalesce((SELECT max(`receipt_number`) FROM `ledger_lines` WHERE `ledger_lines`.`hoa_id` = `hoas`.`id`), 0);
