/**
 * /invoices/{id}: title, amount, status, description, a timeline (sent, due, days
 * until due while pending, by the HOA's today; the recipient for board and superadmin), the payment
 * panel and the Activity History (who marked it paid and how). Read from the local cache, so it opens
 * offline. The board sets the status in InvoiceStatusCard (also offline) and refunds a payment made
 * online in RefundCard (online only).
 */
import { Link, useParams, useSearch } from 'wouter';
import { INVOICE_MESSAGES, INVOICE_STATUS_LABELS, invoicePolicy, PAYMENT_METHOD_LABELS, type InvoiceStatus } from '../../../schema/invoices';
import { invoiceTotal } from '../../../schema/late-fees';
import { daysUntil, formatDay, formatUsd } from '../../../schema/money';
import { useHoaToday } from '../../lib/hoa-day';
import { useCurrentUser } from '../../lib/session';
import { useSyncedEntity } from '../../lib/use-synced-entity';
import { Alert, ButtonLink, Card, CardBody, CardHeader, DetailScreen, Unavailable, type UnavailableWords } from '../../ui';
import { ActivityHistory } from '../threads';
import { InvoiceStatusBadge, useInvoiceStatusQueued } from './badges';
import { fetchInvoice, invoiceOfApi } from './dues-api';
import { InvoiceStatusCard } from './InvoiceStatusCard';
import { LateFeeCard } from './LateFeeCard';
import { PaymentPanel } from './PaymentPanel';
import { RefundCard } from './RefundCard';
import { useInvoice } from './use-dues';

const WORDS: UnavailableWords = {
  loading: 'Loading invoice...',
  failed: INVOICE_MESSAGES.loadOneFailed,
  offline: 'This invoice is not available offline.',
  back: { href: '/dues', label: 'Back to Dues' },
};
/** While the board's status change made offline waits for the server (the payment panel already reads the new status). */
export const queuedStatusText = (status: InvoiceStatus) => `Set to ${INVOICE_STATUS_LABELS[status]} offline. The server has it when you reconnect.`;
const crumbs = (title: string) => [{ label: 'Dues', href: '/dues' }, { label: title }];

export function InvoiceDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const returning = new URLSearchParams(useSearch()).get('payment') === 'success';
  const me = useCurrentUser();
  const today = useHoaToday();
  const cached = useInvoice(id);
  const loaded = useSyncedEntity({ id, cached, fetch: fetchInvoice, fromRemote: invoiceOfApi, version: cached.data?.version });
  const queued = useInvoiceStatusQueued(id);

  if (loaded.unavailable) {
    const words = loaded.unavailable.kind === 'failed' && /not found/i.test(loaded.unavailable.message) ? { ...WORDS, failed: INVOICE_MESSAGES.notFound } : WORDS;
    return <Unavailable state={loaded.unavailable} words={words} title="Invoice" breadcrumb={crumbs('Invoice')} />;
  }
  const inv = loaded.entity;
  const board = !!me && invoicePolicy.seesRecipient(me.role);
  const pending = inv.status === 'pending' && !invoicePolicy.isPastDue(inv, today);

  return (
    <DetailScreen
      title={inv.due.title}
      breadcrumb={crumbs(inv.due.title)}
      badges={<InvoiceStatusBadge invoice={inv} />}
      actions={
        <ButtonLink href="/dues" variant="secondary">
          Back to Dues
        </ButtonLink>
      }
      alerts={queued && <Alert tone="info">{queuedStatusText(inv.status)}</Alert>}
      details={[
        { label: inv.lateFeeCents > 0 ? 'Total' : 'Amount', value: <span className="text-lg font-semibold">{formatUsd(invoiceTotal(inv))}</span> },
        { label: 'Status', value: <InvoiceStatusBadge invoice={inv} /> },
        inv.paidAt != null && inv.status === 'paid' && { label: 'Paid On', value: formatDay(inv.paidAt) },
        inv.status === 'paid' && inv.paymentMethod && { label: 'Payment Method', value: PAYMENT_METHOD_LABELS[inv.paymentMethod] },
      ]}
      aside={
        board && (
          <>
            <InvoiceStatusCard invoice={inv} />
            <LateFeeCard invoice={inv} />
            <RefundCard invoice={inv} />
          </>
        )
      }
    >
      <Card>
        <CardHeader title="Invoice" />
        <CardBody className="space-y-3 text-sm text-neutral-800">
          <p className="text-2xl font-semibold text-neutral-900">{formatUsd(invoiceTotal(inv))}</p>
          {inv.lateFeeCents > 0 && (
            <dl className="grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1">
              <dt className="text-neutral-600">Amount</dt>
              <dd className="text-right tabular-nums">{formatUsd(inv.amountCents)}</dd>
              <dt className="text-neutral-600">Late fee</dt>
              <dd className="text-right tabular-nums">{formatUsd(inv.lateFeeCents)}</dd>
              <dt className="font-medium text-neutral-900">Total</dt>
              <dd className="text-right font-medium tabular-nums">{formatUsd(invoiceTotal(inv))}</dd>
            </dl>
          )}
          <p>{inv.due.description || 'No description.'}</p>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Timeline" />
        <CardBody>
          <ol className="space-y-3 border-l-2 border-neutral-200 pl-4 text-sm">
            <li>
              <span className="text-neutral-500">Sent</span> <span className="font-medium text-neutral-900">{formatDay(inv.sentAt)}</span>
            </li>
            <li>
              <span className="text-neutral-500">Due</span> <span className="font-medium text-neutral-900">{formatDay(inv.dueDate)}</span>
              {pending && <span className="ml-2 text-neutral-600">({daysUntil(inv.dueDate, today)} days until due)</span>}
            </li>
            {board && (
              <li>
                <span className="text-neutral-500">Recipient</span>{' '}
                <Link href={`/account/${inv.recipient.id}`} className="font-medium text-accent-700 hover:underline">
                  {inv.recipient.name} ({inv.recipient.email})
                </Link>
              </li>
            )}
          </ol>
        </CardBody>
      </Card>
      {me && <PaymentPanel invoice={inv} viewerId={me.id} returning={returning} />}
      {me && <ActivityHistory entries={inv.history} viewerRole={me.role} />}
    </DetailScreen>
  );
}
