/**
 * Users: the spec's messages, the invite and edit schemas, the
 * list query and answer, and the policy of who may grant, change and delete what. The domain
 * enforces the policy, the screens decide their buttons and options with it.
 */
import { z } from 'zod';
import { AUTH_MESSAGES, type ApiUser } from './auth';
import { pageFields } from './validation';
import { isPrivileged, ROLES, USER_STATUSES, type Role, type UserStatus } from './roles';
import { lazy } from './lazy';

export const USER_MESSAGES = {
  // Field messages
  emailRequired: 'Email is required',
  invalidEmail: AUTH_MESSAGES.invalidEmail,
  nameRequired: 'Name is required',
  // Errors (the server's message is shown first)
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
  // Successes
  inviteResent: 'Invitation resent successfully',
  deleted: (name: string) => `User ${name} deleted successfully`,
  assigned: 'User assigned successfully',
  unassigned: 'User unassigned successfully',
  // Not printed by the spec (docs/decisions/113-user-messages.md)
  invited: (email: string) => `Invitation sent to ${email}`,
  updated: (name: string) => `User ${name} updated successfully`,
  nameTooLong: 'Name cannot exceed 100 characters',
  phoneTooLong: 'Phone number cannot exceed 30 characters',
  roleInvalid: 'Please choose a valid role',
  statusInvalid: 'Please choose a valid status',
  emailTaken: 'A user with this email already exists',
  /** The plan's units (`max_units`) are the addresses of the directory. */
  unitLimit: (plan: string, maxUnits: number, units: number, adding: number) =>
    adding > 0
      ? `Your ${plan} plan covers up to ${maxUnits} units, and this would bring the address directory to ${units}. Add fewer addresses, or upgrade the plan (the superadmin can, from the profile).`
      : `Your ${plan} plan covers up to ${maxUnits} units, and the address directory has ${units}. Upgrade the plan (the superadmin can, from the profile) or remove addresses before adding people.`,
  /** The day's invitations of an HOA (docs/decisions/179-per-hoa-people-limits.md). */
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
  mayNotChange: 'Board members can change residents only',
  statusNotAllowed: 'An invited user can only stay invited or be set to inactive',
  lastSuperadmin: 'The HOA must keep at least one active superadmin',
  notInvited: 'Only invited users can be sent a new invitation',
  userNotFound: 'User not found',
  addressNotFound: 'Address not found',
} as const;

export const ROLE_LABELS: Record<Role, string> = { resident: 'Resident', board: 'Board Member', superadmin: 'Super Admin' };
export const STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', invited: 'Invited', inactive: 'Inactive' };

