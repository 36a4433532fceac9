import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ApiUser } from '../../schema/auth';
import { addresses, users } from '../../schema/tables';
import type { DbOrTx } from '../db';
import { rowInHoa, type Actor } from './actor';
import { notFound } from './errors';

export type UserRow = typeof users.$inferSelect;
type AddressRow = typeof addresses.$inferSelect;

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

/** The user as the API returns it (platform §3). Never includes the password hash. */
export function toApiUser(u: UserRow, address: AddressRow | null = null): ApiUser {
  return {
    _id: u.id,
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    status: u.status,
    hoa_id: u.hoaId,
    address_id: u.addressId,
    address: address ? { _id: address.id, street: address.street, unit_number: address.unitNumber } : null,
    phone: u.phone,
    createdAt: iso(u.createdAt)!,
    lastLogin: iso(u.lastLogin),
    needsReactivation: false,
  };
}

/** Email lookup across the product (emails are unique case-insensitively), ignoring deleted users. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function loadApiUser(db: DbOrTx, user: UserRow): Promise<ApiUser> {
  if (!user.addressId) return toApiUser(user);
  const [address] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, user.addressId), eq(addresses.hoaId, user.hoaId)))
    .limit(1);
  return toApiUser(user, address ?? null);
}

export async function getUser(db: DbOrTx, actor: Actor, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(rowInHoa(actor, users, id)).limit(1);
  if (!row) throw notFound('User not found');
  return row;
}
