/**
 * The status badges of dues and invoices, with Queued beside them while this device's change (a due
 * created, an invoice's status set) waits offline for the server: list rows and detail screens alike.
 */
import type { DueStatus } from '../../../schema/dues';
import { INVOICE_MESSAGES, invoicePolicy } from '../../../schema/invoices';
import type { SyncedInvoice } from '../../../sync/areas/invoices';
import { useQueuedOffline } from '../../lib/replicache';
import { Badge, StatusWithQueued } from '../../ui';
import { DUE_BADGE, dueStatusLabel, INVOICE_BADGE, invoiceStatusLabel, shownStatus } from './use-dues';

/** This device set the invoice's status offline and the server does not have it yet. */
export const useInvoiceStatusQueued = (id: string) => useQueuedOffline('setInvoiceStatus', (args) => args.id === id);
/** This device created the due offline and the server does not have it yet. */
export const useDueQueued = (id: string) => useQueuedOffline('createDue', (args) => args.id === id);

/** A bank payment in flight reads "Processing" instead of pending or overdue. */
export function InvoiceStatusBadge({ invoice }: { invoice: SyncedInvoice }) {
  const s = shownStatus(invoice);
  return (
    <StatusWithQueued queued={useInvoiceStatusQueued(invoice.id)}>
      {invoicePolicy.isProcessing(invoice) ? <Badge variant="default">{INVOICE_MESSAGES.processingHeading}</Badge> : <Badge variant={INVOICE_BADGE[s]}>{invoiceStatusLabel(s)}</Badge>}
    </StatusWithQueued>
  );
}

export function DueStatusBadge({ due }: { due: { id: string; status: DueStatus } }) {
  return (
    <StatusWithQueued queued={useDueQueued(due.id)}>
      <Badge variant={DUE_BADGE[due.status]}>{dueStatusLabel(due.status)}</Badge>
    </StatusWithQueued>
  );
}
