/**
 * The board's status control of a record: any status from any other; the choice is
 * written through the area's mutator (so it works offline) and confirmed with the area's text
 * ("Status updated to {status}") for 3 s, or its failure text.
 */
import { useState } from 'react';
import { Field, optionsOf, Select, useToast } from '../../ui';

export interface StatusChoice<S extends string> {
  statuses: readonly S[];
  labels: Record<S, string>;
  /** "Status updated to In Progress". */
  updated: (status: S) => string;
  /** "Failed to update status". */
  failed: string;
  /** How long the confirmation shows. */
  toastMs: number;
}

export function StatusSelect<S extends string>({
  value,
  choice,
  onChange,
  label = 'Status',
}: {
  value: S;
  choice: StatusChoice<S>;
  /** The area's mutator call. */
  onChange: (status: S) => Promise<void>;
  label?: string;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function change(next: S) {
    if (next === value) return;
    setBusy(true);
    try {
      await onChange(next);
      toast.success(choice.updated(next), choice.toastMs);
    } catch {
      toast.error(choice.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Field label={label}>
      <Select options={optionsOf(choice.statuses, choice.labels)} value={value} onChange={(s) => void change(s)} disabled={busy} />
    </Field>
  );
}
