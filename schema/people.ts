/**
 * People at the scale of a large HOA: the rules the /users and /addresses screens, the synced member
 * list, the pickers and the server share. Invitations expire after 7 days (`invitationState`), a
 * deleted member can be restored for 30 days (`peoplePolicy.mayRestore`), the pickers choose active
 * members only (`peoplePolicy.isPickable`), an address is deleted only when no one lives there.
 */
import { DAY_MS } from './days';
import type { Role, UserStatus } from './roles';

/** An invitation's link works this long after it was sent. */
export const INVITATION_TTL_MS = 7 * DAY_MS;
/** A deleted member can be restored this long after the deletion; then they are gone. */
export const RESTORE_WINDOW_MS = 30 * DAY_MS;

export const PEOPLE_MESSAGES = {
  resendExpiredFailed: 'Failed to resend expired invitations',
  resentExpired: (n: number) => (n === 0 ? 'No expired invitations to resend' : `${n} expired ${n === 1 ? 'invitation' : 'invitations'} resent`),
  revoked: (email: string) => `Invitation to ${email} revoked`,
  revokeFailed: 'Failed to revoke invitation',
  /** What the link of a revoked invitation says. */
  invitationRevoked: 'This invitation is no longer valid. Ask your HOA board for a new one.',
  notPending: 'Only a pending invitation can be revoked',
  restored: (name: string) => `User ${name} restored successfully`,
  restoreFailed: 'Failed to restore user',
  restoreWindowOver: 'This user was deleted more than 30 days ago and can no longer be restored',
  notDeleted: 'This user is not deleted',
  emailChangeSent: (email: string) => `A confirmation link was sent to ${email}. The email changes once it is opened.`,
  emailChanged: (email: string) => `Your email address is now ${email}`,
  emailChangeInvalid: 'This email confirmation link is invalid or has expired',
  addressOccupied: 'Someone lives at this address. Move or remove its residents before deleting it.',
  exportFailed: 'Failed to export',
} as const;

export type InvitationState = 'pending' | 'expired';

/**
 * An invited member's invitation: pending for 7 days after it was sent, then expired (its link no
 * longer works; Resend expired invitations sends a new one). Null for anyone not invited, or an
 * invitation never sent (one held before an account could be in several HOAs, until it is resent).
 */
export function invitationState(user: { status: UserStatus; invitedAt: number | null }, now: number): InvitationState | null {
  if (user.status !== 'invited' || user.invitedAt == null) return null;
  return now - user.invitedAt >= INVITATION_TTL_MS ? 'expired' : 'pending';
}

export const peoplePolicy = {
  /** Who a people picker offers (a violation's resident, an audience, an assignee): active members only. */
  isPickable: (m: { status: UserStatus }) => m.status === 'active',
  /** Revoke: an invited member (the invitation is withdrawn and the row goes). */
  mayRevoke: (u: { status: UserStatus }) => u.status === 'invited',
  /** Restore: deleted less than 30 days ago. */
  mayRestore: (u: { deletedAt: number | null }, now: number) => u.deletedAt != null && now - u.deletedAt < RESTORE_WINDOW_MS,
  /** Delete Address: only when no one lives there. */
  mayDeleteAddress: (a: { residentCount: number }) => a.residentCount === 0,
};

/** A deleted member as "Show deleted" lists them (`GET /api/users/deleted`). */
export interface ApiDeletedUser {
  _id: string;
  name: string;
  email: string;
  role: Role;
  status: UserStatus;
  deleted_at: string;
}
