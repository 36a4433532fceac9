/**
 * One person, several HOAs (docs/decisions/241-one-account-several-hoas.md): a user row is a
 * membership of one HOA (its role, status, address and phone); the live memberships that share an
 * email (case-insensitively) are one account, with one password and one name to sign in with. The
 * password is kept on every membership that has one (each row's hash is the account's), so each
 * membership still signs in, refreshes and is revoked on its own, and a change to the password is
 * one write to all of them.
 */
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { MembershipChoice } from '../../schema/auth';
import { hoas, users } from '../../schema/tables';
import type { DbOrTx, Tx } from '../db';
import type { AppDeps } from '../deps';
import { updateUser, type UserRow } from './users';

/** A membership that signs in: it has the account's password (an invited one has none yet). */
export const isAccount = (u: Pick<UserRow, 'status' | 'passwordHash' | 'deletedAt'>) => u.deletedAt == null && u.status !== 'invited' && u.passwordHash != null;

const sameEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());

/** The account's live memberships (any status), the one signed in to most recently first. */
export async function accountMemberships(db: DbOrTx, email: string): Promise<UserRow[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(sameEmail(email), isNull(users.deletedAt)));
  // A person's few memberships, ordered here (the index serves the lookup; a sort needs none).
  return rows.sort((a, b) => (b.lastLogin ?? 0) - (a.lastLogin ?? 0) || a.createdAt - b.createdAt);
}

/** A membership of the account with a password (active or inactive), other than `exceptId`: the account's password is its hash. */
export async function accountHolder(db: DbOrTx, email: string, exceptId?: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sameEmail(email), isNull(users.deletedAt), isNotNull(users.passwordHash), ne(users.status, 'invited'), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return row;
}

/** The account's new password, on each of its memberships that has one (an invited one has none until it is accepted). */
export async function setAccountPassword(deps: AppDeps, tx: Tx, email: string, passwordHash: string): Promise<UserRow[]> {
  const rows = await tx
    .select()
    .from(users)
    .where(and(sameEmail(email), isNull(users.deletedAt), ne(users.status, 'invited')));
  const now = deps.clock();
  const updated: UserRow[] = [];
  for (const row of rows) updated.push(await updateUser(deps, tx, row, { passwordHash, updatedAt: now }));
  return updated;
}

/**
 * The membership a sign-in opens: the one of the HOA asked for, else the active one signed in to
 * last (an inactive or invited one only when there is no active one: it answers why it cannot).
 */
export function signInMembership(rows: UserRow[], hoaId?: string): UserRow | undefined {
  if (hoaId) return rows.find((r) => r.hoaId === hoaId);
  return rows.find((r) => r.status === 'active') ?? rows.find((r) => r.status === 'inactive') ?? rows[0];
}

/** The account's active memberships with their HOAs' names, by HOA name. */
export async function membershipChoices(db: DbOrTx, email: string, currentHoaId: string): Promise<MembershipChoice[]> {
  const rows = await db
    .select({ hoa_id: users.hoaId, hoa_name: hoas.name, role: users.role })
    .from(users)
    .innerJoin(hoas, eq(hoas.id, users.hoaId))
    .where(and(sameEmail(email), isNull(users.deletedAt), eq(users.status, 'active')));
  return rows.map((r) => ({ ...r, current: r.hoa_id === currentHoaId })).sort((a, b) => a.hoa_name.localeCompare(b.hoa_name));
}

/** The account's active membership in `hoaId`, if it has one. */
export async function activeMembershipIn(db: DbOrTx, email: string, hoaId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sameEmail(email), eq(users.hoaId, hoaId), isNull(users.deletedAt), eq(users.status, 'active')))
    .limit(1);
  return row;
}
