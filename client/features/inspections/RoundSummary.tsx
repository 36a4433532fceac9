/**
 * The round's summary, from the synced rows (offline too): addresses covered, no-issue count, the
 * violations recorded (linked) and their photos, live while the round is open.
 */
import { Link } from 'wouter';
import { summarizeStops } from '../../../schema/inspections';
import { violationKey } from '../../../sync/areas/violations';
import type { SyncedStop } from '../../../sync/areas/inspections';
import { useSubscribe } from '../../lib/use-synced-list';
import { Card, CardHeader } from '../../ui';

type RecordedViolation = { id: string; title: string; photos: number };

/** A violation's photos: its `photos` list where the cache has one, else its one attachment. */
function photosOf(v: { photos?: unknown; attachment?: unknown } | undefined): number {
  if (!v) return 0;
  if (Array.isArray(v.photos)) return v.photos.length;
  return v.attachment ? 1 : 0;
}

/** The recorded violations as the cache holds them (title and photo count). */
export function useRecordedViolations(stops: readonly SyncedStop[]): RecordedViolation[] {
  const ids = stops.flatMap((s) => (s.violationId ? [s.violationId] : []));
  return useSubscribe(
    async (tx) => {
      const found: RecordedViolation[] = [];
      for (const id of ids) {
        const v = (await tx.get(violationKey(id))) as { title?: string; photos?: unknown; attachment?: unknown } | undefined;
        found.push({ id, title: v?.title ?? 'Violation', photos: photosOf(v) });
      }
      return found;
    },
    [],
    [ids.join(',')],
  ).data;
}

export function RoundSummary({ stops, violations }: { stops: readonly SyncedStop[]; violations: RecordedViolation[] }) {
  const s = summarizeStops(stops);
  const figures = [
    { label: 'Addresses covered', value: `${s.covered} of ${s.total}` },
    { label: 'No issues', value: s.noIssues },
    { label: 'Violations recorded', value: s.violations },
    { label: 'Photos', value: violations.reduce((n, v) => n + v.photos, 0) },
    ...(s.notInspected > 0 ? [{ label: 'Not inspected', value: s.notInspected }] : []),
  ];
  return (
    <Card>
      <CardHeader title="Summary" />
      <dl className="grid grid-cols-2 gap-4 px-5 py-4 sm:grid-cols-[repeat(auto-fit,minmax(8rem,1fr))]">
        {figures.map((f) => (
          <div key={f.label}>
            <dt className="text-sm text-neutral-600">{f.label}</dt>
            <dd className="tabular text-xl font-semibold text-neutral-900">{f.value}</dd>
          </div>
        ))}
      </dl>
      {violations.length > 0 && (
        <ul className="space-y-1 border-t border-neutral-200 px-5 py-3 text-sm">
          {violations.map((v) => (
            <li key={v.id}>
              <Link href={`/compliance/${v.id}`} className="font-medium text-accent-700 underline-offset-4 hover:underline">
                {v.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
