DROP INDEX `users_email_ci`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_hoa_ci` ON `users` (lower("email"),`hoa_id`);--> statement-breakpoint
-- A held invitation (an address another HOA's account had, stored as `<email> held:<id>`) becomes an
-- ordinary invitation of that address: resending it mails the account's holder a link to join.
UPDATE `users` SET `email` = substr(`email`, 1, instr(`email`, ' ') - 1) WHERE instr(`email`, ' ') > 0;
