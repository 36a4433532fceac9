/**
 * A record's Activity History: what happened, who did it, when; newest first.
 * Residents receive the public entries only (the server leaves the others out). Nothing shows while
 * there is none ("when present").
 */
import type { SyncedHistoryEntry } from '../../../schema/threads';
import type { Role } from '../../../schema/roles';
import { formatDateTime } from '../../lib/format';
import { Card, CardBody, CardHeader } from '../../ui';
import { PersonName } from './PersonName';

export function ActivityHistory({ entries, viewerRole, title = 'Activity History' }: { entries: readonly SyncedHistoryEntry[]; viewerRole: Role; title?: string }) {
  if (entries.length === 0) return null;
  // Stored oldest first; the latest event is what the reader looks for.
  const newestFirst = [...entries].reverse();
  return (
    <Card>
      <CardHeader title={title} />
      <CardBody>
        <ol className="relative space-y-4 border-l border-neutral-200 pl-5" aria-label={title}>
          {newestFirst.map((h) => (
            <li key={h.id} className="relative">
              <span aria-hidden className="absolute top-1.5 -left-[25px] size-2.5 rounded-full border-2 border-white bg-accent-600 ring-1 ring-neutral-200" />
              <p className="text-sm text-neutral-900">{h.action}</p>
              <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-neutral-600">
                <PersonName person={h.user} viewerRole={viewerRole} />
                <span aria-hidden>·</span>
                <time dateTime={new Date(h.at).toISOString()}>{formatDateTime(h.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      </CardBody>
    </Card>
  );
}
