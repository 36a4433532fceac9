/**
 * The REST read of one request (community §7), used while the cache has not received it yet (a link
 * from an email opened before the first pull), in the cache's shape.
 */
import type { ApiRequest } from '../../../schema/requests';
import { fromApiHistoryEntry, fromApiThreadMessage } from '../../../schema/threads';
import { fromApiAttachment } from '../../../schema/uploads';
import type { SyncedRequest } from '../../../sync/areas/requests';
import { api } from '../../lib/api';

export const fetchRequest = (id: string) => api<ApiRequest>(`/api/requests/${encodeURIComponent(id)}`);

const ms = (iso: string | null) => (iso ? Date.parse(iso) : null);

export function requestOfApi(r: ApiRequest): SyncedRequest {
  return {
    id: r._id,
    title: r.title,
    description: r.description,
    category: r.category,
    status: r.status,
    attachment: fromApiAttachment(r.attachment),
    resident: { id: r.user_id._id, name: r.user_id.name, email: r.user_id.email, role: r.user_id.role },
    address: r.address_id ? { id: r.address_id._id, street: r.address_id.street, unitNumber: r.address_id.unit_number } : null,
    assignee: r.assigned_to ? { id: r.assigned_to._id, name: r.assigned_to.name, email: r.assigned_to.email } : null,
    resolutionDeadline: ms(r.resolution_deadline),
    resolutionNotes: r.resolution_notes,
    messages: r.comments.map(fromApiThreadMessage),
    history: r.history.map(fromApiHistoryEntry),
    createdAt: ms(r.createdAt) ?? 0,
    updatedAt: ms(r.updatedAt) ?? 0,
    version: r.version,
  };
}

