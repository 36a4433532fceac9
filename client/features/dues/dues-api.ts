/**
 * The REST calls of the dues screens (community §7, platform §7): what needs the server now (paying)
 * and fallback reads while the cache has not received a row yet. The payment account's calls are in
 * client/features/billing/payment-account.ts.
 */
import type { ApiDue } from '../../../schema/dues';
import type { ApiCheckout, ApiInvoice } from '../../../schema/invoices';
import { fromApiHistoryEntry } from '../../../schema/threads';
import type { SyncedDue } from '../../../sync/areas/dues';
import type { SyncedInvoice } from '../../../sync/areas/invoices';
import { api } from '../../lib/api';

export const fetchInvoice = (id: string) => api<ApiInvoice>(`/api/invoices/${encodeURIComponent(id)}`);
export const fetchDue = (id: string) => api<ApiDue>(`/api/dues/${encodeURIComponent(id)}`);
export const payInvoice = (id: string) => api<ApiCheckout>(`/api/invoices/${encodeURIComponent(id)}/pay`, { method: 'POST' });

const day = (iso: string) => Date.parse(iso);

/** The REST shape as the cache's (only until the cache has the row). */
export function invoiceOfApi(i: ApiInvoice): SyncedInvoice {
  return {
    id: i._id,
    due: { id: i.dues_id._id, title: i.dues_id.title, description: i.dues_id.description, frequency: i.dues_id.frequency },
    amountCents: i.amountCents,
    status: i.status,
    sentAt: day(i.sent),
    dueDate: day(i.due_date),
    paidAt: i.paid_at ? Date.parse(i.paid_at) : null,
    paymentMethod: i.payment_method,
    recipient: { id: i.recipient_id._id, name: i.recipient_id.name, email: i.recipient_id.email },
    history: i.history.map(fromApiHistoryEntry),
    createdAt: Date.parse(i.createdAt),
    updatedAt: Date.parse(i.updatedAt),
    version: i.version,
  };
}

export function dueOfApi(d: ApiDue): SyncedDue {
  return {
    id: d._id,
    title: d.title,
    frequency: d.frequency,
    amountCents: d.amountCents,
    reason: d.reason,
    description: d.description,
    status: d.status,
    sendDate: day(d.send_date),
    dueDateOffset: d.due_date_offset,
    nextSendDate: d.next_send_date ? day(d.next_send_date) : null,
    recipients: d.recipient_details.map((p) => ({ id: p._id, name: p.name, email: p.email })),
    createdAt: Date.parse(d.createdAt),
    updatedAt: Date.parse(d.updatedAt),
    version: d.version,
  };
}
