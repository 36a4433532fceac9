/**
 * Users (platform §2 User Management, §3–§9): the spec's messages, the invite and edit schemas, the
 * list query and answer, and the policy of who may grant, change and delete what. The domain
 * enforces the policy, the screens decide their buttons and options with it.
 */
import { z } from 'zod';
import { AUTH_MESSAGES, type ApiUser } from './auth';
import { pageFields } from './validation';
import { isPrivileged, ROLES, USER_STATUSES, type Role, type UserStatus } from './roles';
import { lazy } from './lazy';

export const USER_MESSAGES = {
  // §5
  emailRequired: 'Email is required',
  invalidEmail: AUTH_MESSAGES.invalidEmail,
  nameRequired: 'Name is required',
  // §8 errors (the server's message is shown first)
  loadFailed: 'Failed to load data',
  loadMoreFailed: 'Failed to load more users',
  inviteFailed: 'Failed to invite user',
  resendFailed: 'Failed to resend invite',
  updateFailed: 'Failed to update user',
  deleteFailed: 'Failed to delete user',
  createFailed: 'Failed to create users',
  parseFailed: 'Failed to parse file',
  loadUsersFailed: 'Failed to load users',
  assignFailed: 'Failed to assign user',
  unassignFailed: 'Failed to unassign user',
  // §8 successes
  inviteResent: 'Invitation resent successfully',
  deleted: (name: string) => `User ${name} deleted successfully`,
  assigned: 'User assigned successfully',
  unassigned: 'User unassigned successfully',
  // Not printed by the spec (docs/decisions.md, "Users and addresses")
  invited: (email: string) => `Invitation sent to ${email}`,
  updated: (name: string) => `User ${name} updated successfully`,
  nameTooLong: 'Name cannot exceed 100 characters',
  phoneTooLong: 'Phone number cannot exceed 30 characters',
  roleInvalid: 'Please choose a valid role',
  statusInvalid: 'Please choose a valid status',
  emailTaken: 'A user with this email already exists',
  /** The plan's units (platform §9 `max_units`) are the addresses of the directory. */
  unitLimit: (plan: string, maxUnits: number, units: number, adding: number) =>
    adding > 0
      ? `Your ${plan} plan covers up to ${maxUnits} units, and this would bring the address directory to ${units}. Add fewer addresses, or upgrade the plan (the superadmin can, from the profile).`
      : `Your ${plan} plan covers up to ${maxUnits} units, and the address directory has ${units}. Upgrade the plan (the superadmin can, from the profile) or remove addresses before adding people.`,
  /** The day's invitations of an HOA (docs/decisions.md, "Users and addresses"). */
  invitationsPerDay: (limit: number, left: number, sending: number, hours: number) => {
    const wait = `about ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
    return `Your HOA can send up to ${limit} invitations a day` +
      (sending > 1 && left > 0
        ? `: this would send ${sending} and ${left} ${left === 1 ? 'is' : 'are'} left. Add fewer people now and the rest in ${wait}.`
        : `, and today's are used up. Please try again in ${wait}.`);
  },
  // Refusals of the policy (403) and state rules (409)
  mayNotManage: 'Only board members can manage users',
  notOwnRow: 'You cannot change your own account here',
  mayNotGrant: 'Only a superadmin can grant or remove the superadmin role',
  mayNotChangeSuperadmin: 'Only a superadmin can change a superadmin',
  mayNotDelete: 'Board members can delete residents only',
  statusNotAllowed: 'An invited user can only stay invited or be set to inactive',
  lastSuperadmin: 'The HOA must keep at least one active superadmin',
  notInvited: 'Only invited users can be sent a new invitation',
  userNotFound: 'User not found',
  addressNotFound: 'Address not found',
} as const;
const M = USER_MESSAGES;

export const ROLE_LABELS: Record<Role, string> = { resident: 'Resident', board: 'Board Member', superadmin: 'Super Admin' };
export const STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', invited: 'Invited', inactive: 'Inactive' };

export const USER_NAME_MAX = 100;
export const PHONE_MAX = 30;
/** The address select's "no address" choice; sent as empty (platform §5). */
export const NO_ADDRESS = 'no-address';

/** Who acts and on whom: enough of a user for every rule below. */
export interface PolicyUser {
  id: string;
  role: Role;
}
export interface PolicyTarget extends PolicyUser {
  status: UserStatus;
}

/**
 * Platform §5–§6. A board member grants resident and board and never touches a superadmin; only a
 * superadmin grants or removes superadmin. Nobody changes their own row; a board member deletes
 * residents only, a superadmin anyone but themselves. Status: active and inactive switch freely; an
 * invited user stays invited or becomes inactive (which blocks the invitation).
 */
