/**
 * A case's fines, letters and hearing beside its details: where it stands on the schedule, the cure
 * date and the fines posted; for the board, Advance (a confirm naming the letter and any fine, through
 * the `advanceViolation` mutator, so it works offline) and the hearing's scheduling and decision (REST:
 * they need the network); for the resident, Request a hearing (the `requestViolationHearing` mutator).
 */
import { useState, type FormEvent } from 'react';
import { advanceSummary, FINE_MESSAGES, finePolicy, HEARING_DECISION_LABELS, nextStage } from '../../../schema/violation-fines';
import { formatUsd, dollarsToCents } from '../../../schema/money';
import { HEARING_DECISIONS, VIOLATION_STAGE_LABELS, type HearingDecision } from '../../../schema/violations';
import { formatDate, formatDateTime } from '../../lib/format';
import { api, errorMessage } from '../../lib/api';
import { useReplicache, useOnline } from '../../lib/replicache';
import { useCurrentUser } from '../../lib/session';
import { Alert, Button, ButtonLink, Card, CardBody, CardHeader, DetailList, Dialog, DialogActions, Field, Input, Select, Textarea, useToast } from '../../ui';
import type { SyncedViolation } from '../../../sync/areas/violations';
import { actingUser } from '../threads';

const caseOf = (v: SyncedViolation) => ({ residentId: v.resident.id, status: v.status, stage: v.stage, hearing: v.hearing, schedule: v.schedule });

export function FinesCard({ violation: v }: { violation: SyncedViolation }) {
  const me = useCurrentUser();
  if (!me) return null;
  const board = finePolicy.mayManage(me.role);
  const c = caseOf(v);
  return (
    <Card>
      <CardHeader title="Fines and Letters" />
      <CardBody className="space-y-4 text-sm">
        <DetailList
          items={[
            { label: 'Stage', value: VIOLATION_STAGE_LABELS[v.stage] },
            { label: 'Cure By', value: v.cureBy != null ? formatDate(v.cureBy) : '—' },
            { label: 'Fines', value: formatUsd(v.finedCents) },
            v.nextFineAt != null && { label: 'Next Fine', value: formatDate(v.nextFineAt) },
          ]}
        />
        {board && finePolicy.mayAdvance(c) && <AdvanceButton violation={v} />}
        {board && <ButtonLink href="/violations/fine-schedule" variant="secondary" className="w-full">Fine Schedule</ButtonLink>}
        {!board && finePolicy.mayAskHearing(c, { userId: me.id, role: me.role }) && <HearingRequest violation={v} />}
      </CardBody>
    </Card>
  );
}

