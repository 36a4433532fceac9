/**
 * The board's late fee control on an invoice: what the fee is and, while the invoice is open, Waive
 * Late Fee with a required reason. Written through the waiveLateFee mutator (also offline); the server
 * posts the waiver line and the history.
 */
import { useState } from 'react';
import { invoicePolicy } from '../../../schema/invoices';
import { LATE_FEE_MESSAGES, lateFeePolicy, WAIVER_REASON_MAX, waiveLateFeeFields } from '../../../schema/late-fees';
import { formatUsd } from '../../../schema/money';
import type { SyncedInvoice } from '../../../sync/areas/invoices';
import { useReplicache } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { Button, Card, CardBody, CardHeader, useToast } from '../../ui';
import { ReasonDialog } from '../ledger-questions/ReasonDialog';
import { actingUser } from '../threads';

export function LateFeeCard({ invoice }: { invoice: SyncedInvoice }) {
  const rep = useReplicache();
  const me = useCurrentUser();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  if (!me || !lateFeePolicy.mayWaiveAny(me.role) || !lateFeePolicy.hasFee(invoice)) return null;
  const waivable = invoicePolicy.isPayable(invoice.status);

  return (
    <Card>
      <CardHeader title="Late Fee" />
      <CardBody className="space-y-3 text-sm">
        <p>
          A late fee of <strong>{formatUsd(invoice.lateFeeCents)}</strong> was added to this invoice.
        </p>
        {waivable && (
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Waive Late Fee
          </Button>
        )}
      </CardBody>
      <ReasonDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Waive Late Fee"
        description={`Take the late fee of ${formatUsd(invoice.lateFeeCents)} off ${invoice.recipient.name}’s invoice. The reason shows on their statement.`}
        action="Waive Late Fee"
        max={WAIVER_REASON_MAX}
        schema={waiveLateFeeFields.reason}
        onSubmit={async (reason) => {
          if (!rep) throw new Error(LATE_FEE_MESSAGES.waiveFailed);
          await rep.mutate.waiveLateFee({ id: invoice.id, reason, by: actingUser(me) });
          toast.success(LATE_FEE_MESSAGES.waived, 3000);
        }}
      />
    </Card>
  );
}
