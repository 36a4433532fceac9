/**
 * /users: counters, the All Users table from the local cache (every member not deleted: it works
 * offline and at the size of a large HOA) with its filters row (search by name, email, phone, street
 * or unit; role, status, residency; sort by name, role, status or invitation sent date) and Load more;
 * the dialogs Invite User, Bulk Add, Edit User (with Confirm Role Change), Confirm Deletion, Revoke
 * invitation, Export CSV and Show deleted; Resend expired invitations. The writes are REST; their
 * result comes back through sync. `?bulk-upload=true` opens Bulk Add and is then removed from the address.
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ApiUser } from '../../../schema/auth';
import { MEMBER_EXPORT_COLUMNS, MEMBER_EXPORT_NAME } from '../../../schema/people-export';
import { PEOPLE_MESSAGES } from '../../../schema/people';
import type { UserStatus } from '../../../schema/roles';
import { USER_MESSAGES, USER_PAGE_SIZE, userPolicy } from '../../../schema/users';
import { memberKey, type SyncedMember } from '../../../sync/areas/members';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../../lib/session';
import { useListFilters } from '../../lib/use-list-filters';
import { useSyncedList, useSyncedRow } from '../../lib/use-synced-list';
import { Alert, Button, ButtonLink, EmptyState, FilterBar, lazyDialog, ListScreen, useToast } from '../../ui';
import { ConfirmAction } from '../people/ConfirmAction';
import { ExportDialog } from '../people/ExportDialog';
import { DeleteUserDialog } from './DeleteUserDialog';
import type { EditableUser } from './EditUserDialog';
import { memberColumns, shownName, type MemberActions } from './member-columns';
import { MEMBER_FILTERS, MEMBER_SELECTS, memberListOf } from './member-list';
import { usersApi } from './users-api';

// Each in a chunk of its own, loaded at its first open: their forms and the address picker are most of the screen's code.
const InviteUserDialog = lazyDialog(() => import('./InviteUserDialog'), 'InviteUserDialog', (p) => p.open);
const EditUserDialog = lazyDialog(() => import('./EditUserDialog'), 'EditUserDialog', (p) => p.user !== null);
const BulkAddDialog = lazyDialog(() => import('./BulkAddDialog'), 'BulkAddDialog', (p) => p.open);
const DeletedUsersDialog = lazyDialog(() => import('./DeletedUsersDialog'), 'DeletedUsersDialog', (p) => p.open);

type Open =
  | { kind: 'invite' | 'bulk' | 'export' | 'deleted' }
  | { kind: 'edit' | 'delete' | 'revoke'; user: SyncedMember }
  | null;

/** After Edit User: a user who never activated, set active, was invited again (userPolicy.statusOnSave); a new email waits for its link. */
const savedMessage = (u: ApiUser & { email_change_sent_to?: string }, requested: UserStatus) =>
  u.email_change_sent_to
    ? PEOPLE_MESSAGES.emailChangeSent(u.email_change_sent_to)
    : requested === 'active' && u.status === 'invited'
      ? USER_MESSAGES.invited(u.email)
      : USER_MESSAGES.updated(shownName(u));
const editable = (m: SyncedMember): EditableUser => ({
  _id: m.id,
  name: m.name,
  email: m.email,
  phone: m.phone,
  role: m.role,
  status: m.status,
  address: m.address && { _id: m.address.id, label: m.address.unitNumber ? `${m.address.street}, Unit ${m.address.unitNumber}` : m.address.street },
});

