/** User management (platform §2 User Management, §4–§7): what the routes may use. */
export { bulkCreateUsers } from './bulk';
export { assignAddress, deleteMember, editMember, getMember, unassignAddress } from './edit';
export { inviteUser, resendInvitation } from './invite';
