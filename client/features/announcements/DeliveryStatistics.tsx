/**
 * Delivery Statistics (board and superadmin): intended, delivered, in progress and
 * failed counts, and the success rate once the announcement is sent.
 */
import type { ReactNode } from 'react';
import type { ApiDeliveryStats, DeliveryCounts } from '../../../schema/announcements';
import { Card, CardBody, CardHeader, cx } from '../../ui';
import { successRate } from './announcements-api';

/** Counts from the server's lists when loaded (the freshest), else the cache's. */
export function deliveryCountsOf(cached: DeliveryCounts | null, stats: ApiDeliveryStats | null | undefined): DeliveryCounts | null {
  if (stats) return { total: stats.total_sent, delivered: stats.email_delivered.length, failed: stats.email_failed.length, pending: stats.pending.length };
  return cached;
}

const TONE = { success: 'text-success-700', warning: 'text-warning-700', danger: 'text-danger-700' } as const;

function Tile({ label, value, tone }: { label: string; value: ReactNode; tone?: keyof typeof TONE | false }) {
  return (
    <div className="rounded-lg border border-neutral-200 bg-neutral-50 px-3 py-2.5">
      <p className="text-xs font-medium text-neutral-600">{label}</p>
      <p className={cx('tabular mt-0.5 text-xl font-semibold', tone ? TONE[tone] : 'text-neutral-900')}>{value}</p>
    </div>
  );
}

export function DeliveryStatistics({ counts, showRate, online }: { counts: DeliveryCounts; showRate: boolean; online: boolean }) {
  const rate = successRate(counts.delivered, counts.total);
  return (
    <Card>
      <CardHeader title="Delivery Statistics" description={online ? undefined : 'Offline: the counts are from your last sync; the recipient lists need a connection.'} />
      <CardBody className="space-y-4">
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Tile label="Intended Recipients" value={counts.total} />
          <Tile label="Successfully Delivered" value={counts.delivered} tone={counts.delivered > 0 && 'success'} />
          <Tile label="Sending in Progress" value={counts.pending} tone={counts.pending > 0 && 'warning'} />
          <Tile label="Sending Failed" value={counts.failed} tone={counts.failed > 0 && 'danger'} />
        </div>
        {showRate && (
          <div>
            <div className="flex items-baseline justify-between text-sm">
              <span className="font-medium text-neutral-800">Delivery Success Rate</span>
              <span className="tabular font-semibold text-neutral-900">{rate}%</span>
            </div>
            <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-neutral-200" aria-hidden="true">
              <div className="h-full rounded-full bg-success-600" style={{ width: `${rate}%` }} />
            </div>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
