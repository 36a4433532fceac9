/**
 * The invoice's payment panel for every status: paid, overdue with Pay Now, canceled,
 * pending with Pay Invoice, Processing while a bank payment is in flight (no Pay then); the payment
 * methods for the recipient; the non-recipient's note. When the HOA passes processing fees on, the
 * resident sees each method's fee and total first and picks the method before Checkout. Paying is
 * online only: offline the button says it needs a connection. Back from Checkout, the panel waits
 * for the webhook's settlement to reach the cache and then reads "Payment Completed" (or Processing).
 */
import { invoiceTotal } from '../../../schema/late-fees';
import { useEffect, useState } from 'react';
import type { ApiProcessingFees } from '../../../schema/hoa-settings';
import { INVOICE_MESSAGES, invoicePolicy } from '../../../schema/invoices';
import type { ProcessingFeeMode } from '../../../schema/ledger';
import { feeQuotes, feeQuoteText, type CheckoutMethod } from '../../../schema/processing-fees';
import type { SyncedInvoice } from '../../../sync/areas/invoices';
import { api, errorMessage } from '../../lib/api';
import { useHoaToday } from '../../lib/hoa-day';
import { useOnline } from '../../lib/replicache';
import { Alert, Button, Card, CardBody, CardHeader } from '../../ui';
import { payInvoice } from './dues-api';

const TONE = { paid: 'success', overdue: 'error', canceled: 'info', pending: 'warning' } as const;

/** Who pays the fees, read when the panel can pay (paying needs the network anyway); null while unknown. */
function useProcessingFees(wanted: boolean): ProcessingFeeMode | null {
  const [mode, setMode] = useState<ProcessingFeeMode | null>(null);
  useEffect(() => {
    if (!wanted || mode) return;
    let live = true;
    api<ApiProcessingFees>('/api/hoa/processing-fees')
      // Unknown: as absorbed; the server asks for a method if the HOA passes fees on.
      .then((r) => live && setMode(r.processing_fees), () => live && setMode('absorbed'));
    return () => {
      live = false;
    };
  }, [wanted, mode]);
  return mode;
}

export function PaymentPanel({ invoice, viewerId, returning }: { invoice: SyncedInvoice; viewerId: string; returning: boolean }) {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [method, setMethod] = useState<CheckoutMethod>('card');
  const panel = invoicePolicy.panelFor(
    { recipientId: invoice.recipient.id, status: invoice.status, dueDate: invoice.dueDate, processingSince: invoice.processingSince },
    { userId: viewerId },
    useHoaToday(),
  );
  const fees = useProcessingFees(!!panel.payLabel && online);
  const quotes = fees === 'passed_on' ? feeQuotes(fees, invoiceTotal(invoice)) : null;

  async function pay() {
    setError(null);
    setBusy(true);
    try {
      const { checkout_url } = await payInvoice(invoice.id, quotes ? { method } : {});
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
        <Alert tone={panel.processing ? 'info' : TONE[panel.kind]} title={panel.heading}>
          {panel.note}
        </Alert>
        {panel.showMethods && !quotes && (
          <div className="text-sm text-neutral-700">
            <p className="font-medium text-neutral-900">Payment methods</p>
            <ul className="mt-1 list-disc pl-5">
              <li>Credit/debit cards</li>
              <li>Bank transfer (ACH)</li>
            </ul>
          </div>
        )}
        {panel.showMethods && quotes && (
          <fieldset className="space-y-2 text-sm text-neutral-700">
            <legend className="font-medium text-neutral-900">Pay with</legend>
            <p className="text-neutral-600">Your HOA passes the payment processor’s fee on to you.</p>
            {quotes.map((q) => (
              <label key={q.method} className="flex cursor-pointer items-start gap-2 rounded-md border border-neutral-200 px-3 py-2 has-[:checked]:border-accent-500 has-[:checked]:bg-accent-50">
                <input type="radio" name="method" value={q.method} checked={method === q.method} onChange={() => setMethod(q.method)} className="mt-0.5" />
                <span>{feeQuoteText(q)}</span>
              </label>
            ))}
          </fieldset>
        )}
        {panel.payLabel && (
          <div className="space-y-2">
            <Button onClick={pay} busy={busy} busyText="Redirecting..." disabled={!online || (online && !fees)} className="w-full sm:w-auto">
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
