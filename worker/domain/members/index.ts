/**
 * The HOA's members as the rest of the server sees them: who is active (mail, audiences, pickers),
 * the emails the board is shown, and the synced members the pickers read (./sync.ts). Kept apart from
 * users.ts (the writers), which imports the sync layer's dependencies.
 */
export { activeMemberCount, activeMembers } from './active';
export { emailOf } from './emails';
export { MEMBER_FIELDS, memberRows, memberSyncArea, visibleMembers } from './sync';
