/**
 * The REST read of one violation (community §7), used while the cache has not received it yet (a link
 * from an email opened before the first pull), in the cache's shape.
 */
import { fromApiHistoryEntry } from '../../../schema/threads';
import { fromApiAttachment } from '../../../schema/uploads';
import type { ApiViolation } from '../../../schema/violations';
import type { SyncedViolation } from '../../../sync/areas/violations';
import { api } from '../../lib/api';

export const fetchViolation = (id: string) => api<ApiViolation>(`/api/violations/${encodeURIComponent(id)}`);

export function violationOfApi(v: ApiViolation): SyncedViolation {
  return {
    id: v._id,
    title: v.title,
    message: v.message,
    category: v.category,
    status: v.status,
    dueDate: Date.parse(v.due_date),
    attachment: fromApiAttachment(v.attachment),
    resident: { id: v.user_id._id, name: v.user_id.name, email: v.user_id.email },
    address: v.address_id ? { id: v.address_id._id, street: v.address_id.street, unitNumber: v.address_id.unit_number } : null,
    issuedBy: { id: v.issued_by._id, name: v.issued_by.name, email: v.issued_by.email },
    resolution: v.resolution ? { by: { id: v.resolution.resolved_by._id, name: v.resolution.resolved_by.name }, at: Date.parse(v.resolution.resolved_at), notes: v.resolution.resolution_notes } : null,
    messages: v.messages.map((m) => ({
      id: m._id,
      author: { id: m.sender_id._id, name: m.sender_id.name, isStaff: m.sender_id.is_staff },
      message: m.message,
      isPublic: !m.is_internal,
      attachment: fromApiAttachment(m.attachment),
      createdAt: Date.parse(m.sent_at),
    })),
    history: v.history.map(fromApiHistoryEntry),
    createdAt: Date.parse(v.createdAt),
    updatedAt: Date.parse(v.updatedAt),
    version: v.version,
  };
}
