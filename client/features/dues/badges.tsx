/** The status badges of dues and invoices. */
import type { DueStatus } from '../../../schema/dues';
import type { SyncedInvoice } from '../../../sync/areas/invoices';
import { Badge } from '../../ui';
import { DUE_BADGE, dueStatusLabel, INVOICE_BADGE, invoiceStatusLabel, shownStatus } from './use-dues';

export function InvoiceStatusBadge({ invoice }: { invoice: SyncedInvoice }) {
  const s = shownStatus(invoice);
  return <Badge variant={INVOICE_BADGE[s]}>{invoiceStatusLabel(s)}</Badge>;
}

export function DueStatusBadge({ status }: { status: DueStatus }) {
  return <Badge variant={DUE_BADGE[status]}>{dueStatusLabel(status)}</Badge>;
}
