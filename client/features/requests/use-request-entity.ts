/** One request for the detail and messages screens: the cached row (it opens offline), REST while the cache lacks it. */
import { REQUEST_MESSAGES } from '../../../schema/requests';
import { useSyncedEntity } from '../../lib/use-synced-entity';
import type { Crumb, UnavailableWords } from '../../ui';
import { fetchRequest, requestOfApi } from './requests-api';
import { useRequest } from './use-requests';

export const REQUEST_UNAVAILABLE: UnavailableWords = {
  loading: 'Loading request...',
  failed: REQUEST_MESSAGES.loadOneFailed,
  offline: 'This request is not available offline.',
  back: { href: '/requests', label: 'Back to Requests' },
};

export const FALLBACK_TITLE = 'Request Details';

export const requestCrumbs = (title: string, id?: string): Crumb[] =>
  id ? [{ label: 'Requests', href: '/requests' }, { label: title, href: `/requests/${id}` }, { label: 'Messages' }] : [{ label: 'Requests', href: '/requests' }, { label: title }];

export function useRequestEntity(id: string) {
  const { request, loading } = useRequest(id);
  return useSyncedEntity({ id, cached: { data: request, loading }, fetch: fetchRequest, fromRemote: requestOfApi, version: request?.version });
}
