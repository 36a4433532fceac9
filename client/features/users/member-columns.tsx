/** The All Users table's columns over the synced members (built once per viewer: rows are memoized). */
import { formatDay } from '../../../schema/days';
import { invitationState } from '../../../schema/people';
import { ROLE_LABELS, userPolicy, type PolicyUser } from '../../../schema/users';
import type { SyncedMember } from '../../../sync/areas/members';
import { formatDate } from '../../lib/format';
import { Badge, Button, ButtonLink, RowActions, type Column } from '../../ui';
import { StatusBadge } from './badges';

export interface MemberActions {
  edit: (m: SyncedMember) => void;
  resend: (m: SyncedMember) => void;
  revoke: (m: SyncedMember) => void;
  remove: (m: SyncedMember) => void;
}

/** The name shown for a member: an invited user has none until they accept. */
export const shownName = (u: { name: string; email: string }) => u.name || u.email;
const addressText = (m: SyncedMember) => (m.address ? (m.address.unitNumber ? `${m.address.street}, Unit ${m.address.unitNumber}` : m.address.street) : null);

/**
 * Status, and Expired for an invitation past its 7 days (`invitationState`, read at `now`); an
 * invitation also says when it was sent (its own column made the table wider than a laptop's card).
 */
export function MemberStatus({ member, now }: { member: SyncedMember; now: number }) {
  return (
    <>
      <span className="flex flex-wrap items-center gap-1.5">
        <StatusBadge status={member.status} />
        {invitationState(member, now) === 'expired' && <Badge variant="destructive">Expired</Badge>}
      </span>
      {member.status === 'invited' && member.invitedAt != null && (
        <span className="mt-1 block text-sm whitespace-nowrap text-neutral-600">Sent {formatDate(member.invitedAt)}</span>
      )}
    </>
  );
}

/**
 * An email that wraps after its @ first (a narrow column), anywhere only if a part is still too long,
 * and not at all where its line may not wrap (its own column from 1280 px). The domain is an inline
 * block rather than after a <wbr>: Chromium broke at a <wbr> even in a `nowrap` cell.
 */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <span className="inline-block">{email.slice(at + 1)}</span>
    </>
  );
}

export function memberColumns(actor: PolicyUser | null, act: MemberActions, now: number): Column<SyncedMember>[] {
  const actions = (u: SyncedMember) => {
    const may = actor ? userPolicy.actionsFor(actor, u) : { edit: false, resend: false, delete: false };
    return (
      <RowActions wrap>
        <Button size="sm" variant="secondary" disabled={!may.edit} onClick={() => act.edit(u)}>
          Edit<span className="sr-only"> {shownName(u)}</span>
        </Button>
        {u.status !== 'invited' && (
          <ButtonLink size="sm" variant="secondary" href={`/account/${u.id}`}>
            Statement<span className="sr-only"> of {shownName(u)}</span>
          </ButtonLink>
        )}
        {may.resend && (
          <Button size="sm" variant="secondary" onClick={() => act.resend(u)}>
            Resend<span className="sr-only"> invitation to {u.email}</span>
          </Button>
        )}
        {may.resend && may.delete && (
          <Button size="sm" variant="danger-ghost" onClick={() => act.revoke(u)}>
            Revoke<span className="sr-only"> invitation to {u.email}</span>
          </Button>
        )}
        {may.delete && (
          <Button size="sm" variant="danger-ghost" onClick={() => act.remove(u)}>
            Delete<span className="sr-only"> {shownName(u)}</span>
          </Button>
        )}
      </RowActions>
    );
  };
  return [
    {
      header: 'Name',
      primary: true,
      cell: (u) => (
        <>
          <span className="flex flex-wrap items-center gap-2">
            {/* An invited user names themselves when they accept; until then the email says who it is. */}
            {u.name || <span className="font-normal text-neutral-600">Not yet accepted</span>}
            {u.id === actor?.id && <Badge variant="outline">You</Badge>}
          </span>
        </>
      ),
    },
    // Below 1280 px the email goes under the name: its own column left no room for the actions.
    { header: 'Email', className: 'whitespace-nowrap', foldBelowXl: true, cell: (u) => <BreakableEmail email={u.email} /> },
    { header: 'Role', cell: (u) => <Badge variant={u.role === 'resident' ? 'secondary' : 'default'}>{ROLE_LABELS[u.role]}</Badge> },
    { header: 'Status', cell: (u) => <MemberStatus member={u} now={now} /> },
    { header: 'Address', cell: (u) => addressText(u) ?? <span className="text-neutral-600">No address</span> },
    { header: 'Last Login', className: 'whitespace-nowrap', cell: (u) => (u.lastLoginDay != null ? formatDay(u.lastLoginDay) : <span className="text-neutral-600">Never</span>) },
    { header: 'Actions', className: 'text-right', cell: actions },
  ];
}
