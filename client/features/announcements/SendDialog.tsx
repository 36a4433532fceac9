/** The Send dialog of a draft: send now, or at a later time (a scheduled send). */
import { useState } from 'react';
import { Button, Dialog, Field, Input } from '../../ui';
import { DETAIL_MESSAGES } from './detail-messages';

/** `YYYY-MM-DDTHH:mm` in local time, the value format of a datetime-local input. */
const localDateTimeValue = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

export function SendDialog({ open, onClose, onSend, audience, online }: { open: boolean; onClose: () => void; onSend: (scheduledAt: string | null) => Promise<void>; audience: string; online: boolean }) {
  const [later, setLater] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    let at: string | null = null;
    if (later) {
      const when = new Date(later);
      if (Number.isNaN(when.getTime()) || when.getTime() <= Date.now()) {
        setError('Choose a time in the future');
        return;
      }
      at = when.toISOString();
    }
    setBusy(true);
    try {
      await onSend(at);
      onClose();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Send announcement"
      description={`Recipients (${audience}) receive an email notification and can view the announcement in the app.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={confirm} busy={busy} busyText="Sending...">
            {later ? 'Schedule' : 'Send'}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <Field label="Send later (optional)" error={error ?? undefined} hint="Leave empty to send now.">
          <Input
            type="datetime-local"
            min={localDateTimeValue(new Date())}
            value={later}
            onChange={(e) => {
              setLater(e.target.value);
              setError(null);
            }}
            invalid={!!error}
          />
        </Field>
        {!online && <p className="text-sm text-warning-800">{DETAIL_MESSAGES.sendQueuedOffline}</p>}
      </div>
    </Dialog>
  );
}
