/**
 * The board's collections view, one computation for the screen (from the local cache) and the server
 * (`GET /api/ledger/collections`): what came in this month, what is owed and held as credit, the aging
 * of open invoices, and who is behind. Also the accountant's CSV exports, built alike by the screen
 * (offline) and the server. Money is integer cents; "today" is the HOA's calendar day (schema/days.ts).
 */
import { z } from 'zod';
import { DAY_MS, DAY_RANGE_MESSAGES, dayRangeFields, dayRangeRule, zonedToday } from './days';
import { groupDigits } from './en-us';
import { INVOICE_STATUS_LABELS, PAYMENT_METHOD_LABELS, invoicePolicy, type InvoiceStatus, type PaymentMethod } from './invoices';
import { centsText, csvRow, LEDGER_KIND_LABELS, LEDGER_PAYMENT_METHOD_LABELS, receiptNumberText, type LedgerKind, type LedgerPaymentMethod } from './ledger';
import { isoDay } from './money';
import { lazy } from './lazy';
import { isPrivileged, type Role } from './roles';

export interface Person {
  id: string;
  name: string;
  email: string;
}

/** What the figures read of a ledger line (`SyncedLedgerLine` fits). */
export interface CollectionsLine {
  kind: LedgerKind;
  amountCents: number;
  occurredAt: number;
  resident: Person;
  invoiceId: string | null;
}

/** What the figures read of an invoice (`SyncedInvoice` fits); the late fee is optional so older values still read. */
export interface CollectionsInvoice {
  id: string;
  status: InvoiceStatus;
  amountCents: number;
  lateFeeCents?: number | null;
  dueDate: number;
  recipient: Person;
}

export const COLLECTIONS_MESSAGES = {
  boardOnly: 'Only board members can see collections',
  ...DAY_RANGE_MESSAGES,
  noneDelinquent: 'No resident is behind on an invoice',
} as const;

export const collectionsPolicy = {
  /** The collections view and the exports: the board and the superadmin. */
  mayRead: (role: Role) => isPrivileged(role),
};

/** What an invoice asks in all: its amount and its late fee (0 when none or waived). */
export const invoiceTotalCents = (inv: { amountCents: number; lateFeeCents?: number | null }) => inv.amountCents + (inv.lateFeeCents ?? 0);

export const AGING_BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_LABELS: Record<AgingBucket, string> = { current: 'Current', d1_30: '1–30 days', d31_60: '31–60 days', d61_90: '61–90 days', d90_plus: '90+ days' };

/** Whole days an invoice is past its due day on `today` (0 on the due day and before). */
export const daysPastDue = (dueDate: number, today: number) => Math.max(0, Math.round((today - dueDate) / DAY_MS));

/** The aging bucket of an open invoice: current until due, then 1–30, 31–60, 61–90, over 90 days past due. */
export function agingBucketOf(days: number): AgingBucket {
  if (days <= 0) return 'current';
  if (days <= 30) return 'd1_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  return 'd90_plus';
}

/** The first day of `today`'s month and of the next (UTC midnights of calendar days). */
export function monthOf(today: number): { start: number; end: number } {
  const d = new Date(today);
  return { start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) };
}

/**
 * The HOA's calendar day of a moment. A moment more than a day away from `[from, to)` cannot fall in it
 * in any zone, so the zone is only asked about the few near the edges.
 */
function dayIn(at: number, from: number, to: number, timeZone: string): boolean {
  if (at < from - DAY_MS || at >= to + DAY_MS) return false;
  const day = zonedToday(at, timeZone);
  return day >= from && day < to;
}

export interface AgingRow {
  bucket: AgingBucket;
  label: string;
  count: number;
  amountCents: number;
}

export interface DelinquentResident {
  resident: Person;
  balanceCents: number;
  /** Open invoices past their due day and what they ask. */
  overdueCount: number;
  overdueCents: number;
  /** Days past due of the oldest of them. */
  oldestOverdueDays: number;
  lastPayment: { at: number; amountCents: number } | null;
}

export interface Collections {
  today: number;
  /** Payments less refunds in the HOA's current calendar month. */
  collectedCents: number;
  /** Sum of the balances above zero. */
  outstandingCents: number;
  /** Sum of the credits (balances below zero), as a positive amount. */
  creditsCents: number;
  residentsOwing: number;
  residentsInCredit: number;
  /** Every bucket, in order, also the empty ones. */
  aging: AgingRow[];
  /** Largest balance first. */
  delinquent: DelinquentResident[];
}

