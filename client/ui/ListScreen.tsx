import { useTransition, type ReactNode } from 'react';
import { Card, CardHeader, StatCard } from './Card';
import { cx } from './cx';
import { HeldUntilKnown } from './HeldUntilKnown';
import { PageHeader } from './PageHeader';
import { DataTable, type Column } from './Table';

export interface StatDef {
  label: ReactNode;
  /** The count; a card that only lists (Recent Uploads) has none. */
  value?: ReactNode;
  hint?: ReactNode;
  /**
   * What the card lists under its count (the newest uploads, the count per category); such a card
   * takes a phone's whole line. Shown from the first paint, with the room it will take (RecentItems
   * and CountGrid keep it while the rows load), so the table under it stays where it was painted.
   */
  details?: ReactNode;
}

/** What a list screen shows of its rows (useSyncedList returns it). */
export interface ListRows<T> {
  items: T[];
  hasMore: boolean;
  loadMore(): void;
  loading: boolean;
  /** Rows matching in all, the pages not loaded yet included (a synced list knows it; a paged one may not). */
  readonly total?: number;
  /**
   * A synced list's count of every match as far as it is known without a scan now: the rows are
   * painted first, the count follows (`total` would scan every row in this render).
   */
  readonly counted?: number;
}

// Literal class names, so Tailwind finds them.
const STAT_GRID: Record<number, string> = {
  1: 'grid-cols-1',
  2: 'grid-cols-2',
  // On phones the third card takes the whole second line.
  3: 'grid-cols-2 lg:grid-cols-3 [&>:last-child]:col-span-2 lg:[&>:last-child]:col-span-1',
  4: 'grid-cols-2 lg:grid-cols-4',
};
/**
 * A count card's number: "–" while the rows load; a count the cache has not read (no row of that kind
 * yet) is 0, not absent. A card without its number is 36 px shorter and grew as the cache filled (a
 * layout shift on a phone's /users). A card that only lists (Recent Uploads) has none.
 */
const countShown = (s: StatDef, loading: boolean): ReactNode => (s.value === undefined && s.details ? undefined : loading ? '–' : (s.value ?? 0));

/**
 * Four cards or more, some of them listing: the counts on the first line, the listing cards two to a
 * line under them (a listing card a quarter wide wrapped its category names). Three counts share a
 * six-column line (two columns each) and two counts a four-column one, so no slot is left empty; on
 * phones an odd last count takes the whole line. The grid's class and each card's, in order.
 */
function wideGrid(stats: StatDef[]): { grid: string; cards: (string | undefined)[] } {
  const counts = stats.filter((s) => !s.details).length;
  const three = counts === 3;
  const lastCount = stats.map((s) => !s.details).lastIndexOf(true);
  const cards = stats.map((s, i) =>
    s.details ? (three ? 'col-span-2 lg:col-span-3' : 'col-span-2') : cx((three || counts === 2) && 'lg:col-span-2', counts % 2 === 1 && i === lastCount && 'col-span-2') || undefined,
  );
  return { grid: three ? 'grid-cols-2 lg:grid-cols-6' : 'grid-cols-2 lg:grid-cols-4', cards };
}

/**
 * The list screen every area uses: title, subtitle and actions, an optional banner, stat cards, then one
 * card with the table title, an optional filters row, the table (cards on phones) and Load more.
 * Load more reads `exhaustedText` once every row is shown; an empty list shows `empty` instead.
 */
export function ListScreen<T>({
  title,
  subtitle,
  actions,
  banner,
  bannerKnown = true,
  stats,
  filters,
  tableTitle,
  tableDescription,
  columns,
  rowKey,
  rows,
  empty,
  exhaustedText,
  loadMoreLabel,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** E.g. a success message passed by navigation. */
  banner?: ReactNode;
  /**
   * Whether what `banner` shows is known yet (an open vote's notice, read from the cache): until
   * then, briefly, the banner, stats and table are held, so a banner arriving late does not push a
   * painted list down (`HeldUntilKnown`).
   */
  bannerKnown?: boolean;
  /** Counters; they read "–" while the rows load. */
  stats?: StatDef[];
  /** The filters row (FilterBar). */
  filters?: ReactNode;
  /** The card's title and the table's accessible name, e.g. 'All Announcements'. */
  tableTitle: string;
  tableDescription?: ReactNode;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  rows: ListRows<T>;
  empty: ReactNode;
  /** E.g. 'No more announcements'. */
  exhaustedText: string;
  /** The button's words where the spec writes them otherwise ('Load More'); 'Load more' by default. */
  loadMoreLabel?: string;
}) {
  const [paging, startPaging] = useTransition();
  const wide = stats && stats.length >= 4 && stats.some((s) => s.details) ? wideGrid(stats) : null;
  return (
    <div>
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      <HeldUntilKnown known={bannerKnown}>
        {banner && <div className="mb-6 space-y-3 empty:hidden">{banner}</div>}
        {stats && stats.length > 0 && (
          <div className={`mb-6 grid gap-4 ${wide?.grid ?? STAT_GRID[stats.length]}`}>
            {stats.map((s, i) => (
              <StatCard key={i} label={s.label} value={countShown(s, rows.loading)} hint={s.hint} className={wide ? wide.cards[i] : s.details ? 'col-span-2 lg:col-span-1' : undefined}>
                {s.details}
              </StatCard>
            ))}
          </div>
        )}
        <Card>
          <CardHeader title={tableTitle} description={tableDescription} />
          {filters}
          <DataTable
            caption={tableTitle}
            columns={columns}
            rows={rows.items}
            rowKey={rowKey}
            loading={rows.loading}
            // The count of every match is read only while Load more has more (else it is the rows shown);
            // a synced list's comes after its rows are painted.
            total={rows.hasMore ? ('counted' in rows ? rows.counted : rows.total) : undefined}
            empty={empty}
            loadMore={{ hasMore: rows.hasMore, loading: paging, onLoadMore: () => startPaging(rows.loadMore), exhaustedText, label: loadMoreLabel }}
          />
        </Card>
      </HeldUntilKnown>
    </div>
  );
}
