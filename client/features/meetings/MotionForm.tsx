/** Record Motion on an agenda item: the text, who moved and who seconded (present board members), and whether a carried motion acts on the linked item. */
import { useState } from 'react';
import { MEETING_LINK_KINDS, motionFormSchema, type MeetingLinkKind } from '../../../schema/meetings';
import { useSyncedForm, type FieldMap } from '../../lib/use-synced-form';
import { Alert, Button, Field, Select, Textarea } from '../../ui';
import type { Seat } from './use-meetings';

interface MotionValues {
  text: string;
  movedBy: string;
  secondedBy: string;
  apply: boolean;
}
const FIELDS: FieldMap<MotionValues> = { text: 'text', moved_by: 'movedBy', seconded_by: 'secondedBy' };

export function MotionForm({ meetingId, itemId, present, names, linkKind, onDone }: { meetingId: string; itemId: string; present: Seat[]; names: Record<string, string>; linkKind: MeetingLinkKind | null; onDone: () => void }) {
  const [id, setId] = useState(() => crypto.randomUUID());
  const options = present.map((s) => ({ value: s.id, label: s.name }));
  const { values, set, errors, formError, busy, onSubmit } = useSyncedForm({
    initial: { text: '', movedBy: '', secondedBy: '', apply: false },
    schema: motionFormSchema,
    toInput: (v) => ({ item_id: itemId, text: v.text, moved_by: v.movedBy, seconded_by: v.secondedBy, apply_to_link: v.apply }),
    fieldOf: FIELDS,
    mutate: (rep, data) => rep.mutate.recordMotion({ id, meetingId, ...data, shown: { names } }),
    failureMessage: 'Failed to record the motion',
    onSaved: () => {
      setId(crypto.randomUUID());
      onDone();
    },
  });
  const optional = linkKind && !MEETING_LINK_KINDS[linkKind].always;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Record Motion" className="space-y-4 rounded-lg border border-dashed border-neutral-300 p-4">
      <Field label="Motion" required error={errors.text}>
        <Textarea value={values.text} onChange={(e) => set('text', e.target.value)} invalid={!!errors.text} disabled={busy} className="min-h-16" placeholder="e.g. Move to approve the bid from…" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Moved by" required error={errors.movedBy}>
          <Select options={options} value={values.movedBy} onChange={(v) => set('movedBy', v)} invalid={!!errors.movedBy} disabled={busy} placeholder="Choose a member…" />
        </Field>
        <Field label="Seconded by" required error={errors.secondedBy}>
          <Select options={options.filter((o) => o.value !== values.movedBy)} value={values.secondedBy} onChange={(v) => set('secondedBy', v)} invalid={!!errors.secondedBy} disabled={busy} placeholder="Choose a member…" />
        </Field>
      </div>
      {optional && (
        <label className="flex items-center gap-2 text-sm text-neutral-800">
          <input type="checkbox" className="size-4 rounded border-neutral-300" checked={values.apply} onChange={(e) => set('apply', e.target.checked)} disabled={busy} />
          Apply to linked item ({MEETING_LINK_KINDS[linkKind].carried.toLowerCase()} if carried)
        </label>
      )}
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" busy={busy} busyText="Recording...">
          Record Motion
        </Button>
      </div>
    </form>
  );
}