const byName = (a: Person, b: Person) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The collections figures of an HOA from its ledger lines and invoices, on the HOA's `today` in `timeZone`. */
export function collectionsOf(lines: readonly CollectionsLine[], invoices: readonly CollectionsInvoice[], today: number, timeZone: string): Collections {
  const month = monthOf(today);
  let collectedCents = 0;
  const accounts = new Map<string, { resident: Person; balanceCents: number; lastPayment: { at: number; amountCents: number } | null }>();
  for (const line of lines) {
    let account = accounts.get(line.resident.id);
    if (!account) accounts.set(line.resident.id, (account = { resident: line.resident, balanceCents: 0, lastPayment: null }));
    account.balanceCents += line.amountCents;
    if (line.kind === 'payment') {
      if (!account.lastPayment || line.occurredAt >= account.lastPayment.at) account.lastPayment = { at: line.occurredAt, amountCents: -line.amountCents };
    }
    // A payment takes from the balance, a refund gives back: money in is the opposite of their sum.
    if ((line.kind === 'payment' || line.kind === 'refund') && dayIn(line.occurredAt, month.start, month.end, timeZone)) collectedCents -= line.amountCents;
  }

  const aging = new Map<AgingBucket, AgingRow>(AGING_BUCKETS.map((bucket) => [bucket, { bucket, label: AGING_LABELS[bucket], count: 0, amountCents: 0 }]));
  const overdue = new Map<string, { count: number; cents: number; oldest: number }>();
  for (const inv of invoices) {
    if (!invoicePolicy.isPayable(inv.status)) continue;
    const days = daysPastDue(inv.dueDate, today);
    const row = aging.get(agingBucketOf(days))!;
    row.count++;
    row.amountCents += invoiceTotalCents(inv);
    if (days > 0) {
      const o = overdue.get(inv.recipient.id) ?? { count: 0, cents: 0, oldest: 0 };
      o.count++;
      o.cents += invoiceTotalCents(inv);
      o.oldest = Math.max(o.oldest, days);
      overdue.set(inv.recipient.id, o);
    }
  }

  let outstandingCents = 0;
  let creditsCents = 0;
  let residentsOwing = 0;
  let residentsInCredit = 0;
  const delinquent: DelinquentResident[] = [];
  for (const [id, a] of accounts) {
    if (a.balanceCents > 0) {
      outstandingCents += a.balanceCents;
      residentsOwing++;
    } else if (a.balanceCents < 0) {
      creditsCents -= a.balanceCents;
      residentsInCredit++;
    }
    const o = overdue.get(id);
    if (a.balanceCents > 0 && o) {
      delinquent.push({ resident: a.resident, balanceCents: a.balanceCents, overdueCount: o.count, overdueCents: o.cents, oldestOverdueDays: o.oldest, lastPayment: a.lastPayment });
    }
  }
  delinquent.sort((x, y) => y.balanceCents - x.balanceCents || byName(x.resident, y.resident));
  return { today, collectedCents, outstandingCents, creditsCents, residentsOwing, residentsInCredit, aging: [...aging.values()], delinquent };
}

/** "12 days" / "1 day". */
export const daysText = (days: number) => `${groupDigits(days)} ${days === 1 ? 'day' : 'days'}`;

// ---- The accountant's exports ----

