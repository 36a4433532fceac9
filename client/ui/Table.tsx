import { memo, useLayoutEffect, useMemo, useRef, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import { markFirstRows } from '../lib/perf-marks';
import { sameValue } from '../lib/same-value';
import { Button } from './Button';
import { cx } from './cx';
import { EmptyState } from './EmptyState';
import { useInSlices } from './in-slices';
import { SkeletonRows } from './Loading';

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Extra classes for the header and cells of this column (alignment, width). */
  className?: string;
  /** Shown as the card's title on phones instead of a "label: value" line. */
  primary?: boolean;
  /** Left out of the phone card (e.g. a column that repeats the title). */
  hideOnPhone?: boolean;
  /** On phones, beside the card's title instead of a line of its own (a row's Actions menu). */
  aside?: boolean;
  /**
   * Below 1280 px (`xl`) no column of its own: its value goes under the value of the column before
   * it, in the table, and in the phone card where that column shows there (a column hidden on phones
   * carries it in the table only). A table of many columns then fits a 1024-px screen with its last
   * column (the actions) in view instead of scrolled off to the right.
   */
  foldBelowXl?: boolean;
}

/** Where a folded column's value shows below 1280 px: under its neighbour's, a line of its own that may wrap anywhere. */
const FOLDED = 'block text-sm font-normal text-neutral-600 [overflow-wrap:anywhere] xl:hidden';

/**
 * The columns as the table and the cards render them: a column marked `foldBelowXl` is hidden below
 * `xl` (and on phones), and the column before it also shows its value there.
 */
function foldColumns<T>(columns: Column<T>[]): Column<T>[] {
  return columns.map((c, i) => {
    if (c.foldBelowXl) return { ...c, className: cx('hidden xl:table-cell', c.className), hideOnPhone: true };
    // The folded columns right after this one, up to the next column shown.
    const nextShown = columns.findIndex((next, j) => j > i && !next.foldBelowXl);
    const under = columns.slice(i + 1, nextShown < 0 ? undefined : nextShown);
    if (under.length === 0) return c;
    return {
      ...c,
      cell: (row: T) => (
        <>
          {c.cell(row)}
          {under.map((u, j) => (
            <span key={j} className={FOLDED}>
              {u.cell(row)}
            </span>
          ))}
        </>
      ),
    };
  });
}

/** Tailwind's `sm` breakpoint: the table from here, the cards below. */
const WIDE = typeof matchMedia === 'undefined' ? null : matchMedia('(min-width: 40rem)');
const onWidthChange = (changed: () => void) => {
  WIDE?.addEventListener('change', changed);
  return () => WIDE?.removeEventListener('change', changed);
};
const useWide = () => useSyncExternalStore(onWidthChange, () => WIDE?.matches ?? true);

/**
 * Rows a phone's list of cards paints in its first render of rows (`useInSlices`): more than a
 * screenful. The activity trail's 25 entries of several lines each rendered in one task of 30–40 ms,
 * four times that on a phone. A wide screen's table paints every row at once: its columns take the
 * width of what every row holds, so rows added later re-balanced them, and rows already painted
 * wrapped anew and moved (the addresses' Notes column, empty in the first ten, shifted the table by
 * 0.076 at 1350 px).
 */
const FIRST_PAINT_ROWS = 10;

export interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** Button text; the spec's default is 'Load more'. */
  label?: string;
  /** Shown instead of the button when the list is exhausted, e.g. 'No more addresses'. */
  exhaustedText?: string;
}

