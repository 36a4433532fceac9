/**
 * Invoices domain. One layer for both transports: the REST routes and the sync
 * push call these functions.
 *
 * - sync.ts    who sees what, the cache values a pull sends, the synced table every write goes through
 * - read.ts    the REST answers (list, one, payment history), built from the values the pull sends
 * - status.ts  the board's status change, the overdue job, the webhook's paid listener
 * - pay.ts     paying through the payment service's Checkout (recipient only)
 * - late-fees.ts  the job adding a due's late fee once per invoice
 * - waive.ts   the board's waiver of a late fee
 * - refund.ts  the board's refund of a payment made online (the provider's call, then the Refund line)
 */
export { visibleInvoices } from './sync';
export { getInvoice, getVisibleInvoice, listInvoicesJson, listPayments, toApiInvoice, type InvoiceRow } from './read';
export { markInvoicePaid, markOverdueInvoices, setInvoiceStatus } from './status';
export { payDue, payInvoice } from './pay';
export { addLateFees } from './late-fees';
export { waiveLateFee } from './waive';
export { refundInvoice } from './refund';
