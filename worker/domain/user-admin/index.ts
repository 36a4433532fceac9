/** User management: what the routes may use. */
export { bulkCreateUsers } from './bulk';
export { assignAddress, deleteMember, editMember, getMember, unassignAddress } from './edit';
export { inviteUser, resendInvitation } from './invite';
export { confirmEmailChange } from './email-change';
export { resendExpiredInvitations, revokeInvitation } from './invitations';
export { deletedMembers, restoreMember } from './restore';
