/**
 * A dialog that asks for a reason before a money decision (waiving a late fee, answering a question):
 * the reason is required and bounded, checked with the same schema the server checks.
 */
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { Button, Dialog, Field, Textarea } from '../../ui';
import { loadZod } from '../../lib/deferred-zod';

export function ReasonDialog({
  open,
  onClose,
  title,
  description,
  label = 'Reason',
  action,
  max,
  schema,
  onSubmit,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  label?: string;
  action: string;
  max: number;
  /** The reason's field schema (required, at most `max`). */
  schema: z.ZodType<string>;
  onSubmit: (reason: string) => Promise<void>;
  children?: ReactNode;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    await loadZod();
    const checked = schema.safeParse(reason);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? null);
    setBusy(true);
    try {
      await onSubmit(checked.data);
      setReason('');
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Go Back
          </Button>
          <Button onClick={() => void submit()} busy={busy} busyText="Saving...">
            {action}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {children}
        <Field label={label} required error={error ?? undefined} hint={`${reason.length}/${max}`}>
          <Textarea
            rows={3}
            value={reason}
            maxLength={max}
            invalid={!!error}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
          />
        </Field>
      </div>
    </Dialog>
  );
}
