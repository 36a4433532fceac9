/** /profile: "My account's activity", the trail of the member's own account (invited, activated, role and address changes). */
import type { ApiActivity } from '../../../schema/activity';
import { ACTIVITY_MESSAGES } from '../../../schema/activity';
import { formatDateTime } from '../../lib/format';
import { usePagedList } from '../../lib/use-paged-list';
import { Alert, Card, CardHeader, LoadMore } from '../../ui';

export function MyActivityCard() {
  const list = usePagedList<ApiActivity, never>('/api/activity/mine', {
    limit: 10,
    loadFailed: ACTIVITY_MESSAGES.loadFailed,
    loadMoreFailed: ACTIVITY_MESSAGES.loadFailed,
  });
  const { items, loading, hasMore, loadMore } = list.rows;
  return (
    <Card>
      <CardHeader title="My account's activity" description="Changes made to your account, newest first" />
      {list.error && (
        <div className="px-5 pt-4">
          <Alert tone="error">{list.error}</Alert>
        </div>
      )}
      {!loading && items.length === 0 && !list.error ? (
        <p className="px-5 py-6 text-center text-sm text-neutral-500">{ACTIVITY_MESSAGES.emptyMine}</p>
      ) : (
        <ul aria-label="My account's activity" className="divide-y divide-neutral-100">
          {items.map((e) => (
            <li key={e._id} className="px-5 py-3">
              <p className="text-sm font-medium break-words text-neutral-900">{e.summary}</p>
              <p className="text-xs text-neutral-500">
                {formatDateTime(e.at)} · {e.actor.name}
              </p>
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && <LoadMore hasMore={hasMore} loading={loading} onLoadMore={loadMore} exhaustedText="No more activity" />}
    </Card>
  );
}
