import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { hasRole, type Role } from '../../schema/roles';
import { forbidden } from './errors';

/** Who is calling: taken from the verified access token, never from the request body. */
export interface Actor {
  userId: string;
  hoaId: string;
  role: Role;
  /** The session family the access token was issued for. */
  sessionId: string;
  /** Where the change comes from, for the activity trail: the request's User-Agent and, for a sync push, its client group. */
  device?: ActorDevice;
}

export interface ActorDevice {
  userAgent: string | null;
  clientGroupId?: string;
}

export function requireRole(actor: Actor, role: Role | readonly Role[]): void {
  if (!hasRole(actor.role, role)) throw forbidden();
}

/**
 * The tenant scope every query on a tenant-owned table goes through:
 * `where(inHoa(actor, table.hoaId, ...more))`.
 */
export function inHoa(actor: Pick<Actor, 'hoaId'>, hoaColumn: SQLiteColumn, ...more: (SQL | undefined)[]): SQL {
  return and(eq(hoaColumn, actor.hoaId), ...more)!;
}

/** Tenant scope for a single row: its id, the actor's HOA, and not soft-deleted when the table soft-deletes. */
export function rowInHoa(
  actor: Pick<Actor, 'hoaId'>,
  table: { id: SQLiteColumn; hoaId: SQLiteColumn; deletedAt?: SQLiteColumn },
  id: string,
): SQL {
  return inHoa(actor, table.hoaId, eq(table.id, id), table.deletedAt ? isNull(table.deletedAt) : undefined);
}
