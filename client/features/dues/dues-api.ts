/**
 * The REST calls of the dues screens: what needs the server now (paying, refunding)
 * and fallback reads while the cache has not received a row yet. The payment account's calls are in
 * client/features/billing/payment-account.ts.
 */
import type { ApiDue } from '../../../schema/dues';
import type { ApiCheckout, ApiInvoice } from '../../../schema/invoices';
import { valueOfRest } from '../../../schema/rest-shape';
import { fromApiHistoryEntry, type ApiHistoryEntry } from '../../../schema/threads';
import { DUE_REST, syncedDueSchema, type SyncedDue } from '../../../sync/areas/dues';
import { INVOICE_REST, syncedInvoiceSchema, type SyncedInvoice } from '../../../sync/areas/invoices';
import { api } from '../../lib/api';
import type { PayInvoiceBody } from '../../../schema/processing-fees';
import type { RefundInvoice } from '../../../schema/refunds';

export const fetchInvoice = (id: string) => api<ApiInvoice>(`/api/invoices/${encodeURIComponent(id)}`);
export const fetchDue = (id: string) => api<ApiDue>(`/api/dues/${encodeURIComponent(id)}`);
export const payInvoice = (id: string, body: PayInvoiceBody = {}) => api<ApiCheckout>(`/api/invoices/${encodeURIComponent(id)}/pay`, { method: 'POST', body });
/** The board's refund of a payment made online (the provider is called: it needs the network). */
export const refundInvoice = (id: string, body: RefundInvoice) => api<ApiInvoice>(`/api/invoices/${encodeURIComponent(id)}/refund`, { method: 'POST', body });

/** The REST shape as the cache's (only until the cache has the row). */
export const invoiceOfApi = (i: ApiInvoice): SyncedInvoice =>
  valueOfRest(syncedInvoiceSchema, i, INVOICE_REST, { history: (history: ApiHistoryEntry[]) => history.map(fromApiHistoryEntry) });

export const dueOfApi = (d: ApiDue): SyncedDue => valueOfRest(syncedDueSchema, d, DUE_REST);
