/** User management: what the routes may use. */
export { bulkCreateUsers } from './bulk';
export { assignAddress, deleteMember, editMember, getMember, unassignAddress } from './edit';
export { inviteUser, resendInvitation } from './invite';
