/**
 * The REST read of one request, used while the cache has not received it yet (a link
 * from an email opened before the first pull), in the cache's shape.
 */
import type { ApiRequest } from '../../../schema/requests';
import { valueOfRest } from '../../../schema/rest-shape';
import { fromApiHistoryEntry, fromApiThreadMessage, type ApiHistoryEntry, type ApiThreadMessage } from '../../../schema/threads';
import { REQUEST_REST, syncedRequestSchema, type SyncedRequest } from '../../../sync/areas/requests';
import { api } from '../../lib/api';

export const fetchRequest = (id: string) => api<ApiRequest>(`/api/requests/${encodeURIComponent(id)}`);

export const requestOfApi = (r: ApiRequest): SyncedRequest =>
  valueOfRest(syncedRequestSchema, r, REQUEST_REST, {
    messages: (comments: ApiThreadMessage[]) => comments.map(fromApiThreadMessage),
    history: (history: ApiHistoryEntry[]) => history.map(fromApiHistoryEntry),
  });

