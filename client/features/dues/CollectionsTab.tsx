/**
 * The board's Collections tab on /dues: what came in this month, what is owed and held as credit, the
 * aging of open invoices, who is behind, and the accountant's CSV exports. All of it from the local
 * cache (the board's holds every ledger line and invoice of the HOA), computed by schema/collections.ts
 * as the server computes it, so it reads the same offline; the exports are built here too.
 */
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { collectionsOf, COLLECTIONS_MESSAGES, daysText, EXPORT_KINDS, EXPORT_LABELS, exportCsv, exportFileName, exportRangeSchema, type AgingRow, type DelinquentResident, type ExportKind } from '../../../schema/collections';
import { formatDay, zonedToday } from '../../../schema/days';
import { formatMonthYearUtc, groupDigits } from '../../../schema/en-us';
import { formatUsd } from '../../../schema/money';
import { LEDGER_SPACE, type SyncedLedgerLine } from '../../../sync/areas/ledger';
import { prefixOf } from '../../../sync/keys';
import { useHoaTimeZone, useHoaToday } from '../../lib/hoa-day';
import { saveTextFile } from '../../lib/download';
import { defineSyncedList, newestFirst, useSyncedList } from '../../lib/use-synced-list';
import { Button, Card, CardBody, CardHeader, cx, DataTable, EmptyState, Field, Input, Skeleton, StatCard, type Column } from '../../ui';
import { invoiceList } from './use-dues';
import { useZodArrived } from '../../lib/deferred-zod';

const ledgerList = defineSyncedList({ prefix: prefixOf(LEDGER_SPACE), compare: newestFirst((l: SyncedLedgerLine) => l.occurredAt) });
/** The figures read every row. */
const EVERY_ROW = { pageSize: Infinity };

const residentsText = (n: number, what: string) => `${groupDigits(n)} ${n === 1 ? 'resident' : 'residents'} ${what}`;

/** Overdue buckets darken as they age; colour is never the only signal (each bar has its label and amount). */
const BAR_TONE: Record<AgingRow['bucket'], string> = {
  current: 'bg-accent-500',
  d1_30: 'bg-warning-200',
  d31_60: 'bg-warning-600',
  d61_90: 'bg-danger-600',
  d90_plus: 'bg-danger-800',
};

function AgingChart({ aging }: { aging: AgingRow[] }) {
  const largest = Math.max(1, ...aging.map((a) => a.amountCents));
  return (
    <ul aria-label="Aging of open invoices" className="space-y-3">
      {aging.map((a) => (
        <li key={a.bucket} className="grid grid-cols-[6.5rem_1fr] items-center gap-3 sm:grid-cols-[7rem_1fr_11rem]">
          <span className="text-sm font-medium text-neutral-800">{a.label}</span>
          <span className="h-4 overflow-hidden rounded bg-neutral-100" aria-hidden="true">
            <span className={cx('block h-full rounded', BAR_TONE[a.bucket])} style={{ width: `${(a.amountCents / largest) * 100}%` }} />
          </span>
          <span className="tabular col-start-2 text-sm text-neutral-700 sm:col-start-auto sm:text-right">
            <span className="font-semibold text-neutral-900">{formatUsd(a.amountCents)}</span> · {groupDigits(a.count)} {a.count === 1 ? 'invoice' : 'invoices'}
          </span>
        </li>
      ))}
    </ul>
  );
}

