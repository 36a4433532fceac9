/**
 * What a list screen's stat cards list under their count (StatDef.details): the newest few rows with
 * a link, a line and a badge (Recent Activity), and a count per value (the categories).
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Skeleton } from './Loading';

export interface RecentItem {
  key: string;
  /** Where the title leads; a row with none (a document, which has no screen of its own) is text. */
  href?: string;
  title: string;
  /** What and who: "Status changed · Ben Board" (cut to the width when long). */
  line?: ReactNode;
  /** When: "Nov 20, 2026", always whole (a phone's narrow card cut the dates off the end of the line). */
  when: ReactNode;
  badge?: ReactNode;
}

/**
 * The newest `rows` rows. The card keeps the room of `rows` rows from its first paint: placeholder rows
 * while the list loads, blank room when it has fewer. Growing as the cache filled, it pushed the table
 * under it down (a layout shift of 0.13 on a phone's /compliance).
 */
export function RecentItems({ items, rows, loading = false, empty = 'None yet' }: { items: readonly RecentItem[]; rows: number; loading?: boolean; empty?: string }) {
  const shown = loading ? [] : items.slice(0, rows);
  const taken = loading ? 0 : Math.max(shown.length, 1);
  return (
    <ul className="divide-y divide-neutral-100">
      {!loading && shown.length === 0 && (
        <li className="py-1.5">
          <p className="text-neutral-500">{empty}</p>
          {/* The rest of a row's height (its second line). */}
          <div className="h-4" />
        </li>
      )}
      {shown.map((item) => (
        <li key={item.key} className="flex items-center justify-between gap-3 py-1.5">
          <div className="min-w-0">
            {item.href ? (
              <Link href={item.href} className="block truncate font-medium hover:underline">
                {item.title}
              </Link>
            ) : (
              <p className="truncate font-medium">{item.title}</p>
            )}
            <p className="flex gap-1 text-xs text-neutral-600">
              {item.line && <span className="truncate">{item.line}</span>}
              <span className="shrink-0">
                {item.line && '· '}
                {item.when}
              </span>
            </p>
          </div>
          {item.badge}
        </li>
      ))}
      {Array.from({ length: rows - taken }, (_, i) =>
        // A row's height: its title line (text-sm, 20 px) and the line under it (text-xs, 16 px).
        loading ? (
          <li key={i} className="py-1.5" aria-hidden="true">
            <div className="flex h-5 items-center">
              <Skeleton className="h-3 w-2/3" />
            </div>
            <div className="flex h-4 items-center">
              <Skeleton className="h-2.5 w-1/3" />
            </div>
          </li>
        ) : (
          <li key={i} className="invisible py-1.5" aria-hidden="true">
            <div className="h-9" />
          </li>
        ),
      )}
    </ul>
  );
}

/** A count per value (the categories), each value on its line from the first paint: "–" while the rows load. */
export function CountGrid({ items, loading = false }: { items: readonly { label: string; count: number }[]; loading?: boolean }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-1.5">
      {items.map((c) => (
        <div key={c.label} className="flex items-baseline justify-between gap-2">
          <dt className="text-neutral-700">{c.label}</dt>
          <dd className="tabular font-semibold">{loading ? '–' : c.count}</dd>
        </div>
      ))}
    </dl>
  );
}
