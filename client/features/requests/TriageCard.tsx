/**
 * The board's controls of a request: the status selector (any to any, applied
 * at once with "Status updated to {status}" for 3 s), and the assignment to a board member, the
 * resolution deadline and the resolution notes, saved together. All go through mutators, so they
 * work offline, the list of board members too (the synced members).
 */
import { useMemo, useState, type FormEvent } from 'react';
import { REQUEST_MESSAGES, REQUEST_NOTES_MAX, REQUEST_STATUS_LABELS, REQUEST_STATUS_TOAST_MS, REQUEST_STATUSES, statusUpdatedMessage, type RequestStatus } from '../../../schema/requests';
import { isPrivileged } from '../../../schema/roles';
import type { SyncedRequest } from '../../../sync/areas/requests';
import { useReplicache } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { useActiveUsers } from '../../lib/use-active-users';
import { Button, Card, CardBody, CardHeader, Field, Input, Select, Textarea, useToast } from '../../ui';
import { actingUser, StatusSelect, type StatusChoice } from '../threads';

const STATUS_CHOICE: StatusChoice<RequestStatus> = {
  statuses: REQUEST_STATUSES,
  labels: REQUEST_STATUS_LABELS,
  updated: statusUpdatedMessage,
  failed: REQUEST_MESSAGES.statusUpdateFailed,
  toastMs: REQUEST_STATUS_TOAST_MS,
};

export const TRIAGE_SAVED = 'Request updated';
export const TRIAGE_FAILED = 'Failed to update request';

/** A stored deadline (UTC midnight) as the date input's value. */
const dayOf = (at: number | null) => (at === null ? '' : new Date(at).toISOString().slice(0, 10));

export function TriageCard({ request }: { request: SyncedRequest }) {
  const rep = useReplicache();
  const me = useCurrentUser();
  const toast = useToast();
  const users = useActiveUsers();
  const board = useMemo(() => users.users.filter((u) => isPrivileged(u.role)), [users.users]);

  const initial = { assignee: request.assignee?.id ?? '', deadline: dayOf(request.resolutionDeadline), notes: request.resolutionNotes ?? '' };
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  // A change that arrived from elsewhere replaces the fields the user has not touched.
  const [base, setBase] = useState(initial);
  if (base.assignee !== initial.assignee || base.deadline !== initial.deadline || base.notes !== initial.notes) {
    setBase(initial);
    setDraft((d) => ({
      assignee: d.assignee === base.assignee ? initial.assignee : d.assignee,
      deadline: d.deadline === base.deadline ? initial.deadline : d.deadline,
      notes: d.notes === base.notes ? initial.notes : d.notes,
    }));
  }
  const changed = draft.assignee !== initial.assignee || draft.deadline !== initial.deadline || draft.notes.trim() !== initial.notes;

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!rep || !changed) return;
    const chosen = board.find((u) => u._id === draft.assignee);
    setBusy(true);
    try {
      await rep.mutate.updateRequestTriage({
        id: request.id,
        ...(draft.assignee !== initial.assignee ? { assigned_to: draft.assignee || null } : {}),
        ...(draft.deadline !== initial.deadline ? { resolution_deadline: draft.deadline || null } : {}),
        ...(draft.notes.trim() !== initial.notes ? { resolution_notes: draft.notes } : {}),
        shown: { by: me ? actingUser(me) : undefined, assignee: chosen ? { name: chosen.name, email: chosen.email } : undefined },
      });
      toast.success(TRIAGE_SAVED, REQUEST_STATUS_TOAST_MS);
    } catch {
      toast.error(TRIAGE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  // The current assignee stays choosable when they are not in the list (no longer active, or the cache is still opening).
  const options = request.assignee && !board.some((u) => u._id === request.assignee?.id) ? [{ _id: request.assignee.id, name: request.assignee.name }, ...board] : board;

  return (
    <Card>
      <CardHeader title="Manage Request" />
      <CardBody className="space-y-4">
        <StatusSelect
          value={request.status}
          choice={STATUS_CHOICE}
          onChange={async (status) => {
            if (!rep) throw new Error(REQUEST_MESSAGES.statusUpdateFailed);
            await rep.mutate.setRequestStatus({ id: request.id, status, shown: { by: me ? actingUser(me) : undefined } });
          }}
        />
        <form onSubmit={save} className="space-y-4 border-t border-neutral-200 pt-4">
          <Field label="Assigned To">
            <Select
              options={[{ value: '', label: 'Unassigned' }, ...options.map((u) => ({ value: u._id, label: u.name }))]}
              value={draft.assignee}
              onChange={(assignee) => setDraft({ ...draft, assignee })}
              disabled={busy}
            />
          </Field>
          <Field label="Resolution Deadline">
            <Input type="date" value={draft.deadline} onChange={(e) => setDraft({ ...draft, deadline: e.target.value })} disabled={busy} />
          </Field>
          <Field label="Resolution Notes">
            <Textarea rows={4} maxLength={REQUEST_NOTES_MAX} value={draft.notes} onChange={(e) => setDraft({ ...draft, notes: e.target.value })} disabled={busy} />
          </Field>
          <Button type="submit" className="w-full" disabled={!changed} busy={busy} busyText="Saving...">
            Save Changes
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
