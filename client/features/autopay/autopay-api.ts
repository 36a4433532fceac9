import type { ApiAutopay, AutopayBody, SavedMethodKind } from '../../../schema/autopay';
import { api } from '../../lib/api';

/** Autopay's REST calls (online only: nothing of it is synced). */
export const autopayApi = {
  read: (setup?: string) => api<ApiAutopay>('/api/autopay', { query: { setup } }),
  change: (body: AutopayBody) => api<ApiAutopay>('/api/autopay', { method: 'PUT', body }),
  setup: (kind: SavedMethodKind) => api<{ url: string }>('/api/autopay/methods/setup', { method: 'POST', body: { kind } }),
  remove: (id: string) => api<{ message: string }>(`/api/autopay/methods/${id}`, { method: 'DELETE' }),
};
