/**
 * /receipts/:id: a settled payment's receipt (number, date, amount, method, the invoice it paid,
 * reference) with Print. Read from the local cache, so it opens offline; the server's copy only
 * until the cache has the line (a receipt mail opened on a new device).
 */
import { Link, useParams } from 'wouter';
import { paymentMethodText, receiptAmountRows, receiptNumberText } from '../../../schema/ledger';
import { formatDay, formatUsd } from '../../../schema/money';
import type { SyncedLedgerLine } from '../../../sync/areas/ledger';
import { invoiceKey, type SyncedInvoice } from '../../../sync/areas/invoices';
import { useCurrentUser } from '../../lib/session';
import { useSyncedValue } from '../../lib/use-synced-list';
import { useSyncedEntity } from '../../lib/use-synced-entity';
import { Alert, Button, ButtonLink, Card, CardBody, CheckCircleIcon, DetailList, FileTextIcon, PageHeader, Unavailable, type UnavailableWords } from '../../ui';
import { fetchLedgerLine, ledgerLineOfApi, useLedgerLine } from './use-ledger';

const WORDS: UnavailableWords = {
  loading: 'Loading receipt...',
  failed: 'Receipt not found',
  offline: 'This receipt is not available offline yet.',
  back: { href: '/account', label: 'Back to My Account' },
};

/** How the payment came, or 'Not recorded' for a line from before methods were kept. */
const methodText = (l: Pick<SyncedLedgerLine, 'method' | 'methodDetail'>) => paymentMethodText(l) ?? 'Not recorded';

export function ReceiptPage() {
  const { id = '' } = useParams<{ id: string }>();
  const me = useCurrentUser();
  const cached = useLedgerLine(id);
  const loaded = useSyncedEntity({ id, cached, fetch: fetchLedgerLine, fromRemote: ledgerLineOfApi, version: cached.data?.version });
  const line = loaded.entity;
  const own = !line || line.resident.id === me?.id;
  const account = own ? { label: 'My Account', href: '/account' } : { label: `${line.resident.name}’s Account`, href: `/account/${line.resident.id}` };
  const invoice = useSyncedValue<SyncedInvoice>(invoiceKey(line?.invoiceId ?? ''));

  if (loaded.unavailable) return <Unavailable state={loaded.unavailable} words={WORDS} title="Receipt" breadcrumb={[account, { label: 'Receipt' }]} />;
  const l = loaded.entity;
  if (l.receiptNumber == null) {
    return (
      <div>
        <PageHeader title="Receipt" breadcrumb={[account, { label: 'Receipt' }]} />
        <Alert tone="info" title="No receipt for this line" action={<ButtonLink href={account.href} variant="secondary" size="sm">Back to {account.label}</ButtonLink>}>
          Only a settled payment has a receipt. This line is on the statement with its date and amount.
        </Alert>
      </div>
    );
  }
  const number = receiptNumberText(l.receiptNumber);
  const paid = -l.amountCents;
  // A processing fee paid on top (passed on by the HOA): Amount, Processing fee and Total paid.
  const amounts = receiptAmountRows(paid, l.feeCents);
  const total = amounts[amounts.length - 1].cents;

  return (
    <div>
      <PageHeader
        title={`Receipt ${number}`}
        breadcrumb={[account, { label: number }]}
        actions={
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button variant="secondary" onClick={() => window.print()}>
              <FileTextIcon className="size-4" />
              Print
            </Button>
            <ButtonLink href={account.href} variant="secondary">
              Back to {own ? 'My Account' : 'Account'}
            </ButtonLink>
          </div>
        }
      />
      <Card className="max-w-2xl">
        <CardBody className="space-y-6">
          <div className="flex items-start gap-3">
            <span className="rounded-full bg-success-50 p-2 text-success-700">
              <CheckCircleIcon className="size-6" />
            </span>
            <div className="min-w-0">
              <p className="text-sm text-neutral-600">Payment received</p>
              <p className="tabular text-3xl font-semibold tracking-tight text-neutral-900">{formatUsd(total)}</p>
              <p className="mt-1 text-sm text-neutral-600">
                From {l.resident.name} on {formatDay(l.occurredAt)}
                {me?.hoa_name ? ` to ${me.hoa_name}` : ''}
              </p>
            </div>
          </div>
          <div className="grid gap-6 border-t border-neutral-200 pt-5 sm:grid-cols-2">
            <DetailList
              items={[
                { label: 'Receipt number', value: <span className="tabular font-medium">{number}</span> },
                me?.hoa_name != null && { label: 'Paid to', value: me.hoa_name },
                { label: 'Date', value: formatDay(l.occurredAt) },
                ...amounts.map((row) => ({ label: row.label, value: <span className="tabular">{formatUsd(row.cents)}</span> })),
              ]}
            />
            <DetailList
              items={[
                { label: 'Method', value: methodText(l) },
                l.invoiceId == null && { label: 'For', value: l.description },
                l.invoiceId != null && {
                  label: 'Invoice',
                  value: (
                    <Link href={`/invoices/${l.invoiceId}`} className="text-accent-700 hover:underline">
                      {invoice.data?.due.title ?? l.description}
                    </Link>
                  ),
                },
                l.reference != null && { label: 'Reference', value: <span className="break-all">{l.reference}</span> },
              ]}
            />
          </div>
        </CardBody>
      </Card>
    </div>
  );
}
