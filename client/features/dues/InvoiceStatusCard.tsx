/**
 * The board's status control of an invoice. Pending and overdue
 * apply at once; paid and canceled stop the resident's payment, so the board confirms them in a dialog
 * naming the amount and the resident, and paid records how the payment came. A slip of the select
 * (ArrowDown on "Pending") only opens that dialog. The board's own paid mark can be undone while no
 * online payment is attached. Written through the setInvoiceStatus mutator (also offline); the server
 * enforces the same rules and records the Activity History line.
 */
import { invoiceTotal } from '../../../schema/late-fees';
import { useState } from 'react';
import {
  INVOICE_MESSAGES,
  INVOICE_STATUSES,
  INVOICE_STATUS_LABELS,
  invoicePolicy,
  MANUAL_PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  type InvoiceStatus,
  type ManualPaymentMethod,
} from '../../../schema/invoices';
import type { SyncedInvoice } from '../../../sync/areas/invoices';
import { useReplicache } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { Button, Card, CardBody, CardHeader, Dialog, Field, optionsOf, Select, useToast } from '../../ui';
import { actingUser } from '../threads';

type Confirmed = Extract<InvoiceStatus, 'paid' | 'canceled'>;

export function InvoiceStatusCard({ invoice }: { invoice: SyncedInvoice }) {
  const rep = useReplicache();
  const me = useCurrentUser();
  const toast = useToast();
  const [asking, setAsking] = useState<Confirmed | null>(null);
  const [method, setMethod] = useState<ManualPaymentMethod | ''>('');
  const [methodError, setMethodError] = useState<string | null>(null);
  const paid = invoice.status === 'paid';

  async function apply(status: InvoiceStatus, paymentMethod?: ManualPaymentMethod) {
    if (!rep) return;
    await rep.mutate.setInvoiceStatus({ id: invoice.id, status, payment_method: paymentMethod, by: me ? actingUser(me) : undefined });
    toast.success(INVOICE_MESSAGES.statusUpdated(status), 3000);
  }

  function choose(next: InvoiceStatus) {
    if (next === invoice.status) return;
    if (invoicePolicy.asksConfirmation(next)) {
      setMethod('');
      setMethodError(null);
      setAsking(next as Confirmed);
      return;
    }
    void apply(next);
  }

  function confirm() {
    if (asking === 'paid' && !method) return setMethodError(INVOICE_MESSAGES.paymentMethodRequired);
    const status = asking!;
    setAsking(null);
    void apply(status, status === 'paid' ? (method as ManualPaymentMethod) : undefined);
  }

  const words = asking === 'paid'
    ? { title: INVOICE_MESSAGES.confirmPaidTitle, text: INVOICE_MESSAGES.confirmPaid(invoiceTotal(invoice), invoice.recipient.name), action: 'Mark as Paid' }
    : { title: INVOICE_MESSAGES.confirmCanceledTitle, text: INVOICE_MESSAGES.confirmCanceled(invoiceTotal(invoice), invoice.recipient.name), action: 'Cancel Invoice' };

  return (
    <Card>
      <CardHeader title="Set Status" />
      <CardBody className="space-y-3">
        {/* Paid: the select rests; the board's own mark is undone with the button below. */}
        <Field label="Invoice status">
          <Select options={optionsOf(INVOICE_STATUSES, INVOICE_STATUS_LABELS)} value={invoice.status} disabled={paid} onChange={choose} />
        </Field>
        {invoicePolicy.mayUndoPaid(invoice) && (
          <div className="space-y-2">
            <p className="text-sm text-neutral-600">{INVOICE_MESSAGES.undoPaidNote}</p>
            <Button variant="secondary" onClick={() => void apply('pending')}>
              {INVOICE_MESSAGES.undoPaid}
            </Button>
          </div>
        )}
      </CardBody>
      <Dialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        size="sm"
        title={words.title}
        description={words.text}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(null)}>
              Go Back
            </Button>
            <Button variant={asking === 'canceled' ? 'danger' : 'primary'} onClick={confirm}>
              {words.action}
            </Button>
          </>
        }
      >
        {asking === 'paid' && (
          <Field label="Payment method" required error={methodError ?? undefined}>
            <Select
              options={optionsOf(MANUAL_PAYMENT_METHODS, (m) => PAYMENT_METHOD_LABELS[m])}
              value={method}
              invalid={!!methodError}
              placeholder="Choose how it was paid"
              onChange={(m) => {
                setMethod(m);
                setMethodError(null);
              }}
            />
          </Field>
        )}
      </Dialog>
    </Card>
  );
}
