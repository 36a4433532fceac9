/** Dues and invoices from the local cache (readable offline): the lists, one row each, the badges' words. */
import { DUE_STATUS_LABELS, type DueStatus } from '../../../schema/dues';
import { INVOICE_STATUS_LABELS, invoicePolicy, type InvoiceStatus } from '../../../schema/invoices';
import { dueKey, DUE_SPACE, type SyncedDue } from '../../../sync/areas/dues';
import { invoiceKey, INVOICE_SPACE, type SyncedInvoice } from '../../../sync/areas/invoices';
import { prefixOf } from '../../../sync/keys';
import type { BadgeVariant } from '../../ui';
import { firstPageOverRest } from '../../lib/first-page';
import { hoaToday } from '../../lib/hoa-day';
import { defineSyncedList, newestFirst, useSyncedList, useSyncedValue, type SyncedListOptions } from '../../lib/use-synced-list';
import { dueOfApi } from './dues-api';
import { DUES_FIRST_PAGE } from './first-page';

/** Newest first. */
export const dueList = defineSyncedList({
  name: 'dues',
  prefix: prefixOf(DUE_SPACE),
  compare: newestFirst((d: SyncedDue) => d.createdAt),
  // Newest first, as the list; the /dues route's boot read.
  firstPage: firstPageOverRest(DUES_FIRST_PAGE, dueOfApi),
});
/** By due date, latest first (the REST list's default order). */
export const invoiceList = defineSyncedList({ name: 'invoices', prefix: prefixOf(INVOICE_SPACE), compare: newestFirst((i: SyncedInvoice) => i.dueDate) });

export const useDueList = (options: SyncedListOptions<SyncedDue>) => useSyncedList(dueList, options);
export const useInvoiceList = (options: SyncedListOptions<SyncedInvoice>) => useSyncedList(invoiceList, options);
export const useDue = (id: string) => useSyncedValue<SyncedDue>(dueKey(id));
export const useInvoice = (id: string) => useSyncedValue<SyncedInvoice>(invoiceKey(id));

export const INVOICE_BADGE: Record<InvoiceStatus, BadgeVariant> = { pending: 'warning', paid: 'success', overdue: 'destructive', canceled: 'secondary' };
export const DUE_BADGE: Record<DueStatus, BadgeVariant> = { active: 'success', inactive: 'secondary' };
export const invoiceStatusLabel = (s: InvoiceStatus) => INVOICE_STATUS_LABELS[s];
export const dueStatusLabel = (s: DueStatus) => DUE_STATUS_LABELS[s];

/** The status the screens show: pending past its due day (the HOA's) reads overdue. */
export const shownStatus = (inv: SyncedInvoice, today = hoaToday()) => invoicePolicy.shownStatus(inv, today);
