import { ConnectionBar } from '../features/sync/ConnectionBar';
import { lazyComponent } from '../lib/lazy-component';
import { useReplicache } from '../lib/replicache';

// The notices are read from the cache, so they wait for the sync engine anyway; their code (every
// area's mutator labels and, through them, the areas' schemas) loads after it, not before the first paint.
const RejectedNotices = lazyComponent(() => import('../features/sync/RejectedNotices'), 'RejectedNotices');

/**
 * The slot under the top navigation: the connection bar ("Offline — changes will sync when you
 * reconnect", the pending-changes count) and the notices of changes the server refused.
 */
export function StatusBar() {
  const rep = useReplicache();
  return (
    <>
      <ConnectionBar />
      {rep && <RejectedNotices />}
    </>
  );
}
