/**
 * The board's refund of an invoice paid online (card or bank account): Refund Payment asks the reason
 * in a dialog, then the server has the provider give the money back and reopens the invoice; the
 * resident's statement shows the Refund line. It needs the network: offline the button says so.
 */
import { useState } from 'react';
import { invoiceTotal } from '../../../schema/late-fees';
import { REFUND_MESSAGES, REFUND_REASON_MAX, refundFields, refundPolicy } from '../../../schema/refunds';
import type { SyncedInvoice } from '../../../sync/areas/invoices';
import { errorMessage } from '../../lib/api';
import { useOnline } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { Button, Card, CardBody, CardHeader, useToast } from '../../ui';
import { ReasonDialog } from '../ledger-questions/ReasonDialog';
import { refundInvoice } from './dues-api';

export function RefundCard({ invoice }: { invoice: SyncedInvoice }) {
  const me = useCurrentUser();
  const toast = useToast();
  const online = useOnline();
  const [open, setOpen] = useState(false);
  if (!me || !refundPolicy.mayRefund(me.role) || !refundPolicy.isRefundable(invoice)) return null;

  return (
    <Card>
      <CardHeader title="Refund" />
      <CardBody className="space-y-3 text-sm">
        <p>Paid online. A refund gives the payment back in full and opens the invoice again.</p>
        {!online && <p className="text-neutral-600">{REFUND_MESSAGES.needsConnection}</p>}
        <Button variant="secondary" disabled={!online} onClick={() => setOpen(true)}>
          {REFUND_MESSAGES.button}
        </Button>
      </CardBody>
      <ReasonDialog
        open={open}
        onClose={() => setOpen(false)}
        title={REFUND_MESSAGES.title}
        description={REFUND_MESSAGES.confirm(invoiceTotal(invoice), invoice.recipient.name)}
        action={REFUND_MESSAGES.button}
        max={REFUND_REASON_MAX}
        schema={refundFields.reason}
        onSubmit={async (reason) => {
          try {
            await refundInvoice(invoice.id, { reason });
          } catch (e) {
            throw new Error(errorMessage(e, REFUND_MESSAGES.failed), { cause: e });
          }
          toast.success(REFUND_MESSAGES.refunded, 3000);
        }}
      />
    </Card>
  );
}
