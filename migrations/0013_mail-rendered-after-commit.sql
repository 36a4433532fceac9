-- A mail is queued with its template's inputs (props) and rendered after the transaction commits,
-- off the one writer; props is cleared once subject, html and text are filled in.
ALTER TABLE `email_outbox` ADD `props` text;