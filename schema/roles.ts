export const ROLES = ['resident', 'board', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];
/** One of the roles above (a value read from outside: a token's claim). */
export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

export const USER_STATUSES = ['active', 'invited', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The spec's guard rule: the superadmin passes every role check, others must match exactly. */
export function hasRole(actual: Role, required: Role | readonly Role[]): boolean {
  if (actual === 'superadmin') return true;
  return typeof required === 'string' ? actual === required : required.includes(actual);
}

/** Board-level access: the board role, or the superadmin through the rule above. */
export const isPrivileged = (role: Role) => hasRole(role, 'board');

/** The roles `isPrivileged` admits, for queries that select people by role (`inArray(users.role, PRIVILEGED_ROLES)`). */
export const PRIVILEGED_ROLES: readonly Role[] = ROLES.filter(isPrivileged);