export const EXPORT_KINDS = ['lines', 'invoices', 'payments'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_LABELS: Record<ExportKind, string> = { lines: 'Ledger lines', invoices: 'Invoices', payments: 'Payments' };

/** Days of the export, both ends included (UTC midnights of the HOA's calendar days); either may be open. */
export interface ExportRange {
  from?: number | null;
  to?: number | null;
}

/** What the exports read of a line (`SyncedLedgerLine` fits). */
export interface ExportLine extends CollectionsLine {
  id: string;
  description: string;
  method: LedgerPaymentMethod | null;
  methodDetail: string | null;
  receiptNumber: number | null;
  reference: string | null;
}

/** What the exports read of an invoice (`SyncedInvoice` fits). */
export interface ExportInvoice extends CollectionsInvoice {
  due: { title: string };
  sentAt: number;
  paidAt: number | null;
  paymentMethod: PaymentMethod | null;
}

/** `maple-grove-hoa-invoices-2026-11-25.csv` (with the range when one is asked; without the HOA's name where it is not known). */
export function exportFileName(kind: ExportKind, hoaName: string | null, today: number, range: ExportRange = {}): string {
  const slug = hoaName?.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const span = range.from != null || range.to != null ? `${range.from != null ? isoDay(range.from) : 'start'}-to-${range.to != null ? isoDay(range.to) : isoDay(today)}` : isoDay(today);
  return `${slug ? `${slug}-` : ''}${kind}-${span}.csv`;
}

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD` of the exports, both optional, the start not after the end. */
export const exportRangeSchema = lazy(() =>
  z.object(dayRangeFields()).superRefine(dayRangeRule),
);

const inRange = (day: number, range: ExportRange) => (range.from == null || day >= range.from) && (range.to == null || day <= range.to);
const lineOrder = (a: ExportLine, b: ExportLine) => a.occurredAt - b.occurredAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const methodText = (l: ExportLine) => (l.method ? LEDGER_PAYMENT_METHOD_LABELS[l.method] : '');
const csvText = (rows: string[]) => `${rows.join('\r\n')}\r\n`;

/** The chosen lines of the range with their HOA day, oldest first. */
function datedLines(lines: readonly ExportLine[], timeZone: string, range: ExportRange, chosen: (l: ExportLine) => boolean) {
  return lines
    .filter(chosen)
    .map((l) => ({ l, day: zonedToday(l.occurredAt, timeZone) }))
    .filter((x) => inRange(x.day, range))
    .sort((a, b) => lineOrder(a.l, b.l));
}

/** Every ledger line of the range, oldest first: signed amounts as they move the resident's balance. */
export function ledgerLinesCsv(lines: readonly ExportLine[], timeZone: string, range: ExportRange = {}): string {
  const rows = [csvRow(['Date', 'Resident', 'Email', 'Type', 'Description', 'Amount', 'Receipt', 'Method', 'Method detail', 'Reference', 'Invoice ID', 'Line ID'])];
  for (const { l, day } of datedLines(lines, timeZone, range, () => true)) {
    rows.push(
      csvRow([isoDay(day), l.resident.name, l.resident.email, LEDGER_KIND_LABELS[l.kind], l.description, centsText(l.amountCents), l.receiptNumber ? receiptNumberText(l.receiptNumber) : '', methodText(l), l.methodDetail, l.reference, l.invoiceId, l.id]),
    );
  }
  return csvText(rows);
}

/** Payments (money in, positive) and refunds (money back, negative) of the range, oldest first: their sum is what was collected. */
export function paymentsCsv(lines: readonly ExportLine[], timeZone: string, range: ExportRange = {}): string {
  const rows = [csvRow(['Date', 'Receipt', 'Resident', 'Email', 'Type', 'Amount', 'Method', 'Method detail', 'Reference', 'Invoice ID', 'Description', 'Line ID'])];
  for (const { l, day } of datedLines(lines, timeZone, range, (l) => l.kind === 'payment' || l.kind === 'refund')) {
    rows.push(
      csvRow([
        isoDay(day),
        l.receiptNumber ? receiptNumberText(l.receiptNumber) : '',
        l.resident.name,
        l.resident.email,
        LEDGER_KIND_LABELS[l.kind],
        centsText(-l.amountCents),
        methodText(l),
        l.methodDetail,
        l.reference,
        l.invoiceId,
        l.description,
        l.id,
      ]),
    );
  }
  return csvText(rows);
}

/** Invoices issued in the range (by their send day), oldest first; the status is the one the screens show (pending past due reads overdue). */
export function invoicesCsv(invoices: readonly ExportInvoice[], timeZone: string, today: number, range: ExportRange = {}): string {
  const rows = [csvRow(['Invoice ID', 'Issued', 'Due date', 'Resident', 'Email', 'Description', 'Status', 'Amount', 'Late fee', 'Total', 'Days past due', 'Paid date', 'Payment method'])];
  const chosen = invoices.filter((i) => inRange(i.sentAt, range)).sort((a, b) => a.sentAt - b.sentAt || a.dueDate - b.dueDate || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const i of chosen) {
    const status = invoicePolicy.shownStatus(i, today);
    rows.push(
      csvRow([
        i.id,
        isoDay(i.sentAt),
        isoDay(i.dueDate),
        i.recipient.name,
        i.recipient.email,
        i.due.title,
        INVOICE_STATUS_LABELS[status],
        centsText(i.amountCents),
        centsText(i.lateFeeCents ?? 0),
        centsText(invoiceTotalCents(i)),
        invoicePolicy.isPayable(status) ? daysPastDue(i.dueDate, today) : '',
        i.paidAt != null ? isoDay(zonedToday(i.paidAt, timeZone)) : '',
        i.paymentMethod ? PAYMENT_METHOD_LABELS[i.paymentMethod] : '',
      ]),
    );
  }
  return csvText(rows);
}

/** One export by its kind. */
export function exportCsv(kind: ExportKind, data: { lines: readonly ExportLine[]; invoices: readonly ExportInvoice[] }, timeZone: string, today: number, range: ExportRange = {}): string {
  if (kind === 'invoices') return invoicesCsv(data.invoices, timeZone, today, range);
  return kind === 'payments' ? paymentsCsv(data.lines, timeZone, range) : ledgerLinesCsv(data.lines, timeZone, range);
}
