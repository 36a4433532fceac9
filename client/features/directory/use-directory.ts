/**
 * The resident directory from the local cache (by name, offline too), and whether the HOA has it on:
 * asked of the server; unknown offline, where the cache answers for it (switched off, it holds no entries).
 */
import { useEffect, useState } from 'react';
import { directoryPolicy, type ApiDirectorySetting } from '../../../schema/directory';
import { DIRECTORY_ENTRY_PREFIX, type SyncedDirectoryEntry } from '../../../sync/areas/directory';
import { api } from '../../lib/api';
import { defineSyncedList, useSyncedList, type SyncedListOptions } from '../../lib/use-synced-list';

export const directoryList = defineSyncedList({ prefix: DIRECTORY_ENTRY_PREFIX, compare: (a: SyncedDirectoryEntry, b: SyncedDirectoryEntry) => directoryPolicy.compare(a, b) });
export const useDirectoryList = (options: SyncedListOptions<SyncedDirectoryEntry>) => useSyncedList(directoryList, options);

/** true or false as the server says; null until it answered, or when it cannot be asked. */
export function useDirectoryEnabled(): boolean | null {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    api<ApiDirectorySetting>('/api/directory/settings').then(
      (r) => live && setEnabled(r.enabled),
      () => {
        // Offline or failing: the cache is shown.
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return enabled;
}
