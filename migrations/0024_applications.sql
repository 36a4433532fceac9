CREATE TABLE `application_files` (
	`hoa_id` text NOT NULL,
	`application_id` text NOT NULL,
	`kind` text NOT NULL,
	`position` integer NOT NULL,
	`s3_key` text NOT NULL,
	`file_name` text NOT NULL,
	`file_size` integer NOT NULL,
	`file_type` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`application_id`, `kind`, `position`)
);
--> statement-breakpoint
CREATE INDEX `application_files_key` ON `application_files` (`s3_key`);--> statement-breakpoint
CREATE TABLE `application_history` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`application_id` text NOT NULL,
	`user_id` text NOT NULL,
	`is_staff` integer NOT NULL,
	`action` text NOT NULL,
	`is_public` integer DEFAULT true NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `application_history_record` ON `application_history` (`application_id`,`at`);--> statement-breakpoint
CREATE INDEX `application_history_user` ON `application_history` (`user_id`);--> statement-breakpoint
CREATE INDEX `application_history_hoa` ON `application_history` (`hoa_id`);--> statement-breakpoint
CREATE TABLE `application_reviews` (
	`hoa_id` text NOT NULL,
	`application_id` text NOT NULL,
	`reviewer_id` text NOT NULL,
	`decision` text NOT NULL,
	`conditions` text,
	`reasons` text,
	`at` integer NOT NULL,
	PRIMARY KEY(`application_id`, `reviewer_id`)
);
--> statement-breakpoint
CREATE INDEX `application_reviews_reviewer` ON `application_reviews` (`reviewer_id`);--> statement-breakpoint
CREATE TABLE `application_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`review_days` integer NOT NULL,
	`deadline_rule` text NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `architectural_applications` (
	`id` text PRIMARY KEY NOT NULL,
	`hoa_id` text NOT NULL,
	`user_id` text NOT NULL,
	`start_date` integer NOT NULL,
	`submitted_at` integer NOT NULL,
	`deadline` integer NOT NULL,
	`status` text DEFAULT 'under_review' NOT NULL,
	`decided_by` text,
	`decided_at` integer,
	`photos_refused` text,
	`letter` text,
	`letter_sent_at` integer,
	`letter_sent_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `applications_newest` ON `architectural_applications` (`hoa_id`,`submitted_at`,`id`);--> statement-breakpoint
CREATE INDEX `applications_user` ON `architectural_applications` (`user_id`,`submitted_at`);--> statement-breakpoint
CREATE INDEX `applications_deadline` ON `architectural_applications` (`status`,`deadline`);--> statement-breakpoint
CREATE INDEX `applications_letter_by` ON `architectural_applications` (`letter_sent_by`);