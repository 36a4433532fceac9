/**
 * The board's side panels of a list screen (community §2: Recent Activity or Recent Uploads with the
 * first three rows, and the counts per category), for ListScreen's `panels`.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card, CardBody, CardHeader } from './Card';

export interface RecentItem {
  key: string;
  href: string;
  title: string;
  /** A line under the title (who, when). */
  meta?: ReactNode;
  /** A badge at the end of the line. */
  badge?: ReactNode;
}

export function RecentPanel({ title, items, empty }: { title: string; items: readonly RecentItem[]; empty: string }) {
  return (
    <Card>
      <CardHeader title={title} />
      <CardBody className="py-2">
        {items.length === 0 ? (
          <p className="py-2 text-sm text-neutral-600">{empty}</p>
        ) : (
          <ul className="divide-y divide-neutral-100">
            {items.map((item) => (
              <li key={item.key} className="flex items-center justify-between gap-3 py-2.5">
                <div className="min-w-0">
                  <Link href={item.href} className="block truncate text-sm font-medium text-neutral-900 hover:underline">
                    {item.title}
                  </Link>
                  {item.meta && <p className="truncate text-xs text-neutral-600">{item.meta}</p>}
                </div>
                {item.badge && <div className="shrink-0">{item.badge}</div>}
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

export function CountsPanel({ title, counts }: { title: string; counts: readonly { label: string; value: number }[] }) {
  return (
    <Card>
      <CardHeader title={title} />
      <CardBody className="py-2">
        <dl className="divide-y divide-neutral-100">
          {counts.map((c) => (
            <div key={c.label} className="flex items-center justify-between py-2.5 text-sm">
              <dt className="text-neutral-700">{c.label}</dt>
              <dd className="tabular font-semibold text-neutral-900">{c.value}</dd>
            </div>
          ))}
        </dl>
      </CardBody>
    </Card>
  );
}