/**
 * A table on wide screens and a list of cards on phones, with the
 * spec's loading, empty and Load more states.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  loading = false,
  empty,
  loadMore,
  total,
}: {
  /** Accessible name of the table (often the card title, e.g. 'All Users'). */
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  loading?: boolean;
  empty?: ReactNode;
  loadMore?: LoadMoreProps;
  /** The rows there are in all, those Load more would add included, when the list knows it. */
  total?: number;
}) {
  // Only the layout that shows is rendered: half the DOM work per change of rows.
  const wide = useWide();
  const shownColumns = useMemo(() => foldColumns(columns), [columns]);
  const painted = useInSlices(rows, FIRST_PAINT_ROWS, !wide);
  const shown = rows.length > 0;
  useLayoutEffect(() => {
    if (shown) markFirstRows();
  }, [shown]);
  if (loading && rows.length === 0) return <SkeletonRows />;
  if (rows.length === 0) return <>{empty ?? <EmptyState title="Nothing here yet" />}</>;
  // What a screen reader says of the list's size: the total when known, else -1 (unknown) while Load more has more.
  const count = total ?? (loadMore?.hasMore ? -1 : rows.length);
  return (
    <div>
      {wide ? (
        <Table caption={caption} columns={shownColumns} rows={painted} rowKey={rowKey} count={count} />
      ) : (
        <Cards caption={caption} columns={shownColumns} rows={painted} rowKey={rowKey} count={count} />
      )}
      {loadMore && <LoadMore {...loadMore} />}
    </div>
  );
}

/**
 * Numbers the rendered rows (children of `parent`) in place after each change of `rows`: a row's
 * place is no prop of its memoized component, so a row added at the top re-renders that row only.
 */
function useNumbered(parent: RefObject<HTMLElement | null>, rows: unknown[], count: number, mark: (row: Element, index: number) => void) {
  useLayoutEffect(() => {
    const children = parent.current?.children ?? [];
    for (let i = 0; i < children.length; i++) mark(children[i], i);
    // `mark` is made anew each render; what it writes depends on the rows and the count only.
  }, [parent, rows, count]);
}

interface RowsProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Rows in all (-1: not known). */
  count: number;
}

