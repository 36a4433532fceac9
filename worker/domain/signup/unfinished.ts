/**
 * Unfinished signups hold nothing (docs/decisions/180-unfinished-signup-holds-nothing.md). A trial call creates an HOA, its superadmin (invited,
 * no password) and an incomplete subscription before anyone has proved anything: the address may be
 * someone else's. Until its card is confirmed such a signup holds neither its email nor its HOA name:
 * the address's owner (their own signup, a board's invitation) or the next signup naming the HOA takes
 * them over, and the unfinished signup is removed with every row of its HOA. A confirmed card starts
 * the provider's trial: from then on the signup holds both, as a completed one does (a card is a
 * cost, and its holder could complete at any moment anyway).
 */
import { and, eq, inArray, is, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { hoaNameKeys } from '../../../schema/hoa-name';
import type { SignupAttempt } from '../../../schema/signup';
import * as tables from '../../../schema/tables';
import type { DbOrTx, Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { signupUnfinishedEmail } from '../../emails';
import { queueEmail } from '../../services/email';
import { sha256Hex } from '../../services/tokens';
import type { UserRow } from '../users';

const { hoas, signups, users } = tables;

/** A row joined (left) with its signup counts unless that signup has no confirmed card yet. */
export const heldBySignup: SQL = or(isNull(signups.id), isNotNull(signups.confirmedAt))!;

/**
 * The unfinished signup a browser's attempt names (ids and the token of its latest trial call), or
 * null: what it holds is the visitor's own, so it never blocks them. A wrong token, another
 * signup's ids or a completed signup name nothing.
 */
export async function attemptSignup(db: DbOrTx, attempt: SignupAttempt | undefined): Promise<typeof signups.$inferSelect | null> {
  if (!attempt) return null;
  const [row] = await db
    .select()
    .from(signups)
    .where(and(eq(signups.hoaId, attempt.hoa_id), eq(signups.userId, attempt.user_id), isNull(signups.completedAt)))
    .limit(1);
  return row && row.tokenHash === (await sha256Hex(attempt.signup_token)) ? row : null;
}

/** Every table with an `hoa_id` column: an HOA removed takes all its rows along, whatever areas exist. */
const tenantTables = (Object.values(tables) as unknown[]).filter((t): t is SQLiteTable => is(t, SQLiteTable) && getTableConfig(t).columns.some((c) => c.name === 'hoa_id'));

/**
 * Removes HOAs and every row of theirs in every table (no foreign keys: each table by its `hoa_id`).
 * For HOAs nobody ever signed in to: an unfinished signup's, or the purge of abandoned ones.
 */
export async function removeHoas(tx: Tx, hoaIds: string[]): Promise<void> {
  if (!hoaIds.length) return;
  const list = sql.join(hoaIds.map((id) => sql`${id}`), sql`, `);
  for (const table of tenantTables) await tx.run(sql`DELETE FROM ${table} WHERE hoa_id IN (${list})`);
  await tx.delete(hoas).where(inArray(hoas.id, hoaIds));
}

/**
 * A claim on an email or an HOA name: the unconfirmed signups holding either are removed (except
 * `keep`'s HOA, the caller's own), so the checks that follow see only real holders.
 */
export async function releaseUnconfirmedSignups(tx: Tx, claim: { email?: string; name?: string; keep?: string }): Promise<void> {
  const holds: SQL[] = [];
  if (claim.email) holds.push(sql`lower(${users.email}) = ${claim.email.trim().toLowerCase()}`);
  if (claim.name) {
    const keys = hoaNameKeys(claim.name);
    holds.push(eq(hoas.nameKey, keys.lower), eq(hoas.nameKeyUpper, keys.upper));
  }
  if (!holds.length) return;
  const rows = await tx
    .select({ hoaId: signups.hoaId })
    .from(signups)
    .innerJoin(users, eq(users.id, signups.userId))
    .innerJoin(hoas, eq(hoas.id, signups.hoaId))
    .where(and(isNull(signups.confirmedAt), or(...holds), claim.keep ? ne(signups.hoaId, claim.keep) : undefined));
  await removeHoas(tx, rows.map((r) => r.hoaId));
}

/**
 * For invitations and bulk creation (worker/domain/user-admin): the holders of each email, less the
 * superadmins of unconfirmed signups, whose signups are removed: an invitation takes the address
 * over. Another HOA's account is `elsewhere` (an unfinished signup is never a board's own member).
 * Returns the same map.
 */
export async function releaseUnfinishedSignups<H extends { elsewhere?: { id: string } }>(tx: Tx, holders: Map<string, H>): Promise<Map<string, H>> {
  const ids = [...holders.values()].flatMap((h) => (h.elsewhere ? [h.elsewhere.id] : []));
  const released = new Set<string>();
  const hoaIds: string[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await tx
      .select({ userId: signups.userId, hoaId: signups.hoaId })
      .from(signups)
      .where(and(inArray(signups.userId, ids.slice(i, i + 500)), isNull(signups.confirmedAt)));
    for (const r of rows) {
      released.add(r.userId);
      hoaIds.push(r.hoaId);
    }
  }
  await removeHoas(tx, hoaIds);
  for (const h of holders.values()) if (h.elsewhere && released.has(h.elsewhere.id)) delete h.elsewhere;
  return holders;
}

/**
 * Forgot password for an address that only an unconfirmed signup names: there is no account to
 * reset, so the address's owner is told that and pointed to the signup, whose new start replaces the
 * unfinished one. Whether it was (otherwise the reset goes on as for any address).
 */
export async function tellOwnerSignupUnfinished(deps: AppDeps, user: Pick<UserRow, 'id' | 'email' | 'status'>): Promise<boolean> {
  if (user.status !== 'invited') return false;
  const [row] = await deps.database.db
    .select({ id: signups.id })
    .from(signups)
    .where(and(eq(signups.userId, user.id), isNull(signups.confirmedAt)))
    .limit(1);
  if (!row) return false;
  // No HOA and no user on the row: the signup it is about may be gone before the mail leaves.
  await deps.database.transaction((tx) => queueEmail(deps, tx, { hoaId: null, to: user.email, ...signupUnfinishedEmail({ url: `${deps.config.appUrl}/signup` }) }));
  deps.onEmailQueued?.();
  return true;
}
