/**
 * The board's controls of a violation: the status selector (any of the five at
 * any time, applied at once with "Status updated to {status}" for 3 s) and resolving with notes (the
 * resolution card). Both go through the `setViolationStatus` mutator, so they work offline.
 */
import { useState, type FormEvent } from 'react';
import {
  VIOLATION_MESSAGES,
  VIOLATION_NOTES_MAX,
  VIOLATION_STATUS_LABELS,
  VIOLATION_STATUS_TOAST_MS,
  VIOLATION_STATUSES,
  statusUpdatedMessage,
  type ViolationStatus,
} from '../../../schema/violations';
import type { SyncedViolation } from '../../../sync/areas/violations';
import { useReplicache } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { Button, Card, CardBody, CardHeader, Field, Textarea, useToast } from '../../ui';
import { actingUser, StatusSelect, type StatusChoice } from '../threads';

const STATUS_CHOICE: StatusChoice<ViolationStatus> = {
  statuses: VIOLATION_STATUSES,
  labels: VIOLATION_STATUS_LABELS,
  updated: statusUpdatedMessage,
  failed: VIOLATION_MESSAGES.statusUpdateFailed,
  toastMs: VIOLATION_STATUS_TOAST_MS,
};

export function StatusCard({ violation: v }: { violation: SyncedViolation }) {
  const rep = useReplicache();
  const me = useCurrentUser();
  const toast = useToast();
  const [notes, setNotes] = useState(v.resolution?.notes ?? '');
  const [busy, setBusy] = useState(false);
  const shown = { by: me ? actingUser(me) : undefined };

  const setStatus = async (status: ViolationStatus, resolution_notes?: string | null) => {
    if (!rep) throw new Error(VIOLATION_MESSAGES.statusUpdateFailed);
    await rep.mutate.setViolationStatus({ id: v.id, status, resolution_notes, shown });
  };

  async function resolve(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await setStatus('resolved', notes.trim() || null);
      toast.success(statusUpdatedMessage('resolved'), VIOLATION_STATUS_TOAST_MS);
    } catch {
      toast.error(VIOLATION_MESSAGES.statusUpdateFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader title="Manage Violation" />
      <CardBody className="space-y-5">
        <StatusSelect value={v.status} choice={STATUS_CHOICE} onChange={(status) => setStatus(status)} />
        <form onSubmit={resolve} className="space-y-3 border-t border-neutral-200 pt-4">
          <Field label="Resolution Notes" hint="Shown on the resolution card">
            <Textarea name="resolution_notes" rows={3} maxLength={VIOLATION_NOTES_MAX} value={notes} onChange={(e) => setNotes(e.target.value)} disabled={busy} />
          </Field>
          <Button type="submit" variant="secondary" busy={busy} busyText="Saving...">
            {v.status === 'resolved' ? 'Update Resolution' : 'Resolve with Notes'}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