function delinquentColumns(timeZone: string): Column<DelinquentResident>[] {
  const lastPayment = (d: DelinquentResident) => (d.lastPayment ? `${formatDay(zonedToday(d.lastPayment.at, timeZone))} · ${formatUsd(d.lastPayment.amountCents)}` : 'Never');
  return [
    {
      header: 'Resident',
      primary: true,
      cell: (d) => (
        <div className="min-w-0">
          <Link href={`/account/${d.resident.id}`} className="font-medium text-accent-800 hover:underline">
            {d.resident.name}
          </Link>
          <p className="truncate text-sm font-normal text-neutral-600">{d.resident.email}</p>
        </div>
      ),
    },
    { header: 'Balance', className: 'tabular whitespace-nowrap', cell: (d) => formatUsd(d.balanceCents) },
    { header: 'Oldest overdue', className: 'whitespace-nowrap', cell: (d) => `${daysText(d.oldestOverdueDays)} (${groupDigits(d.overdueCount)} ${d.overdueCount === 1 ? 'invoice' : 'invoices'})` },
    { header: 'Last payment', className: 'whitespace-nowrap', cell: lastPayment },
  ];
}

function Exports({ lines, invoices, timeZone, today }: { lines: readonly SyncedLedgerLine[]; invoices: Parameters<typeof exportCsv>[1]['invoices']; timeZone: string; today: number }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // Checked as the dates change, once zod is there (lib/deferred-zod.ts): until then nothing is exported.
  const range = useZodArrived() ? exportRangeSchema.safeParse({ from: from || undefined, to: to || undefined }) : null;
  const error = !range || range.success ? null : (range.error.issues[0]?.message ?? null);
  const save = (kind: ExportKind) => {
    if (!range?.success) return;
    saveTextFile(exportFileName(kind, null, today, range.data), exportCsv(kind, { lines, invoices }, timeZone, today, range.data));
  };
  return (
    <Card>
      <CardHeader title="Exports" description="CSV files an accountant can import: ISO dates, plain amounts, receipt numbers. Built on this device, so they work offline." />
      <CardBody className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="From" hint="Empty: from the beginning">
            <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} invalid={!!error} />
          </Field>
          <Field label="To" hint="Empty: through today" error={error ?? undefined}>
            <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} invalid={!!error} />
          </Field>
        </div>
        <div className="flex flex-wrap gap-2">
          {EXPORT_KINDS.map((kind) => (
            <Button key={kind} variant="secondary" onClick={() => save(kind)} disabled={!range?.success}>
              Export {EXPORT_LABELS[kind].toLowerCase()}
            </Button>
          ))}
        </div>
      </CardBody>
    </Card>
  );
}

export function CollectionsTab() {
  const lines = useSyncedList(ledgerList, EVERY_ROW);
  const invoices = useSyncedList(invoiceList, EVERY_ROW);
  const today = useHoaToday();
  const timeZone = useHoaTimeZone();
  const c = useMemo(() => collectionsOf(lines.items, invoices.items, today, timeZone), [lines.items, invoices.items, today, timeZone]);
  const columns = useMemo(() => delinquentColumns(timeZone), [timeZone]);
  const loading = lines.loading || invoices.loading;
  const figure = (cents: number) => (loading ? '…' : formatUsd(cents));
  return (
    <div className="space-y-6">
      <section aria-label="Collections figures" className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Collected this month" value={figure(c.collectedCents)} hint={`Payments less refunds, ${formatMonthYearUtc(today)}`} />
        <StatCard label="Outstanding" value={figure(c.outstandingCents)} hint={residentsText(c.residentsOwing, 'owe')} />
        <StatCard label="Credits" value={figure(c.creditsCents)} hint={residentsText(c.residentsInCredit, 'in credit')} />
      </section>
      <Card>
        <CardHeader title="Aging" description="Open invoices by days past their due date, with late fees" />
        <CardBody>{loading ? <Skeleton className="h-40 w-full" /> : <AgingChart aging={c.aging} />}</CardBody>
      </Card>
      <Card>
        <CardHeader title="Delinquent residents" description="A balance owed and an invoice past due, largest balance first" />
        <DataTable caption="Delinquent residents" columns={columns} rows={loading ? [] : c.delinquent} rowKey={(d) => d.resident.id} loading={loading} empty={<EmptyState title={COLLECTIONS_MESSAGES.noneDelinquent} />} />
      </Card>
      <Exports lines={lines.items} invoices={invoices.items} timeZone={timeZone} today={today} />
    </div>
  );
}
