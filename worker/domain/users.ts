import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { ApiUser } from '../../schema/auth';
import { addresses, users } from '../../schema/tables';
import type { DbOrTx } from '../db';
import { inHoa, requireRole, rowInHoa, type Actor } from './actor';
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

export interface UserListQuery {
  page: number;
  limit: number;
  includeDeleted: boolean;
  status?: UserRow['status'];
  role?: UserRow['role'];
}

/**
 * `GET /api/users` (board and superadmin): the HOA's members by name, paginated. Pickers pass
 * `status=active` (recipients, residents and due payers come from active users only).
 */
export async function listUsers(db: DbOrTx, actor: Actor, q: UserListQuery) {
  requireRole(actor, 'board');
  const where = inHoa(
    actor,
    users.hoaId,
    q.includeDeleted ? undefined : isNull(users.deletedAt),
    q.status ? eq(users.status, q.status) : undefined,
    q.role ? eq(users.role, q.role) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select({ u: users, a: addresses })
    .from(users)
    .leftJoin(addresses, and(eq(addresses.id, users.addressId), eq(addresses.hoaId, users.hoaId)))
    .where(where)
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const totalPages = Math.ceil(total / q.limit);
  return { docs: rows.map((r) => toApiUser(r.u, r.a)), totalDocs: total, totalPages, page: q.page, limit: q.limit, hasNextPage: q.page < totalPages };
}
