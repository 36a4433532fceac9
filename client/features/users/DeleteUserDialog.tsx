/** Confirm Deletion: "User {name} deleted successfully" (3 s) on success. */
import { useState } from 'react';
import type { ApiUser } from '../../../schema/auth';
import { USER_MESSAGES } from '../../../schema/users';
import { errorMessage } from '../../lib/api';
import { Alert, Dialog, DialogActions } from '../../ui';
import { usersApi } from './users-api';

export function DeleteUserDialog({ user, onClose, onDeleted }: { user: Pick<ApiUser, '_id' | 'name' | 'email'> | null; onClose: () => void; onDeleted: (message: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = user ? user.name || user.email : '';
  async function confirm() {
    if (!user) return;
    setBusy(true);
    setError(null);
    try {
      const r = await usersApi.remove(user._id);
      onDeleted(r.message ?? USER_MESSAGES.deleted(name));
    } catch (e) {
      setError(errorMessage(e, USER_MESSAGES.deleteFailed));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      open={!!user}
      onClose={() => {
        setError(null);
        onClose();
      }}
      size="sm"
      title="Confirm Deletion"
      footer={<DialogActions onCancel={onClose} onClick={() => void confirm()} variant="danger" busy={busy} busyText="Deleting..." label="Delete User" />}
    >
      <div className="space-y-3 text-sm text-neutral-700">
        {error && <Alert tone="error">{error}</Alert>}
        <p>
          Delete <strong>{name}</strong>? They can no longer sign in, and they are signed out on every device at once.
        </p>
      </div>
    </Dialog>
  );
}
