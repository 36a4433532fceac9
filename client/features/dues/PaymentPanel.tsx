/**
 * The invoice's payment panel for every status: paid, overdue with Pay Now, canceled,
 * pending with Pay Invoice; the payment methods for the recipient; the non-recipient's note. Paying
 * is online only: offline the button says it needs a connection. Back from Checkout, the panel waits
 * for the webhook's settlement to reach the cache and then reads "Payment Completed".
 */
import { useState } from 'react';
import { INVOICE_MESSAGES, invoicePolicy } from '../../../schema/invoices';
import type { SyncedInvoice } from '../../../sync/areas/invoices';
import { errorMessage } from '../../lib/api';
import { useHoaToday } from '../../lib/hoa-day';
import { useSyncStatus } from '../../lib/replicache';
import { Alert, Button, Card, CardBody, CardHeader } from '../../ui';
import { payInvoice } from './dues-api';

const TONE = { paid: 'success', overdue: 'error', canceled: 'info', pending: 'warning' } as const;

export function PaymentPanel({ invoice, viewerId, returning }: { invoice: SyncedInvoice; viewerId: string; returning: boolean }) {
  const { online } = useSyncStatus();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const panel = invoicePolicy.panelFor({ recipientId: invoice.recipient.id, status: invoice.status, dueDate: invoice.dueDate }, { userId: viewerId }, useHoaToday());

  async function pay() {
    setError(null);
    setBusy(true);
    try {
      const { checkout_url } = await payInvoice(invoice.id);
      window.location.assign(checkout_url);
    } catch (e) {
      setError(errorMessage(e, INVOICE_MESSAGES.payFailed));
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader title="Payment" />
      <CardBody className="space-y-4">
        {returning && panel.kind !== 'paid' && panel.payLabel && <Alert tone="info">{INVOICE_MESSAGES.confirming}</Alert>}
        <Alert tone={TONE[panel.kind]} title={panel.heading}>
          {panel.note}
        </Alert>
        {panel.showMethods && (
          <div className="text-sm text-neutral-700">
            <p className="font-medium text-neutral-900">Payment methods</p>
            <ul className="mt-1 list-disc pl-5">
              <li>Credit/debit cards</li>
              <li>Bank transfer (ACH)</li>
            </ul>
          </div>
        )}
        {panel.payLabel && (
          <div className="space-y-2">
            <Button onClick={pay} busy={busy} busyText="Redirecting..." disabled={!online} className="w-full sm:w-auto">
              {panel.payLabel}
            </Button>
            {!online && <p className="text-sm text-neutral-600">{INVOICE_MESSAGES.needsConnection}</p>}
          </div>
        )}
        {error && <Alert tone="error">{error}</Alert>}
      </CardBody>
    </Card>
  );
}
