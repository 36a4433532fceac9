/**
 * The board's stat cards: Total Documents, Public Documents, Recent Uploads (the newest
 * 3) and Document Categories with their counts, all counted from the local cache, so they show offline.
 */
import { DOCUMENT_CATEGORIES, RECENT_UPLOADS } from '../../../schema/documents';
import { formatDate } from '../../lib/format';
import { CountGrid, RecentItems, type StatDef } from '../../ui';
import { useDocumentList } from './use-documents';

type List = Pick<ReturnType<typeof useDocumentList>, 'counters' | 'loading' | 'size'>;

export function useDocumentStats({ size, counters, loading }: List): StatDef[] {
  // The same collection as the list, unfiltered: its first rows are the newest uploads.
  const recent = useDocumentList({ pageSize: RECENT_UPLOADS });
  return [
    { label: 'Total Documents', value: size },
    { label: 'Public Documents', value: counters.public },
    {
      label: 'Recent Uploads',
      details: (
        <RecentItems
          rows={RECENT_UPLOADS}
          loading={recent.loading}
          items={recent.items.map((d) => ({ key: d.id, title: d.title, when: formatDate(d.createdAt) }))}
        />
      ),
    },
    { label: 'Document Categories', details: <CountGrid loading={loading} items={DOCUMENT_CATEGORIES.map((c) => ({ label: c, count: counters[c] }))} /> },
  ];
}
