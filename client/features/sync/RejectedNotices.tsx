import { NOTICE_SPACE, type SyncedNotice } from '../../../sync/areas/notices';
import { prefixOf } from '../../../sync/keys';
import { noticeTitle } from '../../../sync/mutators';
import { useReplicache } from '../../lib/replicache';
import { usePrefix } from '../../lib/use-synced-list';
import { Alert } from '../../ui';

/**
 * Changes made (often offline) that the server refused: one red alert each, with the server's
 * reason, until the user dismisses it. Dismissing syncs to the user's other devices.
 */
export function RejectedNotices() {
  const rep = useReplicache();
  const { data: notices } = usePrefix<SyncedNotice>(prefixOf(NOTICE_SPACE));
  if (!rep || notices.length === 0) return null;
  const sorted = [...notices].sort((a, b) => a.createdAt - b.createdAt);
  return (
    <div className="mx-auto w-full max-w-[1200px] space-y-2 px-4 pt-4 sm:px-6" aria-label="Changes that were not saved">
      {sorted.map((n) => (
        <Alert key={n.id} tone="error" title={noticeTitle(n)} onDismiss={() => rep.mutate.dismissNotice({ id: n.id }).catch(() => {})}>
          {n.message}
          {n.repeats > 1 ? ` (${n.repeats} times)` : ''}
        </Alert>
      ))}
    </div>
  );
}
