/** A confirmation before an action that cannot be taken back at once (Revoke invitation, Delete Address): the server's refusal shows inside. */
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../lib/api';
import { Alert, Dialog, DialogActions } from '../../ui';

export function ConfirmAction({
  open,
  title,
  children,
  label,
  busyText,
  failed,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  label: string;
  busyText: string;
  /** The message when the server's answer has none. */
  failed: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setError(null);
    } catch (e) {
      setError(errorMessage(e, failed));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      open={open}
      onClose={close}
      size="sm"
      title={title}
      footer={<DialogActions onCancel={close} onClick={() => void confirm()} variant="danger" busy={busy} busyText={busyText} label={label} />}
    >
      <div className="space-y-3 text-sm text-neutral-700">
        {error && <Alert tone="error">{error}</Alert>}
        {children}
      </div>
    </Dialog>
  );
}
