/**
 * Manage Residents: the address's Current Residents and the Available Users (members
 * living elsewhere or nowhere), assign and unassign, then Close. After each change the directory
 * refreshes and the dialog reopens with the address as it is now.
 */
import { useEffect, useMemo, useState } from 'react';
import { addressLabel, type ApiAddress } from '../../../schema/addresses';
import type { ApiUser } from '../../../schema/auth';
import { ROLE_LABELS, USER_MESSAGES } from '../../../schema/users';
import { api, errorMessage } from '../../lib/api';
import { formatAddress } from '../../lib/format';
import { USER_PICKER_LIMIT } from '../../lib/use-active-users';
import { Alert, Badge, Button, Dialog, Input, LoadingText, useToast } from '../../ui';
import { StatusBadge } from '../users/badges';
import { addressesApi, usersApi } from '../users/users-api';

/** Every member (pages of 100 until the last). */
async function allMembers(): Promise<ApiUser[]> {
  const out: ApiUser[] = [];
  for (let page = 1; ; page++) {
    const r = await api<{ docs: ApiUser[]; totalPages: number }>('/api/users', { query: { page, limit: USER_PICKER_LIMIT, includeDeleted: false } });
    out.push(...r.docs);
    if (page >= r.totalPages) return out;
  }
}

export function ManageResidentsDialog({ address, onClose, onChanged }: { address: ApiAddress | null; onClose: () => void; onChanged: (fresh: ApiAddress) => Promise<void> }) {
  const toast = useToast();
  const [members, setMembers] = useState<ApiUser[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [filter, setFilter] = useState('');

  useEffect(() => {
    if (!address) return;
    setError(null);
    allMembers().then(setMembers, (e) => setError(errorMessage(e, USER_MESSAGES.loadUsersFailed)));
  }, [address]);
  // Another address (or the dialog closed) starts with an empty search; the same address reopened
  // after an assignment keeps it.
  const addressId = address?._id;
  useEffect(() => setFilter(''), [addressId]);

  const available = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return (members ?? []).filter((u) => u.address_id !== address?._id && (!q || `${u.name} ${u.email}`.toLowerCase().includes(q)));
  }, [members, address, filter]);

  async function change(user: { _id: string }, assign: boolean) {
    if (!address) return;
    setBusy(user._id);
    setError(null);
    try {
      const r = assign ? await usersApi.assign(user._id, address._id) : await usersApi.unassign(user._id);
      toast.success(r.message ?? (assign ? USER_MESSAGES.assigned : USER_MESSAGES.unassigned), 3000);
      await onChanged(await addressesApi.get(address._id));
    } catch (e) {
      setError(errorMessage(e, assign ? USER_MESSAGES.assignFailed : USER_MESSAGES.unassignFailed));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog open={!!address} onClose={onClose} size="lg" title="Manage Residents" description={address ? addressLabel(address) : undefined} footer={<Button variant="secondary" onClick={onClose}>Close</Button>}>
      <div className="space-y-5 text-sm">
        {error && <Alert tone="error">{error}</Alert>}
        <section aria-labelledby="current-residents">
          <h3 id="current-residents" className="mb-2 font-semibold text-neutral-900">
            Current Residents
          </h3>
          {address?.residents.length ? (
            <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200">
              {address.residents.map((r) => (
                <li key={r._id} className="flex items-center justify-between gap-3 px-3 py-2">
                  <span className="min-w-0">
                    <span className="flex flex-wrap items-center gap-1.5 font-medium text-neutral-900">
                      {r.name}
                      {r.role === 'board' && <Badge>Board</Badge>}
                      {r.status !== 'active' && <StatusBadge status={r.status} />}
                    </span>
                    {/* Someone who has not accepted yet is shown by their email already: once is enough. */}
                    {r.email !== r.name && <span className="block truncate text-neutral-600">{r.email}</span>}
                  </span>
                  <Button size="sm" variant="secondary" busy={busy === r._id} busyText="Removing..." onClick={() => void change(r, false)}>
                    Unassign<span className="sr-only"> {r.name}</span>
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-neutral-600">No residents at this address.</p>
          )}
        </section>
        <section aria-labelledby="available-users">
          <h3 id="available-users" className="mb-2 font-semibold text-neutral-900">
            Available Users
          </h3>
          <Input placeholder="Search by name or email" aria-label="Search available users" value={filter} onChange={(e) => setFilter(e.target.value)} className="mb-2" />
          {!members && !error ? (
            <LoadingText label="Loading users..." />
          ) : (
            <ul className="max-h-72 divide-y divide-neutral-200 overflow-y-auto rounded-lg border border-neutral-200">
              {available.map((u) => (
                <li key={u._id} className="flex items-center justify-between gap-3 px-3 py-2">
                  <span className="min-w-0">
                    <span className="flex flex-wrap items-center gap-1.5 font-medium text-neutral-900">
                      {u.name || u.email}
                      <span className="font-normal text-neutral-500">{ROLE_LABELS[u.role]}</span>
                    </span>
                    <span className="block truncate text-neutral-600">{formatAddress(u.address) ? `Lives at ${formatAddress(u.address)}` : 'No address'}</span>
                  </span>
                  <Button size="sm" busy={busy === u._id} busyText="Assigning..." onClick={() => void change(u, true)}>
                    Assign<span className="sr-only"> {u.name || u.email}</span>
                  </Button>
                </li>
              ))}
              {available.length === 0 && <li className="px-3 py-2 text-neutral-600">No users to assign.</li>}
            </ul>
          )}
        </section>
      </div>
    </Dialog>
  );
}
