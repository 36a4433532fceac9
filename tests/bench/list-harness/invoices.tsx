/**
 * The list kit benchmark's invoices page (`?list=invoices`): 10,000 invoices as the server syncs
 * them, through the real invoices spec (sorted by due date), title search and the status
 * multi-select as on My Invoices, and one-row changes applied to a collection.
 */
import { useLayoutEffect, useRef } from 'react';
import { INVOICE_STATUSES, INVOICE_STATUS_LABELS, type InvoiceStatus } from '../../../schema/invoices';
import { formatDay, formatUsd } from '../../../schema/money';
import { invoiceKey, INVOICE_SPACE, type SyncedInvoice } from '../../../sync/areas/invoices';
import { prefixOf } from '../../../sync/keys';
import { InvoiceStatusBadge } from '../../../client/features/dues/badges';
import { invoiceList, shownStatus } from '../../../client/features/dues/use-dues';
import { CollectionView, SyncedCollection, type DiffOp } from '../../../client/lib/synced-collection';
import { LIST_PAGE_SIZE, useListFilters, type ListFilterConfig } from '../../../client/lib/use-list-filters';
import { useSyncedList } from '../../../client/lib/use-synced-list';
import { EmptyState, FilterBar, ListScreen, type Column, type SelectFilterDef } from '../../../client/ui';
import { afterPaint, filterApplied, rowsCommitted } from './probe';

const TITLES = ['Monthly HOA Dues', 'Pool Assessment', 'Landscaping Fee', 'Gate Remote', 'Parking Permit', 'Roof Reserve', 'Clubhouse Key', 'Snow Removal'];
const STATUSES: InvoiceStatus[] = ['paid', 'paid', 'pending', 'paid', 'overdue', 'canceled', 'pending'];
const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 5, 1);

export function benchInvoice(i: number, edit = 0): SyncedInvoice {
  const sent = TODAY - (i % 400) * DAY;
  return {
    id: `bench-inv-${String(i).padStart(5, '0')}`,
    due: { id: `bench-due-${i % 40}`, title: `${TITLES[(i + edit) % TITLES.length]} #${i}${edit ? ` (edit ${edit})` : ''}`, description: null, frequency: 'monthly' },
    amountCents: 1000 + ((i * 7919) % 90_000),
    status: STATUSES[(i + edit) % STATUSES.length],
    sentAt: sent,
    dueDate: sent + 7 * DAY,
    paidAt: null,
    recipient: { id: 'bench-user', name: 'Rita Resident', email: 'rita@example.test' },
    createdAt: sent,
    updatedAt: sent + edit,
    version: 1 + edit,
  };
}

export function benchInvoiceEntries(n: number): [string, SyncedInvoice][] {
  return Array.from({ length: n }, (_, i) => [invoiceKey(benchInvoice(i).id), benchInvoice(i)]);
}

export const INVOICE_PREFIX = prefixOf(INVOICE_SPACE);

const FILTERS: ListFilterConfig<SyncedInvoice, 'status'> = { search: (i) => i.due.title, selects: { status: (i) => shownStatus(i, TODAY) } };
const SELECTS: SelectFilterDef<'status'>[] = [{ name: 'status', label: 'Status', options: INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] })) }];
const COLUMNS: Column<SyncedInvoice>[] = [
  { header: 'Title', primary: true, cell: (i) => <p className="truncate font-medium text-neutral-900">{i.due.title}</p> },
  { header: 'Amount', cell: (i) => formatUsd(i.amountCents) },
  { header: 'Status', cell: (i) => <InvoiceStatusBadge invoice={i} /> },
  { header: 'Due Date', cell: (i) => formatDay(i.dueDate) },
];

export function BenchInvoiceList({ onFirstRows }: { onFirstRows: () => void }) {
  const filters = useListFilters(FILTERS);
  const seenFilter = useRef(filters.filter);
  if (filters.filter !== seenFilter.current) {
    seenFilter.current = filters.filter;
    filterApplied();
  }
  const list = useSyncedList(invoiceList, { filter: filters.filter, pageSize: LIST_PAGE_SIZE });
  useLayoutEffect(() => {
    rowsCommitted();
    if (list.items.length > 0) afterPaint(onFirstRows);
  }, [list.items]);
  return (
    <ListScreen
      title="My Invoices"
      subtitle="List kit benchmark"
      stats={[
        { label: 'Total', value: list.size },
        { label: 'Matching', value: list.total },
      ]}
      filters={<FilterBar filters={filters.store} label="Filter invoices" selects={SELECTS} sortable={false} />}
      tableTitle="My Invoices"
      columns={COLUMNS}
      rowKey={(i) => i.id}
      rows={list}
      empty={<EmptyState title="No invoices found" />}
      exhaustedText="No more invoices"
    />
  );
}

/** One-row changes applied to a collection of every cached invoice, a filter view reading after each; and a naive recompute. */
export function invoiceCollectionTimes(entries: readonly (readonly [string, unknown])[], changes: number) {
  const collection = new SyncedCollection(invoiceList);
  collection.applyDiff(entries.map(([key, newValue]): DiffOp => ({ op: 'add', key, newValue: newValue as never })));
  const view = new CollectionView(collection);
  const filter = (i: SyncedInvoice) => i.status === 'overdue' || i.due.title.toLowerCase().includes('pool');
  view.read(filter);
  const change: number[] = [];
  for (let k = 0; k < changes; k++) {
    const inv = benchInvoice((k * 7919) % collection.size, k + 1);
    const start = performance.now();
    collection.applyDiff([{ op: 'change', key: invoiceKey(inv.id), oldValue: null, newValue: { ...inv } as never }]);
    view.read(filter).slice(0, LIST_PAGE_SIZE);
    change.push(performance.now() - start);
  }
  const rows = entries.map(([, v]) => v as SyncedInvoice);
  const naive: number[] = [];
  for (let k = 0; k < 20; k++) {
    const start = performance.now();
    rows.filter(filter).sort(invoiceList.compare).slice(0, LIST_PAGE_SIZE);
    naive.push(performance.now() - start);
  }
  return { change, naive };
}
