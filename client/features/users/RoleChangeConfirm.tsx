/**
 * Confirm Role Change: the rights a role change gives or leaves, asked before the change
 * is sent. Resident ↔ board and any grant of Super Admin, by edit or by invitation;
 * the words are `userPolicy.roleChangeWarning`'s.
 */
import { useState } from 'react';
import type { Role } from '../../../schema/roles';
import { ROLE_LABELS, type RoleChangeWarning } from '../../../schema/users';
import { Alert, Dialog, DialogActions } from '../../ui';

export function RoleChangeConfirm({
  change,
  onCancel,
  onConfirm,
  failureMessage,
}: {
  /** Who, from which role to which, and the warning; null: closed. */
  change: { who: string; from: Role | null; to: Role; warning: RoleChangeWarning } | null;
  onCancel: () => void;
  /** Sends the change; a throw is shown in the dialog. */
  onConfirm: () => Promise<void>;
  failureMessage: (e: unknown) => string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (e) {
      setError(failureMessage(e));
    } finally {
      setBusy(false);
    }
  }
  const cancel = () => {
    setError(null);
    onCancel();
  };
  const roles = change ? (change.from ? `${ROLE_LABELS[change.from]} → ${ROLE_LABELS[change.to]}` : ROLE_LABELS[change.to]) : '';
  return (
    <Dialog
      open={!!change}
      onClose={cancel}
      size="sm"
      title="Confirm Role Change"
      description={change ? `${change.who}: ${roles}` : undefined}
      footer={<DialogActions onCancel={cancel} onClick={() => void confirm()} busy={busy} busyText="Updating..." label="Confirm Change" />}
    >
      {change && (
        <div className="space-y-3 text-sm text-neutral-700">
          {error && <Alert tone="error">{error}</Alert>}
          <Alert tone="warning" title={change.warning.title}>
            {change.warning.lead}
          </Alert>
          <ul className="list-disc space-y-1 pl-5">
            {change.warning.rights.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      )}
    </Dialog>
  );
}
