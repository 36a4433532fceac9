/**
 * The board's stat cards: Total Documents, Public Documents, Recent Uploads (the newest
 * 3) and Document Categories with their counts, all counted from the local cache, so they show offline.
 */
import { DOCUMENT_CATEGORIES, RECENT_UPLOADS } from '../../../schema/documents';
import { formatDate } from '../../lib/format';
import type { StatDef } from '../../ui';
import { useDocumentList } from './use-documents';

type Counts = ReturnType<typeof useDocumentList>['counters'];

export function useDocumentStats(total: number, counters: Counts): StatDef[] {
  // The same collection as the list, unfiltered: its first rows are the newest uploads.
  const recent = useDocumentList({ pageSize: RECENT_UPLOADS }).items;
  const used = DOCUMENT_CATEGORIES.filter((c) => counters[c] > 0);
  return [
    { label: 'Total Documents', value: total },
    { label: 'Public Documents', value: counters.public },
    {
      label: 'Recent Uploads',
      details:
        recent.length === 0 ? (
          <p className="text-neutral-500">None yet</p>
        ) : (
          <ul className="space-y-1">
            {recent.map((d) => (
              <li key={d.id} className="flex items-baseline justify-between gap-2">
                <span className="truncate font-medium">{d.title}</span>
                <span className="shrink-0 text-xs text-neutral-500">{formatDate(d.createdAt)}</span>
              </li>
            ))}
          </ul>
        ),
    },
    {
      label: 'Document Categories',
      details:
        used.length === 0 ? (
          <p className="text-neutral-500">None yet</p>
        ) : (
          <ul className="flex flex-wrap gap-x-3 gap-y-1">
            {used.map((c) => (
              <li key={c} className="whitespace-nowrap">
                {c} <span className="tabular font-semibold">{counters[c]}</span>
              </li>
            ))}
          </ul>
        ),
    },
  ];
}
