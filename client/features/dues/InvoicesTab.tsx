/**
 * The My Invoices tab: the signed-in user's own invoices from the local cache (also
 * offline), title search and status multi-select, 10 a page with "Showing x to y of z invoices",
 * Previous and Next, and "Page n of m". Pending past its due day counts as overdue.
 */
import { invoiceTotal } from '../../../schema/late-fees';
import { useEffect, useMemo, useState } from 'react';
import { INVOICE_MESSAGES, INVOICE_PAGE_SIZE, INVOICE_STATUSES, INVOICE_STATUS_LABELS, invoiceRangeText, pageOfText } from '../../../schema/invoices';
import { formatDay, formatUsd } from '../../../schema/money';
import type { SyncedInvoice } from '../../../sync/areas/invoices';
import { useCurrentUser } from '../../lib/session';
import { useListFilters, type ListFilterConfig } from '../../lib/use-list-filters';
import { Button, Card, CardHeader, type Column, DataTable, EmptyState, FilterBar, type SelectFilterDef, ViewLink } from '../../ui';
import { InvoiceStatusBadge } from './badges';
import { shownStatus, useInvoiceList } from './use-dues';

export const INVOICE_FILTERS: ListFilterConfig<SyncedInvoice, 'status'> = { search: (i) => i.due.title, selects: { status: (i) => shownStatus(i) } };
export const INVOICE_SELECTS: readonly SelectFilterDef<'status'>[] = [{ name: 'status', label: 'Status', options: INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] })) }];

const view = (i: SyncedInvoice) => <ViewLink href={`/invoices/${i.id}`} name={i.due.title} />;

export const INVOICE_COLUMNS: Column<SyncedInvoice>[] = [
  {
    header: 'Title',
    primary: true,
    cell: (i) => (
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-neutral-900">{i.due.title}</p>
          <p className="mt-1 text-sm font-normal text-neutral-600 sm:hidden">
            {formatUsd(invoiceTotal(i))} · Due {formatDay(i.dueDate)}
          </p>
          <div className="mt-2 sm:hidden">
            <InvoiceStatusBadge invoice={i} />
          </div>
        </div>
        <div className="shrink-0 sm:hidden">{view(i)}</div>
      </div>
    ),
  },
  { header: 'Amount', hideOnPhone: true, className: 'whitespace-nowrap', cell: (i) => formatUsd(invoiceTotal(i)) },
  { header: 'Status', hideOnPhone: true, cell: (i) => <InvoiceStatusBadge invoice={i} /> },
  { header: 'Due Date', hideOnPhone: true, className: 'whitespace-nowrap', cell: (i) => formatDay(i.dueDate) },
  { header: 'Actions', hideOnPhone: true, className: 'text-right', cell: view },
];

export function InvoicesTab() {
  const me = useCurrentUser();
  const filters = useListFilters(INVOICE_FILTERS);
  const [page, setPage] = useState(1);
  // My Invoices are the user's own (the board's cache also holds the HOA's, shown per due).
  const mine = useMemo(() => {
    const own = (i: SyncedInvoice) => i.recipient.id === me?.id;
    const chosen = filters.filter;
    return chosen ? (i: SyncedInvoice) => own(i) && chosen(i) : own;
  }, [me?.id, filters.filter]);
  useEffect(() => setPage(1), [mine]);
  // The kit shows the first `pageSize` rows: ask for every row up to this page's end and show its last ten.
  const list = useInvoiceList({ filter: mine, pageSize: page * INVOICE_PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(list.total / INVOICE_PAGE_SIZE));
  const rows = list.items.slice((page - 1) * INVOICE_PAGE_SIZE);
  return (
    <Card>
      <CardHeader title="My Invoices" />
      <FilterBar filters={filters.store} list="invoices" label="Filter invoices" selects={INVOICE_SELECTS} sortable={false} />
      <DataTable caption="My Invoices" columns={INVOICE_COLUMNS} rows={rows} rowKey={(i) => i.id} loading={list.loading} empty={<EmptyState title={INVOICE_MESSAGES.empty} />} />
      {list.total > 0 && (
        <nav aria-label="Invoice pages" className="flex flex-wrap items-center justify-between gap-3 border-t border-neutral-200 px-5 py-3 text-sm text-neutral-700">
          <p>{invoiceRangeText(page, INVOICE_PAGE_SIZE, list.total)}</p>
          <div className="flex items-center gap-2">
            <Button variant="secondary" size="sm" onClick={() => setPage(page - 1)} disabled={page <= 1}>
              Previous
            </Button>
            <span>{pageOfText(page, pages)}</span>
            <Button variant="secondary" size="sm" onClick={() => setPage(page + 1)} disabled={page >= pages}>
              Next
            </Button>
          </div>
        </nav>
      )}
    </Card>
  );
}
