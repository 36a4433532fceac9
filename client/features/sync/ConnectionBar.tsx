import { useOnline, usePendingCount } from '../../lib/replicache';

export const OFFLINE_TEXT = 'Offline — changes will sync when you reconnect';

export const pendingText = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'} waiting to sync`;

/**
 * The quiet connection bar under the navigation: shown while offline, or
 * while local changes wait for the server. Nothing when all is in sync.
 */
export function ConnectionBar() {
  const online = useOnline();
  const pending = usePendingCount();
  if (online && pending === 0) return null;
  return (
    <div role="status" aria-live="polite" className="border-b border-warning-200 bg-warning-50 text-sm text-warning-800">
      <div className="mx-auto flex w-full max-w-[1200px] flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 sm:px-6">
        {!online && (
          <span className="flex items-center gap-2 font-medium">
            <span aria-hidden className="size-2 rounded-full bg-warning-600" />
            {OFFLINE_TEXT}
          </span>
        )}
        {pending > 0 && <span className="tabular">{pendingText(pending)}</span>}
      </div>
    </div>
  );
}
