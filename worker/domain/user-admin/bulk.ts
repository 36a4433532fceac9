/**
 * `POST /api/users/bulk`: the rows of a CSV the screen read, checked again with
 * the same rules, then created in one transaction — every user and address, or nothing. Errors name
 * their row (`users[i].field`). Addresses already in the directory (same street and unit) are reused;
 * a deleted member of this HOA named in the file comes back and keeps their credentials. Another HOA's
 * people are not named (invite.ts); the plan's units and the day's invitations bound a file (quotas.ts).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { addressKey } from '../../../schema/addresses';
import { BULK_MESSAGES, bulkIssuePath, bulkPayload, checkBulkRows, type BulkIssue, type BulkResult, type BulkUserRow } from '../../../schema/bulk-users';
import type { Role } from '../../../schema/roles';
import { userPolicy } from '../../../schema/users';
import { addresses } from '../../../schema/tables';
import type { Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { newId } from '../../services/tokens';
import type { Actor } from '../actor';
import { recordMemberAdded } from '../activity';
import { addressRows } from '../addresses/sync';
import { AppError } from '../errors';
import { releaseUnfinishedSignups } from '../signup/unfinished';
import type { UserRow } from '../users';
import { currentManager, emailHolders } from './access';
import { admitMember, invitationSender, isTaken } from './invite';
import { countBulkAttempt, planQuotas } from './quotas';

const refuse = (issues: BulkIssue[]) =>
  new AppError(
    400,
    issues[0].message,
    issues.map((i) => ({ path: bulkIssuePath(i), msg: i.message })),
  );

/** Counted per HOA before anything else (429), then checked and created in one transaction. */
export async function bulkCreateUsers(deps: AppDeps, actor: Actor, input: BulkUserRow[]): Promise<BulkResult> {
  await countBulkAttempt(deps, actor);
  return deps.database.transaction((tx) => createAll(deps, tx, actor, input));
}

/** A deleted member of this HOA with a password signs in with it again; one who never activated is invited again. */
const returningStatus = (u: Pick<UserRow, 'passwordHash'>): UserRow['status'] => userPolicy.statusOnSave('active', u.passwordHash != null);

async function createAll(deps: AppDeps, tx: Tx, actor: Actor, input: BulkUserRow[]): Promise<BulkResult> {
  const me = await currentManager(tx, actor);
  const issues = checkBulkRows(input);
  input.forEach((row, index) => {
    if ((row.role === 'resident' || row.role === 'board') && !userPolicy.mayGrant(me.role, row.role)) issues.push({ index, field: 'role', message: BULK_MESSAGES.roleInvalid });
  });
  if (issues.length) throw refuse(issues.sort((a, b) => a.index - b.index));
  const rows = bulkPayload(input);

  // Emails of this HOA's members are taken (another HOA's are not named: invite.ts); the whole file waits until none is.
  const holders = await releaseUnfinishedSignups(tx, await emailHolders(tx, actor.hoaId, rows.map((r) => r.resident_email)));
  const holdersOf = (r: BulkUserRow) => holders.get(r.resident_email) ?? {};
  const taken = rows.flatMap((r, index): BulkIssue[] => (isTaken(holdersOf(r)) ? [{ index, field: 'resident_email', message: BULK_MESSAGES.emailTaken }] : []));
  if (taken.length) throw refuse(taken);

  // The plan's units and the day's invitations, before anything is written.
  const addressIds = await directory(tx, actor.hoaId);
  const keyOf = (r: BulkUserRow) => (r.street ? addressKey(r.street, r.unit) : null);
  const newAddresses = new Set(rows.map(keyOf).filter((k): k is string => k != null && !addressIds.has(k)));
  const quotas = await planQuotas(deps, tx, actor.hoaId);
  await quotas.checkUnits(newAddresses.size);
  const signsInAgain = (r: BulkUserRow) => returningStatus(holdersOf(r).own ?? { passwordHash: null }) === 'active';
  await quotas.spendInvitations(rows.filter((r) => !signsInAgain(r)).length);

  const now = deps.clock();
  let addressesCreated = 0;
  const addressOf = async (r: BulkUserRow): Promise<string | null> => {
    const key = keyOf(r);
    if (!key) return null;
    let id = addressIds.get(key);
    if (!id) {
      id = newId();
      await addressRows.insert(deps, tx, { id, hoaId: actor.hoaId, street: r.street!, unitNumber: r.unit ?? null, isRented: r.is_rented ?? false, createdAt: now, updatedAt: now });
      addressIds.set(key, id);
      addressesCreated++;
    }
    return id;
  };

  const invite = await invitationSender(deps, tx, me);
  let usersReactivated = 0;
  for (const r of rows) {
    const fields = { name: r.resident_name, role: r.role as Role, addressId: await addressOf(r), phone: r.phone ?? null };
    const admitted = await admitMember(deps, tx, actor.hoaId, r.resident_email, holdersOf(r), fields, returningStatus);
    if (admitted.revived) usersReactivated++;
    await recordMemberAdded(deps, tx, actor, admitted.user, 'bulk');
    if (admitted.user.status === 'invited') await invite(admitted.user);
  }
  return { usersCreated: rows.length, addressesCreated, usersReactivated, message: BULK_MESSAGES.created(rows.length, addressesCreated) };
}

/** The HOA's addresses by street and unit. */
async function directory(tx: Tx, hoaId: string): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: addresses.id, street: addresses.street, unit: addresses.unitNumber })
    .from(addresses)
    .where(and(eq(addresses.hoaId, hoaId), isNull(addresses.deletedAt)));
  return new Map(rows.map((a) => [addressKey(a.street, a.unit), a.id]));
}
