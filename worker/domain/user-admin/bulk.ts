/**
 * `POST /api/users/bulk` (platform §5, §7, §8): the rows of a CSV the screen read, checked again with
 * the same rules, then created in one transaction — every user and address, or nothing. Errors name
 * their row (`users[i].field`). Addresses already in the directory (same street and unit) are reused;
 * a deleted member of this HOA named in the file comes back and keeps their credentials.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { addressKey } from '../../../schema/addresses';
import { BULK_MESSAGES as B, bulkIssuePath, bulkPayload, checkBulkRows, type BulkIssue, type BulkResult, type BulkUserRow } from '../../../schema/bulk-users';
import type { Role } from '../../../schema/roles';
import { userPolicy } from '../../../schema/users';
import { addresses } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { AppError } from '../errors';
import { currentManager, usersByEmail } from './access';
import { admitMember, invitationSender } from './invite';

const refuse = (issues: BulkIssue[]) =>
  new AppError(
    400,
    issues[0].message,
    issues.map((i) => ({ path: bulkIssuePath(i), msg: i.message })),
  );

export async function bulkCreateUsers(deps: AppDeps, tx: Tx, actor: Actor, input: BulkUserRow[]): Promise<BulkResult> {
  const me = await currentManager(tx, actor);
  const issues = checkBulkRows(input);
  input.forEach((row, index) => {
    if ((row.role === 'resident' || row.role === 'board') && !userPolicy.mayGrant(me.role, row.role)) issues.push({ index, field: 'role', message: B.roleInvalid });
  });
  if (issues.length) throw refuse(issues.sort((a, b) => a.index - b.index));
  const rows = bulkPayload(input);

  // Emails held by a live user anywhere are taken; the whole file waits until none is.
  const existing = await usersByEmail(tx, rows.map((r) => r.resident_email));
  const taken = rows.flatMap((r, index): BulkIssue[] => {
    const holder = existing.get(r.resident_email);
    return holder && holder.deletedAt == null ? [{ index, field: 'resident_email', message: B.emailTaken }] : [];
  });
  if (taken.length) throw refuse(taken);

  const now = deps.clock();
  const addressIds = await directory(tx, actor.hoaId);
  let addressesCreated = 0;
  const addressOf = async (r: BulkUserRow): Promise<string | null> => {
    if (!r.street) return null;
    const key = addressKey(r.street, r.unit);
    let id = addressIds.get(key);
    if (!id) {
      id = newId();
      await tx.insert(addresses).values({ id, hoaId: actor.hoaId, street: r.street, unitNumber: r.unit ?? null, isRented: r.is_rented ?? false, createdAt: now, updatedAt: now });
      addressIds.set(key, id);
      addressesCreated++;
    }
    return id;
  };

  const invite = await invitationSender(deps, tx, me);
  let usersReactivated = 0;
  for (const r of rows) {
    const fields = { name: r.resident_name, role: r.role as Role, addressId: await addressOf(r), phone: r.phone ?? null };
    // A returning member with a password signs in with it again; one who never activated is invited again.
    const admitted = await admitMember(deps, tx, actor.hoaId, r.resident_email, existing.get(r.resident_email), fields, (u) => (u.passwordHash ? 'active' : 'invited'));
    if (admitted === 'taken') throw refuse([{ index: rows.indexOf(r), field: 'resident_email', message: B.emailTaken }]);
    if (admitted.revived) usersReactivated++;
    if (admitted.user.status === 'invited') await invite(admitted.user);
  }
  return { usersCreated: rows.length, addressesCreated, usersReactivated, message: B.created(rows.length, addressesCreated) };
}

/** The HOA's addresses by street and unit. */
async function directory(tx: Tx, hoaId: string): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: addresses.id, street: addresses.street, unit: addresses.unitNumber })
    .from(addresses)
    .where(and(eq(addresses.hoaId, hoaId), isNull(addresses.deletedAt)));
  return new Map(rows.map((a) => [addressKey(a.street, a.unit), a.id]));
}