export const userPolicy = {
  /** Invite, bulk add, edit, resend, delete, assign addresses. */
  mayManage: (role: Role) => isPrivileged(role),
  /**
   * Who reads the HOA's member list: the people pickers (a violation's resident, a due's and a custom
   * audience's recipients, a request's assignee) and `GET /api/users`. Only they receive the synced
   * members (sync/areas/members.ts): a resident's device holds no one else's name or email.
   */
  mayPick: (role: Role) => isPrivileged(role),
  /** The roles this actor may give (invite options, edit options). */
  grantableRoles: (actorRole: Role): Role[] => (actorRole === 'superadmin' ? [...ROLES] : isPrivileged(actorRole) ? ['resident', 'board'] : []),
  mayGrant: (actorRole: Role, role: Role) => userPolicy.grantableRoles(actorRole).includes(role),
  /** Edit (name, role, status): never one's own row, and a superadmin's only by a superadmin. */
  mayEdit: (actor: PolicyUser, target: PolicyUser) =>
    userPolicy.mayManage(actor.role) && actor.id !== target.id && (target.role !== 'superadmin' || actor.role === 'superadmin'),
  /** Why `mayEdit` refuses (for the 403's message). */
  editRefusal(actor: PolicyUser, target: PolicyUser): string | null {
    if (!userPolicy.mayManage(actor.role)) return M.mayNotManage;
    if (actor.id === target.id) return M.notOwnRow;
    if (target.role === 'superadmin' && actor.role !== 'superadmin') return M.mayNotChangeSuperadmin;
    return null;
  },
  /** The statuses the edit form offers for a user now in `current` (§4). */
  statusOptions: (current: UserStatus): UserStatus[] => (current === 'invited' ? ['invited', 'inactive'] : ['active', 'inactive']),
  mayMoveStatus: (from: UserStatus, to: UserStatus) => userPolicy.statusOptions(from).includes(to),
  /** Between resident and board a role change is confirmed first (§5). */
  needsRoleConfirmation: (from: Role, to: Role) => from !== to && from !== 'superadmin' && to !== 'superadmin',
  mayDelete: (actor: PolicyUser, target: PolicyUser) =>
    userPolicy.mayManage(actor.role) && actor.id !== target.id && (actor.role === 'superadmin' || target.role === 'resident'),
  deleteRefusal(actor: PolicyUser, target: PolicyUser): string | null {
    if (!userPolicy.mayManage(actor.role)) return M.mayNotManage;
    if (actor.id === target.id) return M.notOwnRow;
    if (actor.role !== 'superadmin' && target.role !== 'resident') return M.mayNotDelete;
    return null;
  },
  /** Resend applies only to invited users (§4). */
  mayResend: (target: { status: UserStatus }) => target.status === 'invited',
  /** The buttons of a row of the table (§2: edit disabled on your own row). */
  actionsFor(actor: PolicyUser, target: PolicyTarget) {
    return {
      edit: userPolicy.mayEdit(actor, target),
      resend: userPolicy.mayManage(actor.role) && userPolicy.mayResend(target),
      delete: userPolicy.mayDelete(actor, target),
    };
  },
};

// ------------------------------------------------------------------ fields and bodies

/** Email: required, address-like, compared case-insensitively (stored lower-case). */
export const userEmailField = lazy(() => z
  .string({ error: M.emailRequired })
  .max(320, { error: M.invalidEmail, abort: true })
  .trim()
  .min(1, { error: M.emailRequired, abort: true })
  .toLowerCase()
  .pipe(z.email(M.invalidEmail)));

/** Phone: optional; an empty value is left out. */
export const phoneField = lazy(() => z
  .string()
  .trim()
  .max(PHONE_MAX, M.phoneTooLong)
  .optional()
  .nullable()
  .transform((v) => (v ? v : null)));

export const userNameField = lazy(() => z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(USER_NAME_MAX, M.nameTooLong));
const roleField = lazy(() => z.enum(ROLES, { error: M.roleInvalid }));
const statusField = lazy(() => z.enum(USER_STATUSES, { error: M.statusInvalid }));

/** An address id from a select: empty or 'no-address' means none. */
export const addressIdField = lazy(() => z
  .string()
  .trim()
  .max(64)
  .optional()
  .nullable()
  .transform((v) => (!v || v === NO_ADDRESS ? null : v)));

/** `POST /api/users/invite` and the Invite User dialog. */
export const inviteUserSchema = lazy(() => z.object({
  email: userEmailField,
  role: roleField.default('resident'),
  address_id: addressIdField,
  phone: phoneField,
}));
export type InviteUserInput = z.input<typeof inviteUserSchema>;
export type InviteUser = z.output<typeof inviteUserSchema>;

/** `PUT /api/users/:id` {name, role, status} and the Edit User dialog. */
export const editUserSchema = lazy(() => z.object({ name: userNameField, role: roleField, status: statusField }));
export type EditUser = z.output<typeof editUserSchema>;

/** `POST /api/users/:id/assign-address`. */
export const assignAddressSchema = lazy(() => z.object({
  address_id: z.string({ error: M.addressNotFound }).trim().min(1, M.addressNotFound).max(64),
}));

/** The management screen's page (not shown by the spec: 20) and the pickers' 100 (§9). */
export const USER_PAGE_SIZE = 20;
export const userListQuery = lazy(() => z.object({
  ...pageFields(100),
  includeDeleted: z
    .enum(['true', 'false'])
    .default('false')
    .catch('false')
    .transform((v) => v === 'true'),
  // A filter the screen never sends is a mistake of the caller: 400, not a silently wider list.
  status: z.enum(USER_STATUSES, { error: M.statusInvalid }).optional(),
  role: z.enum(ROLES, { error: M.roleInvalid }).optional(),
  /** Name or email contains. */
  search: z.string().trim().max(100).optional().catch(undefined),
}));
export type UserListQuery = z.output<typeof userListQuery>;

// ------------------------------------------------------------------ answers (platform §3)

export interface UserStatistics {
  activeUsers: number;
  boardMembers: number;
  pendingInvitations: number;
  totalUsers: number;
  superAdmins: number;
}

export interface ApiUserPage {
  docs: ApiUser[];
  page: number;
  limit: number;
  totalPages: number;
  totalDocs: number;
  hasNextPage: boolean;
  statistics: UserStatistics;
}

/** Confirm Role Change (§5): what the user gains with board, and what a resident keeps. */
export const ROLE_CHANGE_WARNINGS = {
  toBoard: {
    title: 'Grant board member rights?',
    gains: ['Manage users and invitations', 'View finance', 'Manage documents and announcements'],
  },
  toResident: {
    title: 'Remove board member rights?',
    keeps: ['View announcements', 'Submit requests', 'Access documents', 'Pay dues'],
  },
} as const;
