/** The users REST calls, as the screens make them (shapes in schema/users.ts). */
import type { ApiAddressPage, AddressForm } from '../../../schema/addresses';
import type { ApiUser } from '../../../schema/auth';
import type { BulkResult, BulkUserRow } from '../../../schema/bulk-users';
import type { ApiDeletedUser } from '../../../schema/people';
import type { EditUser, InviteUser } from '../../../schema/users';
import { api } from '../../lib/api';

export const usersApi = {
  invite: (body: InviteUser) => api<ApiUser>('/api/users/invite', { body }),
  bulk: (users: BulkUserRow[]) => api<BulkResult>('/api/users/bulk', { body: { users } }),
  update: (id: string, body: EditUser) => api<ApiUser & { email_change_sent_to?: string }>(`/api/users/${id}`, { method: 'PUT', body }),
  resendExpired: () => api<{ resent: number; message: string }>('/api/users/resend-expired', { method: 'POST' }),
  revoke: (id: string) => api<{ message: string }>(`/api/users/${id}/invitation`, { method: 'DELETE' }),
  deleted: () => api<{ docs: ApiDeletedUser[] }>('/api/users/deleted'),
  restore: (id: string) => api<{ message: string }>(`/api/users/${id}/restore`, { method: 'POST' }),
  confirmEmail: (token: string) => api<{ message: string }>('/api/email-change/confirm', { body: { token } }),
  remove: (id: string) => api<{ message: string }>(`/api/users/${id}`, { method: 'DELETE' }),
  resend: (id: string) => api<{ message: string }>(`/api/users/${id}/resend-invite`, { method: 'POST' }),
  assign: (id: string, addressId: string) => api<ApiUser & { message: string }>(`/api/users/${id}/assign-address`, { body: { address_id: addressId } }),
  unassign: (id: string) => api<ApiUser & { message: string }>(`/api/users/${id}/assign-address`, { method: 'DELETE' }),
};

export const addressesApi = {
  page: (page: number, limit: number, search?: string) => api<ApiAddressPage>('/api/addresses', { query: { page, limit, search } }),
  get: (id: string) => api<ApiAddressPage['docs'][number]>(`/api/addresses/${id}`),
  create: (body: AddressForm) => api<ApiAddressPage['docs'][number]>('/api/addresses', { body }),
  update: (id: string, body: AddressForm) => api<ApiAddressPage['docs'][number]>(`/api/addresses/${id}`, { method: 'PUT', body }),
  remove: (id: string) => api<{ message: string }>(`/api/addresses/${id}`, { method: 'DELETE' }),
};