export const USER_NAME_MAX = 100;
export const PHONE_MAX = 30;
/** The address select's "no address" choice; sent as empty. */
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
 * Who may grant and change what. A board member grants resident and board and never touches a superadmin; only a
 * superadmin grants or removes superadmin. Nobody changes their own row. Who may change whom is the
 * deletion rule, applied to every change: a board member changes residents only (and may make them
 * board members), a superadmin anyone but themselves. The rule reads the target's role before the
 * change (`mayEdit`) and the role after it (`mayGrant`), so demoting a board member first does not
 * open them to a board member's edit or deletion. Status: active and inactive switch
 * freely; an invited user stays invited or becomes inactive (which blocks the invitation); a user who
 * never activated (no password) is never active: setting them active invites them again.
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
  /** The roles of the users this actor may change or delete (board, residents only). */
  changeableRoles: (actorRole: Role): Role[] => (actorRole === 'superadmin' ? [...ROLES] : isPrivileged(actorRole) ? ['resident'] : []),
  /** Edit (name, role, status): never one's own row; a board member's residents only. */
  mayEdit: (actor: PolicyUser, target: PolicyUser) => userPolicy.editRefusal(actor, target) === null,
  /** Why `mayEdit` refuses (for the 403's message). */
  editRefusal(actor: PolicyUser, target: PolicyUser): string | null {
    if (!userPolicy.mayManage(actor.role)) return USER_MESSAGES.mayNotManage;
    if (actor.id === target.id) return USER_MESSAGES.notOwnRow;
    if (target.role === 'superadmin' && actor.role !== 'superadmin') return USER_MESSAGES.mayNotChangeSuperadmin;
    if (!userPolicy.changeableRoles(actor.role).includes(target.role)) return USER_MESSAGES.mayNotChange;
    return null;
  },
  /** The statuses the edit form offers for a user now in `current`. */
  statusOptions: (current: UserStatus): UserStatus[] => (current === 'invited' ? ['invited', 'inactive'] : ['active', 'inactive']),
  mayMoveStatus: (from: UserStatus, to: UserStatus) => userPolicy.statusOptions(from).includes(to),
  /**
   * The status a save gives: active only with a password. A user who never activated and is set
   * active goes back to invited, with a fresh invitation.
   */
  statusOnSave: (requested: UserStatus, hasPassword: boolean): UserStatus => (requested === 'active' && !hasPassword ? 'invited' : requested),
  /**
   * The name is the user's own (they give it when they accept the invitation): required once they
   * have one; a member invited by email alone has none, and the board is not asked to invent one.
   */
  nameRequired: (target: { name: string }) => target.name !== '',
  /** The warning a role change is confirmed with first: resident ↔ board, and any grant of superadmin. */
  roleChangeWarning(from: Role, to: Role): RoleChangeWarning | null {
    if (from === to) return null;
    if (to === 'superadmin') return ROLE_CHANGE_WARNINGS.toSuperadmin;
    if (from === 'superadmin') return null;
    return to === 'board' ? ROLE_CHANGE_WARNINGS.toBoard : ROLE_CHANGE_WARNINGS.toResident;
  },
  needsRoleConfirmation: (from: Role, to: Role) => userPolicy.roleChangeWarning(from, to) !== null,
  /** A new member's role is confirmed when it is superadmin (the grant, as on edit). */
  inviteWarning: (role: Role): RoleChangeWarning | null => (role === 'superadmin' ? ROLE_CHANGE_WARNINGS.toSuperadmin : null),
  mayDelete: (actor: PolicyUser, target: PolicyUser) => userPolicy.deleteRefusal(actor, target) === null,
  deleteRefusal(actor: PolicyUser, target: PolicyUser): string | null {
    if (!userPolicy.mayManage(actor.role)) return USER_MESSAGES.mayNotManage;
    if (actor.id === target.id) return USER_MESSAGES.notOwnRow;
    if (!userPolicy.changeableRoles(actor.role).includes(target.role)) return USER_MESSAGES.mayNotDelete;
    return null;
  },
  /** Resend applies only to invited users. */
  mayResend: (target: { status: UserStatus }) => target.status === 'invited',
  /** The buttons of a row of the table (edit disabled on your own row). */
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
  .string({ error: USER_MESSAGES.emailRequired })
  .max(320, { error: USER_MESSAGES.invalidEmail, abort: true })
  .trim()
  .min(1, { error: USER_MESSAGES.emailRequired, abort: true })
  .toLowerCase()
  .pipe(z.email(USER_MESSAGES.invalidEmail)));

/** Phone: optional; an empty value is left out. */
export const phoneField = lazy(() => z
  .string()
  .trim()
  .max(PHONE_MAX, USER_MESSAGES.phoneTooLong)
  .optional()
  .nullable()
  .transform((v) => (v ? v : null)));

export const userNameField = lazy(() => z.string({ error: USER_MESSAGES.nameRequired }).trim().min(1, USER_MESSAGES.nameRequired).max(USER_NAME_MAX, USER_MESSAGES.nameTooLong));
const roleField = lazy(() => z.enum(ROLES, { error: USER_MESSAGES.roleInvalid }));
const statusField = lazy(() => z.enum(USER_STATUSES, { error: USER_MESSAGES.statusInvalid }));

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

