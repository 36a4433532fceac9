/**
 * What a list screen's stat cards list under their count (StatDef.details): the newest few rows with
 * a link, a line and a badge (Recent Activity), and a count per value (the categories).
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';

export interface RecentItem {
  key: string;
  href: string;
  title: string;
  /** What and who: "Status changed · Ben Board" (cut to the width when long). */
  line?: ReactNode;
  /** When: "Nov 20, 2026", always whole (a phone's narrow card cut the dates off the end of the line). */
  when: ReactNode;
  badge?: ReactNode;
}

export function RecentItems({ items, empty = 'None yet' }: { items: readonly RecentItem[]; empty?: string }) {
  if (items.length === 0) return <p className="text-neutral-500">{empty}</p>;
  return (
    <ul className="divide-y divide-neutral-100">
      {items.map((item) => (
        <li key={item.key} className="flex items-center justify-between gap-3 py-1.5">
          <div className="min-w-0">
            <Link href={item.href} className="block truncate font-medium hover:underline">
              {item.title}
            </Link>
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
    </ul>
  );
}

export function CountGrid({ items }: { items: readonly { label: string; count: number }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-1.5">
      {items.map((c) => (
        <div key={c.label} className="flex items-baseline justify-between gap-2">
          <dt className="text-neutral-700">{c.label}</dt>
          <dd className="tabular font-semibold">{c.count}</dd>
        </div>
      ))}
    </dl>
  );
}