/** The header is the table's first row: aria-rowcount counts it, and the data rows' aria-rowindex starts at 2. */
function Table<T>({ caption, columns, rows, rowKey, count }: RowsProps<T>) {
  const body = useRef<HTMLTableSectionElement>(null);
  useNumbered(body, rows, count, (tr, i) => tr.setAttribute('aria-rowindex', String(i + 2)));
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm" aria-rowcount={count < 0 ? -1 : count + 1}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-neutral-200 bg-neutral-50 text-xs font-medium tracking-wide text-neutral-600 uppercase">
          <tr aria-rowindex={1}>
            {columns.map((c, i) => (
              <th key={i} scope="col" className={cx('px-4 py-2.5 font-medium', c.className)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body} className="divide-y divide-neutral-200">
          {rows.map((row) => (
            <TableRow key={rowKey(row)} row={row} columns={columns} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One row, rendered again only when its item or the columns change: a synced change of one row
 * re-renders that row, not the page (the collection keeps the items of unchanged rows; the screen
 * keeps its columns with useMemo). An item replaced by an equal one (the rows kept for a reload,
 * then the same rows read from the cache) keeps its rendered row too.
 */
const sameRow = <P extends { row: unknown }>(before: P, after: P) =>
  (Object.keys(after) as (keyof P)[]).every((k) => (k === 'row' ? sameValue(before.row, after.row) : before[k] === after[k]));

const TableRow = memo(function TableRow({ row, columns }: { row: unknown; columns: Column<unknown>[] }) {
  return (
    <tr className="hover:bg-neutral-50">
      {columns.map((c, i) => (
        <td key={i} className={cx('px-4 py-3 align-top text-neutral-800', c.className)}>
          {c.cell(row)}
        </td>
      ))}
    </tr>
  );
}, sameRow) as <T>(props: { row: T; columns: Column<T>[] }) => ReactNode;

/** On phones the size and place of each card: aria-setsize and aria-posinset, the list's counterparts of the table's. */
function Cards<T>({ caption, columns, rows, rowKey, count }: RowsProps<T>) {
  const list = useRef<HTMLUListElement>(null);
  useNumbered(list, rows, count, (li, i) => {
    li.setAttribute('aria-posinset', String(i + 1));
    li.setAttribute('aria-setsize', String(count));
  });
  const [primary, aside, details] = useMemo(() => {
    const first = columns.find((c) => c.primary);
    const side = columns.find((c) => c.aside);
    return [first, side, columns.filter((c) => c !== first && c !== side && !c.hideOnPhone)] as const;
  }, [columns]);
  return (
    <ul ref={list} className="divide-y divide-neutral-200" aria-label={caption}>
      {rows.map((row) => (
        <CardRow key={rowKey(row)} row={row} primary={primary} aside={aside} details={details} />
      ))}
    </ul>
  );
}

/** One phone card; like TableRow, rendered again only when its item or the columns change. */
const CardRow = memo(function CardRow({
  row,
  primary,
  aside,
  details,
}: {
  row: unknown;
  primary: Column<unknown> | undefined;
  aside: Column<unknown> | undefined;
  details: readonly Column<unknown>[];
}) {
  return (
    <li className="space-y-2 px-4 py-3">
      {aside ? (
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1 font-medium text-neutral-900">{primary?.cell(row)}</div>
          <div className="shrink-0">{aside.cell(row)}</div>
        </div>
      ) : (
        primary && <div className="font-medium text-neutral-900">{primary.cell(row)}</div>
      )}
      {details.length > 0 && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {details.map((c, i) => (
            <div key={i} className="contents">
              <dt className="text-neutral-500">{c.header}</dt>
              <dd className="min-w-0 text-neutral-800">{c.cell(row)}</dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}, sameRow) as <T>(props: { row: T; primary: Column<T> | undefined; aside: Column<T> | undefined; details: readonly Column<T>[] }) => ReactNode;

export function LoadMore({ hasMore, loading, onLoadMore, label = 'Load more', exhaustedText }: LoadMoreProps) {
  if (!hasMore && !exhaustedText) return null;
  return (
    <div className="flex justify-center border-t border-neutral-200 px-4 py-3">
      {hasMore ? (
        <Button variant="secondary" size="sm" onClick={onLoadMore} busy={loading} busyText="Loading...">
          {label}
        </Button>
      ) : (
        <p className="text-sm text-neutral-500">{exhaustedText}</p>
      )}
    </div>
  );
}

/**
 * A row's buttons in its Actions cell, wrapping at the left of a phone's card. On a wide table they
 * stay on one line at the right (the column takes their width, so one row's buttons do not wrap
 * under each other while the next row's fit), unless `wrap`: a row with more buttons than a wide
 * table has room for (a member's five).
 */
export function RowActions({ wrap = false, children }: { wrap?: boolean; children: ReactNode }) {
  return <div className={cx('flex flex-wrap justify-start gap-1.5 sm:justify-end', !wrap && 'sm:flex-nowrap')}>{children}</div>;
}

/**
 * The primary column of a list whose phones get cards: the title cell on wide screens;
 * on phones the card also shows `phone` (badges, who, when) under it and `action` (View) beside it.
 */
export function titleColumn<T>({ header = 'Title', main, phone, action }: { header?: ReactNode; main: (row: T) => ReactNode; phone: (row: T) => ReactNode; action: (row: T) => ReactNode }): Column<T> {
  return {
    header,
    primary: true,
    // The rest of the row's width, and no more: with no width of its own (max-w-0) a long title is cut
    // (its line truncates) instead of pushing the last column, the way into the row, off the card.
    className: 'w-full sm:max-w-0',
    cell: (row) => (
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          {main(row)}
          <div className="mt-2 space-y-1 text-sm font-normal text-neutral-600 sm:hidden">{phone(row)}</div>
        </div>
        <div className="shrink-0 sm:hidden">{action(row)}</div>
      </div>
    ),
  };
}
