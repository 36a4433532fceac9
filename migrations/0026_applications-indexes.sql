DROP INDEX `applications_user`;--> statement-breakpoint
CREATE INDEX `applications_user` ON `architectural_applications` (`user_id`,`submitted_at`,`id`);--> statement-breakpoint
CREATE INDEX `application_reviews_order` ON `application_reviews` (`application_id`,`at`);