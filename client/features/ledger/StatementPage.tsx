/**
 * /account (the viewer's own statement) and /account/:userId (the board's view of a member's): the
 * balance in words, a year filter, every line with its running balance (payments link to their
 * receipt), Print (a page per year) and Download CSV. Read from the local cache, so it opens offline
 * and the CSV is built here, with no request.
 */
import { useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useParams } from 'wouter';
import { balanceSentence, LEDGER_KIND_LABELS, receiptNumberText, statementCsv, statementOf, yearOf, type LedgerKind } from '../../../schema/ledger';
import { groupDigits } from '../../../schema/en-us';
import { formatDay, isoDay } from '../../../schema/money';
import type { SyncedLedgerLine } from '../../../sync/areas/ledger';
import { saveTextFile } from '../../lib/download';
import { useCurrentUser } from '../../lib/session';
import { Alert, Badge, Button, Card, CardBody, cx, DownloadIcon, EmptyState, Field, FileTextIcon, PageHeader, Select, Skeleton, SkeletonRows, type BadgeVariant } from '../../ui';
import { balanceCellText, byYear, paintedLines, signedUsd, STATEMENT_PAINTED, statementFilename } from './ledger-view';
import { useMember, useStatementLines } from './use-ledger';
import { AskAboutLine } from '../ledger-questions/AskAboutLine';
import { useOpenQuestionsByLine } from '../ledger-questions/data';
import type { SyncedLedgerQuestion } from '../../../sync/areas/ledger-questions';

const ALL = 'all';
const PAINTED = STATEMENT_PAINTED;
const KIND_BADGE: Record<LedgerKind, BadgeVariant> = {
  charge: 'secondary',
  late_fee: 'warning',
  fine: 'warning',
  refund: 'secondary',
  payment: 'success',
  waiver: 'success',
  credit: 'success',
  adjustment: 'outline',
};

type Line = SyncedLedgerLine & { balanceCents: number };

/** The columns and where each sits; on phones the date and type fold into the description's cell. */
const COLUMNS = {
  date: { header: 'Date', place: 'hidden px-4 sm:table-cell sm:pl-5' },
  description: { header: 'Description', place: 'pr-2 pl-4 sm:px-4' },
  type: { header: 'Type', place: 'hidden px-4 sm:table-cell' },
  amount: { header: 'Amount', place: 'px-2 text-right sm:px-4' },
  balance: { header: 'Balance', place: 'pr-4 pl-2 text-right sm:px-4 sm:pr-5' },
};