function AdvanceButton({ violation: v }: { violation: SyncedViolation }) {
  const rep = useReplicache();
  const me = useCurrentUser();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const stage = nextStage(v.stage, v.schedule)!;
  const summary = advanceSummary(stage, v.schedule, v.finedCents);

  async function advance() {
    if (!rep) return;
    setBusy(true);
    try {
      await rep.mutate.advanceViolation({ id: crypto.randomUUID(), violationId: v.id, from: v.stage, shown: { by: me ? actingUser(me) : undefined } });
      toast.success(`${VIOLATION_STAGE_LABELS[stage]} letter sent`);
      setOpen(false);
    } catch {
      toast.error(FINE_MESSAGES.advanceFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button className="w-full" onClick={() => setOpen(true)}>
        Advance to {VIOLATION_STAGE_LABELS[stage]}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Advance to ${VIOLATION_STAGE_LABELS[stage]}?`}
        description={`${summary} to ${v.resident.name || 'the resident'}. They will have ${v.schedule.cureDays} days to cure.`}
        footer={<DialogActions onCancel={() => setOpen(false)} label={stage === 'fined' ? 'Post Fine and Send' : 'Send Letter'} busy={busy} busyText="Sending..." onClick={advance} />}
      />
    </>
  );
}

function HearingRequest({ violation: v }: { violation: SyncedViolation }) {
  const rep = useReplicache();
  const me = useCurrentUser();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!note.trim()) return setError(FINE_MESSAGES.noteRequired);
    if (!rep) return;
    await rep.mutate.requestViolationHearing({ id: crypto.randomUUID(), violationId: v.id, note: note.trim(), shown: { by: me ? actingUser(me) : undefined } });
    toast.success('Hearing requested');
    setOpen(false);
  }

  return (
    <>
      <Button variant="secondary" className="w-full" onClick={() => setOpen(true)}>
        Request a Hearing
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Request a hearing"
        description="The board will schedule a hearing and tell you its decision and the reason."
        footer={<DialogActions onCancel={() => setOpen(false)} label="Request Hearing" form="hearing-request" />}
      >
        <form id="hearing-request" onSubmit={submit}>
          <Field label="Why are you asking for a hearing?" error={error ?? undefined} required>
            <Textarea name="note" rows={4} maxLength={2000} value={note} onChange={(e) => (setNote(e.target.value), setError(null))} invalid={!!error} />
          </Field>
        </form>
      </Dialog>
    </>
  );
}

const DECISION_OPTIONS = HEARING_DECISIONS.map((d) => ({ value: d, label: HEARING_DECISION_LABELS[d] }));

/** The hearing: what the resident asked, when it is, and the decision with its reason; the board schedules and decides. */
export function HearingCard({ violation: v, onChanged }: { violation: SyncedViolation; onChanged?: () => void }) {
  const me = useCurrentUser();
  const online = useOnline();
  const toast = useToast();
  const [when, setWhen] = useState('');
  const [decision, setDecision] = useState<HearingDecision | ''>('');
  const [reason, setReason] = useState('');
  const [reducedTo, setReducedTo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const h = v.hearing;
  if (!h || !me) return null;
  const board = finePolicy.mayManage(me.role);
  const open = finePolicy.mayDecideHearing(caseOf(v));

  async function send(body: Record<string, unknown>) {
    setBusy(true);
    setErrors({});
    try {
      await api(`/api/violations/${encodeURIComponent(v.id)}/hearing`, { method: 'PUT', body });
      toast.success('Hearing saved');
      onChanged?.();
    } catch (e) {
      const fieldErrors = (e as { errors?: { path: string; msg: string }[] }).errors ?? [];
      if (fieldErrors.length) setErrors(Object.fromEntries(fieldErrors.map((f) => [f.path, f.msg])));
      else toast.error(errorMessage(e, FINE_MESSAGES.hearingFailed));
    } finally {
      setBusy(false);
    }
  }

  const schedule = (e: FormEvent) => {
    e.preventDefault();
    if (!when) return setErrors({ scheduled_for: FINE_MESSAGES.scheduledForInvalid });
    void send({ scheduled_for: new Date(when).toISOString() });
  };
  const decide = (e: FormEvent) => {
    e.preventDefault();
    if (!decision) return setErrors({ decision: FINE_MESSAGES.decisionInvalid });
    const cents = decision === 'reduced' ? dollarsToCents(Number(reducedTo)) : undefined;
    if (decision === 'reduced' && (reducedTo.trim() === '' || cents == null)) return setErrors({ reduced_to: FINE_MESSAGES.reducedToRequired });
    void send({ decision, reason, ...(cents != null ? { reduced_to: cents } : {}) });
  };

  return (
    <Card>
      <CardHeader title="Hearing" />
      <CardBody className="space-y-4 text-sm">
        <DetailList
          items={[
            { label: 'Requested', value: formatDateTime(h.requestedAt) },
            { label: 'Note', value: <span className="whitespace-pre-wrap">{h.note}</span> },
            { label: 'Scheduled For', value: h.scheduledFor != null ? formatDateTime(h.scheduledFor) : 'Not scheduled yet' },
            h.decision && { label: 'Decision', value: HEARING_DECISION_LABELS[h.decision] },
            !!h.reason && { label: 'Reason', value: <span className="whitespace-pre-wrap">{h.reason}</span> },
          ]}
        />
        {board && open && (
          <>
            {!online && <Alert tone="info">Scheduling and deciding a hearing need a connection.</Alert>}
            <form onSubmit={schedule} className="space-y-3 border-t border-neutral-200 pt-4">
              <Field label="Hearing date and time" error={errors.scheduled_for}>
                <Input type="datetime-local" name="scheduled_for" value={when} onChange={(e) => setWhen(e.target.value)} invalid={!!errors.scheduled_for} />
              </Field>
              <Button type="submit" variant="secondary" busy={busy} disabled={!online}>
                Schedule Hearing
              </Button>
            </form>
            <form onSubmit={decide} className="space-y-3 border-t border-neutral-200 pt-4">
              <Field label="Decision" error={errors.decision}>
                <Select options={DECISION_OPTIONS} value={decision} onChange={setDecision} name="decision" invalid={!!errors.decision} />
              </Field>
              {decision === 'reduced' && (
                <Field label={`Reduce the fines (${formatUsd(v.finedCents)}) to, in dollars`} error={errors.reduced_to}>
                  <Input type="number" min="0" step="0.01" inputMode="decimal" name="reduced_to" value={reducedTo} onChange={(e) => setReducedTo(e.target.value)} invalid={!!errors.reduced_to} />
                </Field>
              )}
              <Field label="Reason" error={errors.reason} required>
                <Textarea name="reason" rows={3} maxLength={2000} value={reason} onChange={(e) => setReason(e.target.value)} invalid={!!errors.reason} />
              </Field>
              <Button type="submit" busy={busy} busyText="Saving..." disabled={!online}>
                Record Decision
              </Button>
            </form>
          </>
        )}
      </CardBody>
    </Card>
  );
}
