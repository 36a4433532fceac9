/**
 * The ledger case of the list benchmark: 10,000 lines of one resident as the server syncs them
 * (charges, payments with receipts, late fees, waivers, credits, over eight years), read from the
 * cache, the statement computed with `statementOf` (running balance, opening balance of a year) and
 * painted as a table with the year filter, as the statement screen does. Not a list-kit list: its own
 * page (`?area=ledger`), driven by list.bench.ts `runLedger`.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReadonlyJSONValue } from 'replicache';
import { balanceSentence, LEDGER_KIND_LABELS, receiptNumberText, statementOf, type LedgerKind } from '../../../schema/ledger';
import { formatUsd } from '../../../schema/money';
import { ledgerKey, LEDGER_SPACE, type SyncedLedgerLine } from '../../../sync/areas/ledger';
import { prefixOf } from '../../../sync/keys';
import { formatDate } from '../../../client/lib/format';
import { Card, CardBody, DataTable, PageHeader, Select, type Column } from '../../../client/ui';
import { paintedLines, STATEMENT_PAINTED } from '../../../client/features/ledger/ledger-view';
import { afterPaint, filterApplied, rowsCommitted } from './probe';

export const LEDGER_YEARS = 8;
const DAY = 86_400_000;
const FIRST = Date.UTC(2026 - LEDGER_YEARS + 1, 0, 1);
const RESIDENT = { id: 'bench-user', name: 'Rita Resident', email: 'rita@example.test' };

/** Line `i` of the resident's history: a charge, then its payment (or, now and then, a late fee and its waiver, a credit). */
export function benchLedgerLine(i: number, rows: number, edit = 0): SyncedLedgerLine {
  const span = LEDGER_YEARS * 365 * DAY - DAY;
  const at = FIRST + Math.floor((i / rows) * span);
  const kinds: LedgerKind[] = ['charge', 'payment', 'charge', 'late_fee', 'payment', 'charge', 'waiver', 'payment', 'charge', 'credit'];
  const kind = kinds[i % kinds.length];
  const size = 1000 + ((i * 7919) % 40_000);
  const sign = kind === 'charge' || kind === 'late_fee' ? 1 : -1;
  return {
    id: `bench-line-${String(i).padStart(5, '0')}`,
    kind,
    amountCents: sign * (kind === 'late_fee' || kind === 'waiver' ? 2500 : size) + (edit ? sign : 0),
    description: kind === 'late_fee' ? 'Late fee: Monthly HOA Dues' : `Monthly HOA Dues #${i}${edit ? ` (edit ${edit})` : ''}`,
    occurredAt: at,
    invoiceId: `bench-inv-${Math.floor(i / 2)}`,
    violationId: null,
    relatedLineId: null,
    feeCents: 0,
    method: kind === 'payment' ? 'card' : null,
    methodDetail: kind === 'payment' ? 'Visa •••• 4242' : null,
    receiptNumber: kind === 'payment' ? i + 1 : null,
    reference: null,
    reason: kind === 'waiver' ? 'Courtesy waiver' : null,
    resident: RESIDENT,
    createdAt: at,
    updatedAt: at + edit,
    version: 1 + edit,
  };
}

const json = (v: object) => ({ ...v }) as unknown as ReadonlyJSONValue;
export const ledgerEntries = (n: number): [string, ReadonlyJSONValue][] => Array.from({ length: n }, (_, i) => [ledgerKey(benchLedgerLine(i, n).id), json(benchLedgerLine(i, n))]);
export const ledgerPrefix = prefixOf(LEDGER_SPACE);

type Shown = SyncedLedgerLine & { balanceCents: number };
const signed = (cents: number) => `${cents < 0 ? '−' : '+'}${formatUsd(Math.abs(cents))}`;
const COLUMNS: Column<Shown>[] = [
  { header: 'Date', cell: (l) => formatDate(l.occurredAt) },
  { header: 'Description', cell: (l) => (l.receiptNumber ? `${l.description} (${receiptNumberText(l.receiptNumber)})` : l.description), primary: true },
  { header: 'Type', cell: (l) => LEDGER_KIND_LABELS[l.kind] },
  { header: 'Amount', cell: (l) => signed(l.amountCents), className: 'text-right tabular-nums' },
  { header: 'Balance', cell: (l) => formatUsd(l.balanceCents), className: 'text-right tabular-nums' },
];

/** Subscribes to the cache's ledger lines (the board's cache holds the HOA's: filtered to the resident). */
function useLines(subscribe: (onLines: (lines: SyncedLedgerLine[]) => void) => () => void): SyncedLedgerLine[] | null {
  const [lines, setLines] = useState<SyncedLedgerLine[] | null>(null);
  useEffect(() => subscribe((all) => setLines(all.filter((l) => l.resident.id === RESIDENT.id))), [subscribe]);
  return lines;
}

/** The statement screen's work: statementOf over every line, the chosen year's newest lines painted (as the screen pages them). */
export function LedgerStatement({ subscribe, onFirstPaint }: { subscribe: (onLines: (lines: SyncedLedgerLine[]) => void) => () => void; onFirstPaint: () => void }) {
  const lines = useLines(subscribe);
  const [year, setYear] = useState<string>('all');
  const seenYear = useRef(year);
  if (seenYear.current !== year) {
    seenYear.current = year;
    filterApplied();
  }
  const statement = useMemo(() => (lines ? statementOf(lines, year === 'all' ? null : Number(year)) : null), [lines, year]);
  const painted = useRef(false);
  useLayoutEffect(() => {
    if (!statement) return;
    rowsCommitted();
    if (!painted.current && statement.lines.length) {
      painted.current = true;
      afterPaint(onFirstPaint);
    }
  }, [statement, onFirstPaint]);
  const options = [{ value: 'all', label: 'All years' }, ...(statement?.years ?? []).map((y) => ({ value: String(y), label: String(y) }))];
  return (
    <div className="space-y-4">
      <PageHeader title="Statement of account" subtitle={statement ? balanceSentence(statement.balanceCents) : 'Loading…'} />
      <Card>
        <CardBody>
          <Select aria-label="Year" options={options} value={year} onChange={setYear} />
          {statement && year !== 'all' && <p>Opening balance {formatUsd(statement.openingCents)}</p>}
          <DataTable caption="Statement" columns={COLUMNS} rows={statement ? paintedLines(statement.lines, STATEMENT_PAINTED, statement.openingCents).visible : []} rowKey={(l) => l.id} loading={!statement} />
        </CardBody>
      </Card>
    </div>
  );
}
