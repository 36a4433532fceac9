/**
 * /dues/{id}: the spec's placeholder is thin, so this shows the due's details, its
 * recipients (board and superadmin) and the invoices it issued, from the local cache (also offline).
 */
import { useMemo } from 'react';
import { useParams } from 'wouter';
import { DUE_FREQUENCY_LABELS, DUE_MESSAGES, DUE_REASON_LABELS, duePolicy } from '../../../schema/dues';
import { lateFeeText } from '../../../schema/late-fees';
import { formatDay, formatUsd } from '../../../schema/money';
import type { SyncedInvoice } from '../../../sync/areas/invoices';
import { useCurrentUser } from '../../lib/session';
import { useSyncedEntity } from '../../lib/use-synced-entity';
import { Alert, ButtonLink, Card, CardHeader, type Column, DataTable, DetailScreen, EmptyState, Unavailable, type UnavailableWords, ViewLink } from '../../ui';
import { DueStatusBadge, InvoiceStatusBadge, useDueQueued } from './badges';
import { dueOfApi, fetchDue } from './dues-api';
import { useDue, useInvoiceList } from './use-dues';

const WORDS: UnavailableWords = {
  loading: 'Loading due...',
  failed: DUE_MESSAGES.loadFailed,
  offline: 'This due is not available offline.',
  back: { href: '/dues', label: 'Back to Dues' },
};
export const QUEUED_DUE = 'This due was created offline. Its invoices are issued when you reconnect.';
const crumbs = (title: string) => [{ label: 'Dues', href: '/dues' }, { label: title }];

const COLUMNS: Column<SyncedInvoice>[] = [
  { header: 'Recipient', primary: true, cell: (i) => i.recipient.name },
  { header: 'Amount', cell: (i) => formatUsd(i.amountCents) },
  { header: 'Sent', cell: (i) => formatDay(i.sentAt) },
  { header: 'Due Date', cell: (i) => formatDay(i.dueDate) },
  { header: 'Status', cell: (i) => <InvoiceStatusBadge invoice={i} /> },
  {
    header: 'Actions',
    className: 'text-right',
    cell: (i) => <ViewLink href={`/invoices/${i.id}`} name={`invoice of ${i.recipient.name}`} />,
  },
];

export function DueDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const me = useCurrentUser();
  const cached = useDue(id);
  const loaded = useSyncedEntity({ id, cached, fetch: fetchDue, fromRemote: dueOfApi, version: cached.data?.version });
  const ofThisDue = useMemo(() => (i: SyncedInvoice) => i.due.id === id, [id]);
  const issued = useInvoiceList({ filter: ofThisDue, pageSize: 50 });
  const queued = useDueQueued(id);

  if (loaded.unavailable) return <Unavailable state={loaded.unavailable} words={WORDS} title="Due Details" breadcrumb={crumbs('Due Details')} />;
  const d = loaded.entity;
  const board = !!me && duePolicy.mayManage(me.role);
  return (
    <DetailScreen
      title={d.title}
      breadcrumb={crumbs(d.title)}
      badges={<DueStatusBadge due={d} />}
      alerts={queued && <Alert tone="info">{QUEUED_DUE}</Alert>}
      actions={
        <ButtonLink href="/dues" variant="secondary">
          Back to Dues
        </ButtonLink>
      }
      details={[
        { label: 'Amount (per recipient)', value: formatUsd(d.amountCents) },
        { label: 'Frequency', value: DUE_FREQUENCY_LABELS[d.frequency] },
        { label: 'Reason', value: DUE_REASON_LABELS[d.reason] },
        { label: 'First Send Date', value: formatDay(d.sendDate) },
        { label: 'Next Send Date', value: d.nextSendDate == null ? DUE_MESSAGES.notSet : formatDay(d.nextSendDate) },
        { label: 'Due Date Offset', value: `${d.dueDateOffset} days after sending` },
        { label: 'Late Fee', value: lateFeeText({ kind: d.lateFeeKind, value: d.lateFeeValue, graceDays: d.graceDays }) },
        { label: 'Due ID', value: <span className="font-mono text-xs">{d.id}</span> },
      ]}
    >
      {d.description && (
        <Card>
          <CardHeader title="Description" />
          <p className="px-5 py-4 text-sm text-neutral-800">{d.description}</p>
        </Card>
      )}
      {board && (
        <Card>
          <CardHeader title={`Recipients (${d.recipients.length})`} />
          <ul className="divide-y divide-neutral-200">
            {d.recipients.map((p) => (
              <li key={p.id} className="px-5 py-3 text-sm">
                <span className="font-medium text-neutral-900">{p.name}</span> <span className="text-neutral-600">{p.email}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Card>
        <CardHeader title="Invoices" description={board ? 'Every invoice this due has issued' : 'Your invoices from this due'} />
        <DataTable caption="Invoices" columns={COLUMNS} rows={issued.items} rowKey={(i) => i.id} loading={issued.loading} empty={<EmptyState title="No invoices issued yet" />} />
      </Card>
    </DetailScreen>
  );
}
