/**
 * The REST read of one violation, used while the cache has not received it yet (a link
 * from an email opened before the first pull), in the cache's shape.
 */
import { valueOfRest } from '../../../schema/rest-shape';
import { fromApiHistoryEntry, type ApiHistoryEntry } from '../../../schema/threads';
import { fromApiAttachment } from '../../../schema/uploads';
import type { ApiViolation, ApiViolationMessage } from '../../../schema/violations';
import { syncedViolationSchema, VIOLATION_REST, type SyncedViolation } from '../../../sync/areas/violations';
import { api } from '../../lib/api';

export const fetchViolation = (id: string) => api<ApiViolation>(`/api/violations/${encodeURIComponent(id)}`);

const msOrNull = (iso: string | null) => (iso == null ? null : Date.parse(iso));

export const violationOfApi = (v: ApiViolation): SyncedViolation =>
  valueOfRest(syncedViolationSchema, v, VIOLATION_REST, {
    resolution: (r: ApiViolation['resolution']) => (r ? { by: { id: r.resolved_by._id, name: r.resolved_by.name }, at: Date.parse(r.resolved_at), notes: r.resolution_notes } : null),
    messages: (messages: ApiViolationMessage[]) =>
      messages.map((m) => ({
        id: m._id,
        author: { id: m.sender_id._id, name: m.sender_id.name, isStaff: m.sender_id.is_staff },
        message: m.message,
        isPublic: !m.is_internal,
        attachment: fromApiAttachment(m.attachment),
        createdAt: Date.parse(m.sent_at),
      })),
    history: (history: ApiHistoryEntry[]) => history.map(fromApiHistoryEntry),
    letters: (letters: ApiViolation['letters']) => letters.map((l) => ({ id: l._id, stage: l.stage, sentAt: Date.parse(l.sent_at), cureBy: msOrNull(l.cure_by), fineCents: l.fine_cents })),
    hearing: (h: ApiViolation['hearing']) =>
      h && { id: h._id, note: h.note, requestedAt: Date.parse(h.requested_at), scheduledFor: msOrNull(h.scheduled_for), decision: h.decision, reason: h.reason, decidedAt: msOrNull(h.decided_at) },
  });
