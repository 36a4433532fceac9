/**
 * /users: counters, the All Users table with Load more, and the
 * dialogs Invite User, Bulk Add, Edit User (with Confirm Role Change) and Confirm Deletion. Read
 * from REST, not the cache (docs/decisions/111-users-rest-only.md). `?bulk-upload=true` opens
 * Bulk Add and is then removed from the address.
 */
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ApiUser } from '../../../schema/auth';
import type { UserStatus } from '../../../schema/roles';
import { ROLE_LABELS, USER_MESSAGES, USER_PAGE_SIZE, userPolicy, type UserStatistics } from '../../../schema/users';
import { errorMessage } from '../../lib/api';
import { formatAddress, formatDate } from '../../lib/format';
import { usePagedList } from '../../lib/use-paged-list';
import { useCurrentUser } from '../../lib/session';
import { Alert, Badge, Button, ButtonLink, EmptyState, ListScreen, useToast, type Column } from '../../ui';
import { BulkAddDialog } from './BulkAddDialog';
import { DeleteUserDialog } from './DeleteUserDialog';
import { EditUserDialog } from './EditUserDialog';
import { InviteUserDialog } from './InviteUserDialog';
import { StatusBadge } from './badges';
import { usersApi } from './users-api';

type Open = { kind: 'invite' } | { kind: 'bulk' } | { kind: 'edit'; user: ApiUser } | { kind: 'delete'; user: ApiUser } | null;

/** The name shown for a member: an invited user has none until they accept. */
export const shownName = (u: Pick<ApiUser, 'name' | 'email'>) => u.name || u.email;
/** After Edit User: a user who never activated, set active, was invited again (userPolicy.statusOnSave). */
const savedMessage = (u: ApiUser, requested: UserStatus) =>
  requested === 'active' && u.status === 'invited' ? USER_MESSAGES.invited(u.email) : USER_MESSAGES.updated(shownName(u));

