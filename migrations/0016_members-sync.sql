-- The members area (the people pickers, issue 36 item 23) syncs rows that already exist: the change
-- log names none of them, so a stored view would never gain them by an incremental pull. Marking
-- every stored view's visibility counter as out of date makes each group's next pull recompute the
-- whole view once (worker/sync/pull.ts, the 'full' plan) and send the difference: the members, not
-- a reset of everything.
UPDATE `sync_cvrs` SET `vis_seq` = -1;
