/**
 * Show deleted: the members deleted in the last 30 days (online: the cache holds live members only),
 * each with Restore; after 30 days they are gone (peoplePolicy.mayRestore, checked again by the server).
 */
import { useEffect, useState } from 'react';
import { PEOPLE_MESSAGES, type ApiDeletedUser } from '../../../schema/people';
import { ROLE_LABELS, USER_MESSAGES } from '../../../schema/users';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { Alert, Badge, Button, Dialog } from '../../ui';
import { usersApi } from './users-api';

export function DeletedUsersDialog({ open, onClose, onRestored }: { open: boolean; onClose: () => void; onRestored: (message: string) => void }) {
  const [docs, setDocs] = useState<ApiDeletedUser[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    let current = true;
    setDocs(null);
    setError(null);
    usersApi.deleted().then(
      (r) => current && setDocs(r.docs),
      (e) => current && setError(errorMessage(e, USER_MESSAGES.loadUsersFailed)),
    );
    return () => {
      current = false;
    };
  }, [open]);
  async function restore(u: ApiDeletedUser) {
    setBusy(u._id);
    setError(null);
    try {
      const r = await usersApi.restore(u._id);
      setDocs((d) => d && d.filter((x) => x._id !== u._id));
      onRestored(r.message);
    } catch (e) {
      setError(errorMessage(e, PEOPLE_MESSAGES.restoreFailed));
    } finally {
      setBusy(null);
    }
  }
  return (
    <Dialog open={open} onClose={onClose} title="Deleted Users" description="Members deleted in the last 30 days can be restored as they were.">
      <div className="space-y-3">
        {error && <Alert tone="error">{error}</Alert>}
        {docs === null && !error && <p className="text-sm text-neutral-600">Loading...</p>}
        {docs?.length === 0 && <p className="text-sm text-neutral-600">No users were deleted in the last 30 days.</p>}
        <ul className="divide-y divide-neutral-200">
          {docs?.map((u) => (
            <li key={u._id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium text-neutral-900">
                  {u.name || u.email} <Badge variant="secondary">{ROLE_LABELS[u.role]}</Badge>
                </p>
                <p className="text-sm break-all text-neutral-600">
                  {u.email} · deleted {formatDate(u.deleted_at)}
                </p>
              </div>
              <Button size="sm" variant="secondary" busy={busy === u._id} busyText="Restoring..." onClick={() => void restore(u)}>
                Restore<span className="sr-only"> {u.name || u.email}</span>
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </Dialog>
  );
}