export function UsersPage() {
  const me = useCurrentUser();
  const toast = useToast();
  const [open, setOpen] = useState<Open>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const list = usePagedList<ApiUser, UserStatistics>('/api/users', {
    limit: USER_PAGE_SIZE,
    query: { includeDeleted: false },
    loadFailed: USER_MESSAGES.loadFailed,
    loadMoreFailed: USER_MESSAGES.loadMoreFailed,
  });

  // ?bulk-upload=true (the dashboard's banner) opens Bulk Add, then leaves the address.
  const search = useSearch();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (new URLSearchParams(search).get('bulk-upload') !== 'true') return;
    setOpen({ kind: 'bulk' });
    navigate('/users', { replace: true });
  }, [search, navigate]);

  const actor = me ? { id: me.id, role: me.role } : null;
  const close = () => setOpen(null);
  /** After a change: the list and its counters again; a failed refresh says so. */
  const changed = async (message?: string, durationMs = 3000) => {
    setOpen(null);
    setActionError(null);
    if (message) toast.success(message, durationMs);
    return list.reload();
  };
  async function resend(user: ApiUser) {
    setActionError(null);
    try {
      const r = await usersApi.resend(user._id);
      toast.success(r.message ?? USER_MESSAGES.inviteResent, 3000);
    } catch (e) {
      setActionError(errorMessage(e, USER_MESSAGES.resendFailed));
    }
  }

  const actions = (u: ApiUser) => {
    const may = actor ? userPolicy.actionsFor(actor, u) : { edit: false, resend: false, delete: false };
    return (
      <div className="flex justify-start gap-1.5 sm:justify-end">
        <Button size="sm" variant="secondary" disabled={!may.edit} onClick={() => setOpen({ kind: 'edit', user: u })}>
          Edit<span className="sr-only"> {shownName(u)}</span>
        </Button>
        {u.status !== 'invited' && (
          <ButtonLink size="sm" variant="secondary" href={`/account/${u._id}`}>
            Statement<span className="sr-only"> of {shownName(u)}</span>
          </ButtonLink>
        )}
        {may.resend && (
          <Button size="sm" variant="secondary" onClick={() => void resend(u)}>
            Resend<span className="sr-only"> invitation to {u.email}</span>
          </Button>
        )}
        {may.delete && (
          <Button size="sm" variant="danger-ghost" onClick={() => setOpen({ kind: 'delete', user: u })}>
            Delete<span className="sr-only"> {shownName(u)}</span>
          </Button>
        )}
      </div>
    );
  };

  const columns: Column<ApiUser>[] = [
    {
      header: 'Name',
      primary: true,
      cell: (u) => (
        <>
          <span className="flex flex-wrap items-center gap-2">
            {/* An invited user names themselves when they accept; until then the email says who it is. */}
            {u.name || <span className="font-normal text-neutral-600">Not yet accepted</span>}
            {u._id === me?.id && <Badge variant="outline">You</Badge>}
          </span>
          {/* Phones: the email once, under the name (the Email column is the table's). */}
          <span className="block text-sm font-normal break-all text-neutral-600 sm:hidden">{u.email}</span>
        </>
      ),
    },
    { header: 'Email', className: 'whitespace-nowrap', hideOnPhone: true, cell: (u) => u.email },
    { header: 'Role', cell: (u) => <Badge variant={u.role === 'resident' ? 'secondary' : 'default'}>{ROLE_LABELS[u.role]}</Badge> },
    { header: 'Status', cell: (u) => <StatusBadge status={u.status} /> },
    { header: 'Address', cell: (u) => formatAddress(u.address) ?? <span className="text-neutral-600">No address</span> },
    { header: 'Last Login', className: 'whitespace-nowrap', cell: (u) => (u.lastLogin ? formatDate(u.lastLogin) : <span className="text-neutral-600">Never</span>) },
    { header: 'Actions', className: 'text-right', cell: actions },
  ];

  const s = list.statistics;
  const error = actionError ?? list.error;
  return (
    <>
      <ListScreen
        title="User Management"
        subtitle="Invite residents and board members, and manage their roles and access"
        actions={
          <div className="flex flex-wrap gap-2">
            <ButtonLink variant="ghost" href="/activity">
              Activity
            </ButtonLink>
            <Button variant="secondary" onClick={() => setOpen({ kind: 'bulk' })}>
              Bulk Add
            </Button>
            <Button onClick={() => setOpen({ kind: 'invite' })}>Invite User</Button>
          </div>
        }
        banner={error && <Alert tone="error" onDismiss={actionError ? () => setActionError(null) : undefined}>{error}</Alert>}
        stats={[
          { label: 'Active Users', value: s?.activeUsers ?? '–' },
          { label: 'Board Members', value: s?.boardMembers ?? '–' },
          { label: 'Pending Invitations', value: s?.pendingInvitations ?? '–' },
          { label: 'Super Admins', value: s?.superAdmins ?? '–' },
        ]}
        tableTitle="All Users"
        columns={columns}
        rowKey={(u) => u._id}
        rows={list.rows}
        empty={<EmptyState title="No users yet" action={<Button onClick={() => setOpen({ kind: 'invite' })}>Invite User</Button>} />}
        exhaustedText="No more users"
      />
      {actor && (
        <>
          <InviteUserDialog open={open?.kind === 'invite'} actorRole={actor.role} onClose={close} onInvited={(email) => void changed(USER_MESSAGES.invited(email))} />
          <BulkAddDialog open={open?.kind === 'bulk'} onClose={close} onCreated={() => list.reload()} />
          <EditUserDialog user={open?.kind === 'edit' ? open.user : null} actor={actor} onClose={close} onSaved={(u, requested) => void changed(savedMessage(u, requested))} />
          <DeleteUserDialog user={open?.kind === 'delete' ? open.user : null} onClose={close} onDeleted={(message) => void changed(message)} />
        </>
      )}
    </>
  );
}
