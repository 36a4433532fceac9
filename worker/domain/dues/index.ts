/**
 * Dues domain. One layer for both transports: the REST routes and the sync push
 * call these functions.
 *
 * - sync.ts     who sees what, the cache values a pull sends, the synced table every write goes through
 * - read.ts     the REST answers, built from the values the pull sends
 * - create.ts   creating and changing a due
 * - issuing.ts  turning dues into invoices on their send days (the job, idempotent)
 */
export { visibleDues } from './sync';
export { getDue, getVisibleDue, listDues, toApiDue, type DueRow } from './read';
export { createDue, updateDue } from './create';
export { issueDue, issueDueInvoices } from './issuing';
