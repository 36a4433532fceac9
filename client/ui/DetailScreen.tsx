/**
 * The detail screen every area uses: breadcrumb, title with badges and the actions, an alerts area
 * (banners, results, state notes), then a main column and a side Details card of label/value rows.
 */
import type { ReactNode } from 'react';
import { useHeldUntilKnown } from '../lib/first-screen';
import { Card, CardBody, CardHeader } from './Card';
import { PageHeader, type Crumb } from './PageHeader';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** Rows of a Details card; `false`, `null` and `undefined` entries are rows this viewer does not get. */
export type DetailItems = readonly (DetailItem | false | null | undefined)[];

export function DetailList({ items }: { items: DetailItems }) {
  return (
    <dl className="space-y-3">
      {items.map(
        (item) =>
          item && (
            <div key={item.label}>
              <dt className="text-sm text-neutral-500">{item.label}</dt>
              <dd className="mt-0.5 text-sm break-words text-neutral-900">{item.value}</dd>
            </div>
          ),
      )}
    </dl>
  );
}

/**
 * The longest the aside waits for what decides it. Longer than a screen's first-paint hold: the aside
 * is secondary (beside the main column, under it on a phone), and the cache answers only once the
 * sync engine, loaded after the first paint, has started, and for a row it lacks, once the visit's
 * first pull is in.
 */
const ASIDE_HOLD_MS = 3_000;

export function DetailScreen({
  title,
  breadcrumb,
  badges,
  actions,
  alerts,
  details,
  detailsTitle = 'Details',
  aside,
  asideKnown = true,
  children,
}: {
  title: string;
  breadcrumb: Crumb[];
  badges?: ReactNode;
  actions?: ReactNode;
  /** Shown between the header and the columns; nothing takes no room. */
  alerts?: ReactNode;
  details: DetailItems;
  detailsTitle?: string;
  /** More cards under the Details card (a resident card, an issued-by card). */
  aside?: ReactNode;
  /**
   * Whether what decides the aside's cards is known (a card shown only once the cache holds the row).
   * Until then, or ASIDE_HOLD_MS, the aside waits: a card arriving above the others moved them.
   */
  asideKnown?: boolean;
  /** The main column's cards. */
  children: ReactNode;
}) {
  const asideShown = useHeldUntilKnown(asideKnown, ASIDE_HOLD_MS);
  return (
    <div>
      <PageHeader title={title} breadcrumb={breadcrumb} badges={badges} actions={actions} />
      <div className="mb-6 space-y-3 empty:hidden">{alerts}</div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="min-w-0 space-y-6">{children}</div>
        <div className="space-y-6">
          <Card>
            <CardHeader title={detailsTitle} />
            <CardBody>
              <DetailList items={details} />
            </CardBody>
          </Card>
          {asideShown && aside}
        </div>
      </div>
    </div>
  );
}
