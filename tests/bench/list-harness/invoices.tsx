/**
 * The invoices case of the list benchmark: 10,000 invoices as the server syncs them, through the
 * real invoices spec (due date order) and My Invoices' filters (title search, status) and columns.
 */
import type { ReadonlyJSONValue } from 'replicache';
import type { InvoiceStatus } from '../../../schema/invoices';
import { invoiceKey, INVOICE_SPACE, type SyncedInvoice } from '../../../sync/areas/invoices';
import { prefixOf } from '../../../sync/keys';
import { INVOICE_COLUMNS, INVOICE_FILTERS, INVOICE_SELECTS } from '../../../client/features/dues/InvoicesTab';
import { invoiceList } from '../../../client/features/dues/use-dues';
import type { BenchCase } from './cases';

const TITLES = ['Monthly HOA Dues', 'Pool Assessment', 'Landscaping Fee', 'Gate Remote', 'Parking Permit', 'Roof Reserve', 'Clubhouse Key', 'Snow Removal'];
// Mostly paid, as in a living HOA; seven entries so status does not follow the title (eight).
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
    paymentMethod: null,
    lateFeeCents: 0,
    processingSince: null,
    recipient: { id: 'bench-user', name: 'Rita Resident', email: 'rita@example.test' },
    history: [],
    createdAt: sent,
    updatedAt: sent + edit,
    version: 1 + edit,
  };
}

const json = (v: object) => ({ ...v }) as unknown as ReadonlyJSONValue;

export const invoicesCase: BenchCase<SyncedInvoice, 'status'> = {
  title: 'My Invoices',
  space: INVOICE_SPACE,
  list: invoiceList,
  filters: INVOICE_FILTERS,
  selects: [...INVOICE_SELECTS],
  sortable: false,
  columns: INVOICE_COLUMNS,
  useStats: (list) => [
    { label: 'Total', value: list.size },
    { label: 'Matching', value: list.counted ?? '–' },
  ],
  entries: (n) => Array.from({ length: n }, (_, i): [string, ReadonlyJSONValue] => [invoiceKey(benchInvoice(i).id), json(benchInvoice(i))]),
  changed: (i, edit) => {
    const inv = benchInvoice(i, edit);
    return [invoiceKey(inv.id), json(inv)];
  },
  collectionOp: (k, rows) => {
    const inv = benchInvoice((k * 7919) % rows, k + 1);
    return { op: 'change', key: invoiceKey(inv.id), oldValue: null, newValue: json(inv) };
  },
  collectionFilter: (i) => i.status === 'overdue' || i.due.title.toLowerCase().includes('pool'),
  naive: (entries, filter) =>
    entries
      .filter(([key]) => key.startsWith(prefixOf(INVOICE_SPACE)))
      .map(([, value]) => value as unknown as SyncedInvoice)
      .filter(filter)
      .sort(invoiceList.compare),
};