/**
 * `PUT /api/users/:id` {name, role, status, email?, phone?, address_id?} and the Edit User dialog. The name may be empty here:
 * whether it is required depends on the user edited (`userPolicy.nameRequired`, `editUserSchemaFor`).
 */
export const editUserSchema = lazy(() => z.object({
  name: z.string({ error: USER_MESSAGES.nameRequired }).trim().max(USER_NAME_MAX, USER_MESSAGES.nameTooLong).default(''),
  role: roleField,
  status: statusField,
  // Left out: unchanged. Checked as the invitation checks them.
  /** A new email is confirmed by a link mailed to it; it changes only when the link is opened. */
  email: userEmailField.optional(),
  phone: z.string().trim().max(PHONE_MAX, USER_MESSAGES.phoneTooLong).nullable().optional().transform((v) => (v === undefined ? undefined : v || null)),
  address_id: z.string().trim().max(64).nullable().optional().transform((v) => (v === undefined ? undefined : !v || v === NO_ADDRESS ? null : v)),
}));
export type EditUser = z.output<typeof editUserSchema>;
/**
 * The Edit User form of one user: `editUserSchema` with the policy's name rule for them. Built on
 * first use, as every schema here: the dialog asks for it on each render, opened or not, and building
 * it built `editUserSchema` on the /users screen's start (about 13 ms observed in a Lighthouse trace).
 */
export const editUserSchemaFor = (target: { name: string }) =>
  lazy(() => editUserSchema.refine((d) => d.name !== '' || !userPolicy.nameRequired(target), { path: ['name'], error: USER_MESSAGES.nameRequired }));

/** `POST /api/users/:id/assign-address`. */
export const assignAddressSchema = lazy(() => z.object({
  address_id: z.string({ error: USER_MESSAGES.addressNotFound }).trim().min(1, USER_MESSAGES.addressNotFound).max(64),
}));

/** The management screen's page (not shown by the spec: 20) and the pickers' 100. */
export const USER_PAGE_SIZE = 20;
export const userListQuery = lazy(() => z.object({
  ...pageFields(100),
  includeDeleted: z
    .enum(['true', 'false'])
    .default('false')
    .catch('false')
    .transform((v) => v === 'true'),
  // A filter the screen never sends is a mistake of the caller: 400, not a silently wider list.
  status: z.enum(USER_STATUSES, { error: USER_MESSAGES.statusInvalid }).optional(),
  role: z.enum(ROLES, { error: USER_MESSAGES.roleInvalid }).optional(),
  /** Name or email contains. */
  search: z.string().trim().max(100).optional().catch(undefined),
}));
export type UserListQuery = z.output<typeof userListQuery>;

// ------------------------------------------------------------------ answers

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

/**
 * Confirm Role Change: what the user gains with board, and what a resident keeps. Granting
 * superadmin is confirmed too, naming what that role may do.
 */
export const ROLE_CHANGE_WARNINGS = {
  toBoard: {
    title: 'Grant board member rights?',
    lead: 'They will gain the rights to:',
    rights: ['Manage users and invitations', 'View finance', 'Manage documents and announcements'],
  },
  toResident: {
    title: 'Remove board member rights?',
    lead: 'They will keep resident rights only:',
    rights: ['View announcements', 'Submit requests', 'Access documents', 'Pay dues'],
  },
  toSuperadmin: {
    title: 'Grant Super Admin rights?',
    lead: 'They will gain full control of the HOA’s account:',
    rights: [
      'Everything a board member can do',
      'Change and delete any user, board members and Super Admins included',
      'Grant and remove the Super Admin role',
      'Manage the subscription, billing and the payment account',
    ],
  },
} as const;
export interface RoleChangeWarning {
  title: string;
  lead: string;
  rights: readonly string[];
}
