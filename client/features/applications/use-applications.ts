/** Applications from the local cache (the list newest first, one application, the review settings), with the REST read while the cache lacks one. */
import { APPLICATION_MESSAGES } from '../../../schema/applications';
import { valueOfRest } from '../../../schema/rest-shape';
import { fromApiHistoryEntry, type ApiHistoryEntry } from '../../../schema/threads';
import {
  APPLICATION_REST,
  APPLICATION_SETTINGS_SPACE,
  APPLICATION_SPACE,
  applicationKey,
  DEFAULT_APPLICATION_SETTINGS,
  syncedApplicationSchema,
  type SyncedApplication,
  type SyncedApplicationSettings,
} from '../../../sync/areas/applications';
import { prefixOf } from '../../../sync/keys';
import { api } from '../../lib/api';
import { useSyncedEntity } from '../../lib/use-synced-entity';
import { defineSyncedList, newestFirst, usePrefix, useSyncedList, useSyncedValue, type SyncedListOptions } from '../../lib/use-synced-list';
import type { Crumb, UnavailableWords } from '../../ui';

export const applicationList = defineSyncedList({ name: 'applications', prefix: prefixOf(APPLICATION_SPACE), compare: newestFirst((a: SyncedApplication) => a.submittedAt) });
export const useApplicationList = (options: SyncedListOptions<SyncedApplication>) => useSyncedList(applicationList, options);

/** The HOA's review settings (one row; the defaults until the board saves them). */
export function useApplicationSettings() {
  const { data } = usePrefix<SyncedApplicationSettings>(prefixOf(APPLICATION_SETTINGS_SPACE));
  return data[0] ?? DEFAULT_APPLICATION_SETTINGS;
}

export const APPLICATION_UNAVAILABLE: UnavailableWords = {
  loading: 'Loading application...',
  failed: APPLICATION_MESSAGES.loadOneFailed,
  offline: 'This application is not available offline.',
  back: { href: '/applications', label: 'Back to Applications' },
};
export const FALLBACK_TITLE = 'Architectural Application';
export const applicationCrumbs = (title: string): Crumb[] => [
  { label: 'Requests', href: '/requests' },
  { label: 'Architectural Applications', href: '/applications' },
  { label: title },
];

type ApiApplication = Record<string, unknown> & { history: ApiHistoryEntry[] };
const fetchApplication = (id: string) => api<ApiApplication>(`/api/applications/${encodeURIComponent(id)}`);
const applicationOfApi = (a: ApiApplication): SyncedApplication =>
  valueOfRest(syncedApplicationSchema, a, APPLICATION_REST, { history: (history: ApiHistoryEntry[]) => history.map(fromApiHistoryEntry) });

export function useApplicationEntity(id: string) {
  const { data, loading } = useSyncedValue<SyncedApplication>(applicationKey(id));
  return useSyncedEntity({ id, cached: { data, loading }, fetch: fetchApplication, fromRemote: applicationOfApi, version: data?.version });
}