export function UsersPage() {
  const me = useCurrentUser();
  const toast = useToast();
  const [open, setOpen] = useState<Open>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const filters = useListFilters(MEMBER_FILTERS);
  const list = useSyncedList(memberListOf(filters.applied.sort), { filter: filters.filter, pageSize: USER_PAGE_SIZE });
  // Export CSV: every member the filters let through, read only while its dialog is open.
  const everyMatch = useSyncedList(memberListOf(filters.applied.sort), { filter: filters.filter, pageSize: open?.kind === 'export' ? Infinity : 0 });

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
  const done = (message: string, durationMs = 3000) => {
    setOpen(null);
    setActionError(null);
    toast.success(message, durationMs);
  };
  const act = useMemo<MemberActions>(
    () => ({
      edit: (user) => setOpen({ kind: 'edit', user }),
      remove: (user) => setOpen({ kind: 'delete', user }),
      revoke: (user) => setOpen({ kind: 'revoke', user }),
      resend: (user) => {
        setActionError(null);
        usersApi.resend(user.id).then(
          (r) => toast.success(r.message ?? USER_MESSAGES.inviteResent, 3000),
          (e) => setActionError(errorMessage(e, USER_MESSAGES.resendFailed)),
        );
      },
    }),
    [toast],
  );
  // The Expired badge reads the time when the screen opened (an invitation expires in days, not seconds).
  const [now] = useState(() => Date.now());
  const columns = useMemo(() => memberColumns(actor, act, now), [actor?.id, actor?.role, act, now]);

  async function resendExpired() {
    setResending(true);
    setActionError(null);
    try {
      toast.success((await usersApi.resendExpired()).message, 3000);
    } catch (e) {
      setActionError(errorMessage(e, PEOPLE_MESSAGES.resendExpiredFailed));
    } finally {
      setResending(false);
    }
  }

  const c = list.counters;
  const manage = !!actor && userPolicy.mayManage(actor.role);
  const target = open && 'user' in open ? open.user : null;
  // Edit User follows the member as sync brings them (the save of a moment ago, another board member's).
  const edited = useSyncedRow<SyncedMember>(memberKey, open?.kind === 'edit' ? open.user.id : null);
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
            <Button variant="secondary" onClick={() => setOpen({ kind: 'export' })}>
              Export CSV
            </Button>
            {manage && (
              <Button variant="secondary" onClick={() => setOpen({ kind: 'deleted' })}>
                Show deleted
              </Button>
            )}
            {manage && (
              <Button variant="secondary" busy={resending} busyText="Resending..." onClick={() => void resendExpired()}>
                Resend expired invitations
              </Button>
            )}
            <Button variant="secondary" onClick={() => setOpen({ kind: 'bulk' })}>
              Bulk Add
            </Button>
            <Button onClick={() => setOpen({ kind: 'invite' })}>Invite User</Button>
          </div>
        }
        banner={actionError && <Alert tone="error" onDismiss={() => setActionError(null)}>{actionError}</Alert>}
        stats={[
          { label: 'Active Users', value: c.active },
          { label: 'Board Members', value: c.board },
          { label: 'Pending Invitations', value: c.invited },
          { label: 'Super Admins', value: c.superadmin },
        ]}
        filters={
          <FilterBar filters={filters.store} list="users" label="Filter users" selects={MEMBER_SELECTS} searchPlaceholder="Search by name, email, phone, street or unit..." />
        }
        tableTitle="All Users"
        columns={columns}
        rowKey={(u) => u.id}
        rows={list}
        // Invite User is in the header (the cache may still be on its first pull).
        empty={<EmptyState title={list.size === 0 ? 'No users yet' : 'No users found'} />}
        exhaustedText="No more users"
      />
      {actor && (
        <>
          <InviteUserDialog open={open?.kind === 'invite'} actorRole={actor.role} onClose={close} onInvited={(email) => done(USER_MESSAGES.invited(email))} />
          {/* The new members arrive through sync: nothing to reload. */}
          <BulkAddDialog open={open?.kind === 'bulk'} onClose={close} onCreated={async () => true} />
          <EditUserDialog
            user={open?.kind === 'edit' ? editable(edited ?? open.user) : null}
            actor={actor}
            onClose={close}
            onSaved={(u, requested) => done(savedMessage(u, requested), u.email_change_sent_to ? 6000 : 3000)}
          />
          <DeleteUserDialog user={open?.kind === 'delete' ? { _id: open.user.id, name: open.user.name, email: open.user.email } : null} onClose={close} onDeleted={(m) => done(m)} />
          <ConfirmAction
            open={open?.kind === 'revoke'}
            title="Revoke invitation"
            label="Revoke invitation"
            busyText="Revoking..."
            failed={PEOPLE_MESSAGES.revokeFailed}
            onClose={close}
            onConfirm={async () => done((await usersApi.revoke(target!.id)).message)}
          >
            <p>
              Revoke the invitation to <strong>{target?.email}</strong>? Its link stops working and they leave the list (a board member can restore them for 30 days).
            </p>
          </ConfirmAction>
          <DeletedUsersDialog open={open?.kind === 'deleted'} onClose={close} onRestored={(m) => toast.success(m, 3000)} />
        </>
      )}
      <ExportDialog
        open={open?.kind === 'export'}
        onClose={close}
        columns={MEMBER_EXPORT_COLUMNS}
        rows={() => everyMatch.items}
        fileName={MEMBER_EXPORT_NAME}
        what="residents"
      />
    </>
  );
}