export function StatementPage() {
  const { userId } = useParams<{ userId?: string }>();
  const me = useCurrentUser();
  const subjectId = userId ?? me?.id ?? '';
  const own = subjectId === me?.id;
  const { lines: all, state } = useStatementLines(subjectId);
  const member = useMember(own ? '' : subjectId);
  const name = own ? (me?.name ?? null) : (member.data?.name ?? all[0]?.resident.name ?? null);
  const [chosen, setChosenYear] = useState(ALL);
  const [painted, setPainted] = useState(PAINTED);
  const setChosen = (value: string) => {
    setChosenYear(value);
    setPainted(PAINTED);
  };
  const year = chosen === ALL ? null : Number(chosen);
  const statement = useMemo(() => statementOf(all, year), [all, year]);
  // A year no longer present (another member's statement opened) falls back to All years.
  const shownYear = year != null && statement.years.includes(year) ? year : null;
  const shown = shownYear === year ? statement : statementOf(all, null);

  const title = own ? 'My Account' : name ? `${name}’s Account` : 'Account';
  const breadcrumb = own ? undefined : [{ label: 'Users', href: '/users' }, { label: name ?? 'Account' }];
  const ready = state === 'ready';
  const download = () => saveTextFile(statementFilename(own ? null : name, shownYear), statementCsv(shown, isoDay));
  // The newest `painted` lines; a print shows every line.
  const { visible, earlier, broughtCents } = paintedLines(shown.lines, painted, shown.openingCents);
  const openQuestions = useOpenQuestionsByLine();
  const print = () => {
    flushSync(() => setPainted(Infinity));
    window.print();
  };

  return (
    <div>
      <PageHeader
        title={title}
        subtitle={own ? 'Your statement: every charge, payment and credit, with the balance after each.' : 'Statement of account: every charge, payment and credit, with the balance after each.'}
        breadcrumb={breadcrumb}
        actions={
          // Shown, not yet usable, while the statement loads: appearing with it, they pushed the statement down on a phone.
          (!ready || all.length > 0) && (
            <div className="flex flex-wrap gap-2 print:hidden">
              <Button variant="secondary" onClick={print} disabled={!ready}>
                <FileTextIcon className="size-4" />
                Print
              </Button>
              <Button variant="secondary" onClick={download} disabled={!ready}>
                <DownloadIcon className="size-4" />
                Download CSV
              </Button>
            </div>
          )
        }
      />
      {state === 'failed' ? (
        <Alert tone="error" title="Your statement could not be loaded">
          The app has not received it yet. Connect to the internet and open this page again; after that it opens offline too.
        </Alert>
      ) : (
        <div className="space-y-6">
          <BalanceCard balanceCents={ready ? statement.balanceCents : null} who={own ? 'you' : (name ?? 'This member')} />
          {!ready ? (
            <Card>
              <SkeletonRows />
            </Card>
          ) : all.length === 0 ? (
            <Card>
              <EmptyState title="No charges or payments yet" description="Invoices, payments, fees and credits appear here as they happen, each with the balance after it." />
            </Card>
          ) : (
            <>
              <Field label="Year" className="w-44 print:hidden">
                <Select
                  value={shownYear == null ? ALL : String(shownYear)}
                  onChange={setChosen}
                  options={[{ value: ALL, label: 'All years' }, ...statement.years.map((y) => ({ value: String(y), label: String(y) }))]}
                />
              </Field>
              {earlier > 0 && (
                <div className="flex flex-wrap items-center gap-3 print:hidden">
                  <p className="text-sm text-neutral-600">
                    {groupDigits(earlier)} earlier {earlier === 1 ? 'line is' : 'lines are'} not shown; the balances include them.
                  </p>
                  <Button variant="secondary" onClick={() => setPainted((n) => n + PAINTED * 5)}>
                    Show earlier lines
                  </Button>
                </div>
              )}
              {shownYear != null ? (
                <YearSection year={shownYear} openingCents={broughtCents} lines={visible} openQuestions={openQuestions} first brought={earlier > 0} />
              ) : (
                byYear(visible).map((g, i) => (
                  <YearSection
                    key={g.year}
                    year={g.year}
                    openingCents={g.lines[0].balanceCents - g.lines[0].amountCents}
                    lines={g.lines}
                    openQuestions={openQuestions}
                    first={i === 0}
                    carried={i > 0 || earlier > 0}
                    brought={i === 0 && earlier > 0}
                  />
                ))
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** The balance in words; a skeleton, never $0, until the cache is known to hold the lines. */
function BalanceCard({ balanceCents, who }: { balanceCents: number | null; who: string }) {
  return (
    <Card>
      <CardBody>
        <p className="text-sm text-neutral-600">Balance today</p>
        {balanceCents == null ? (
          <Skeleton className="mt-2 h-8 w-56" />
        ) : (
          <p role="status" className={cx('mt-1 text-2xl font-semibold tracking-tight', balanceCents > 0 ? 'text-neutral-900' : 'text-success-700')} data-testid="balance-sentence">
            {balanceSentence(balanceCents, who)}
          </p>
        )}
      </CardBody>
    </Card>
  );
}

/**
 * One year's lines, oldest first. `carried`: the balance brought in from the years before leads the
 * table (always when one year is chosen). In print each year after the first starts a page.
 */
function YearSection(props: {
  year: number;
  openingCents: number;
  lines: Line[];
  openQuestions: ReadonlyMap<string, SyncedLedgerQuestion>;
  first: boolean;
  carried?: boolean;
  brought?: boolean;
}) {
  const { year, openingCents, lines, openQuestions, first, carried = true, brought = false } = props;
  const closing = lines.length ? lines[lines.length - 1].balanceCents : openingCents;
  return (
    <section aria-labelledby={`year-${year}`} className={cx(!first && 'print:break-before-page')}>
      <Card>
        <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-neutral-200 px-4 py-3 sm:px-5">
          <h2 id={`year-${year}`} className="text-base font-semibold text-neutral-900">
            {year}
          </h2>
          <p className="text-sm text-neutral-600">
            {year < yearOf(Date.now()) ? 'Balance at year end' : 'Balance so far'}: <span className="tabular font-medium text-neutral-900">{balanceCellText(closing)}</span>
          </p>
        </div>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Statement lines of {year}</caption>
          <thead className="border-b border-neutral-200 bg-neutral-50 text-xs font-medium tracking-wide text-neutral-600 uppercase">
            <tr>
              {(Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]).map((c) => (
                <th key={c} scope="col" className={cx('py-2.5 font-medium', COLUMNS[c].place)}>
                  {COLUMNS[c].header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200">
            {carried && (
              <tr className="bg-neutral-50/60">
                <td className={cx(COLUMNS.date.place, 'py-2.5 whitespace-nowrap text-neutral-600')}>{brought ? '' : `Jan 1, ${year}`}</td>
                <td className={cx(COLUMNS.description.place, 'py-2.5 text-neutral-700 italic')}>{brought ? 'Balance brought forward' : 'Opening balance'}</td>
                <td className={COLUMNS.type.place} />
                <td className={COLUMNS.amount.place} />
                <td className={cx(COLUMNS.balance.place, 'tabular py-2.5 font-medium whitespace-nowrap text-neutral-900')}>{balanceCellText(openingCents)}</td>
              </tr>
            )}
            {lines.map((l) => (
              <LineRow key={l.id} line={l} openQuestion={openQuestions.get(l.id)} />
            ))}
          </tbody>
        </table>
      </Card>
    </section>
  );
}

function LineRow({ line: l, openQuestion }: { line: Line; openQuestion: SyncedLedgerQuestion | undefined }) {
  return (
    <tr className="align-top">
      <td className={cx(COLUMNS.date.place, 'tabular py-3 whitespace-nowrap text-neutral-700')}>{formatDay(l.occurredAt)}</td>
      <td className={cx(COLUMNS.description.place, 'py-3')}>
        <p className="font-medium break-words text-neutral-900">{l.description}</p>
        {/* Phones: the date and type under the description (their columns are the table's). */}
        <p className="mt-0.5 text-xs text-neutral-600 sm:hidden">
          {formatDay(l.occurredAt)} · {LEDGER_KIND_LABELS[l.kind]}
        </p>
        {l.receiptNumber != null && (
          <Link href={`/receipts/${l.id}`} className="mt-0.5 inline-block text-sm text-accent-700 hover:underline">
            Receipt {receiptNumberText(l.receiptNumber)}
          </Link>
        )}
        {/* The resident's own fee or charge: ask for a waiver or dispute it (nothing for other lines). */}
        <div className="print:hidden">
          <AskAboutLine line={l} openQuestion={openQuestion} />
        </div>
      </td>
      <td className={cx(COLUMNS.type.place, 'py-3')}>
        <Badge variant={KIND_BADGE[l.kind]}>{LEDGER_KIND_LABELS[l.kind]}</Badge>
      </td>
      <td className={cx(COLUMNS.amount.place, 'tabular py-3 whitespace-nowrap', l.amountCents < 0 ? 'text-success-700' : 'text-neutral-900')}>{signedUsd(l.amountCents)}</td>
      <td className={cx(COLUMNS.balance.place, 'tabular py-3 whitespace-nowrap text-neutral-900')}>{balanceCellText(l.balanceCents)}</td>
    </tr>
  );
}
