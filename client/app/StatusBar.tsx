import { ConnectionBar } from '../features/sync/ConnectionBar';
import { RejectedNotices } from '../features/sync/RejectedNotices';

/**
 * The slot under the top navigation: the connection bar ("Offline — changes will sync when you
 * reconnect", the pending-changes count) and the notices of changes the server refused.
 */
export function StatusBar() {
  return (
    <>
      <ConnectionBar />
      <RejectedNotices />
    </>
  );
}
