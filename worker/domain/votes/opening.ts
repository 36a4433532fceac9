/**
 * Opening a vote: once its opening time has come, its eligible addresses are fixed (live addresses
 * with an active member, rented ones only when the board included renters), the log records it and
 * every eligible voter (each active member of an eligible address) gets the vote-opened mail. The
 * job opens votes on time; a write that finds one due (create, edit, a ballot) opens it first.
 */
import { and, eq, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { addresses, users, voteEligible, votes } from '../../../schema/tables';
import { formatVoteTime } from '../../../schema/votes';
import type { DbOrTx, Tx } from '../../db';
import type { AppDeps } from '../../deps';
import { voteOpenedEmail } from '../../emails';
import { queueEmails } from '../../services/email';
import { hoaTimeZone } from '../hoa-days';
import { recordVoteEvent } from './events';
import { voteIs, voteRows } from './sync';
import { hoaNameOf } from '../hoa-name';

type VoteRow = typeof votes.$inferSelect;

/** The addresses that may vote now, by the vote's rule. */
function eligibleAddressIds(hoaId: string, includeRenters: boolean) {
  const resident = sql`EXISTS (SELECT 1 FROM ${users} AS u WHERE u.hoa_id = ${addresses.hoaId} AND u.address_id = ${addresses.id} AND u.status = 'active' AND u.deleted_at IS NULL)`;
  return and(eq(addresses.hoaId, hoaId), isNull(addresses.deletedAt), includeRenters ? undefined : eq(addresses.isRented, false), resident)!;
}

/** The ids of the addresses that may vote now, by the rule (the demo seed fixes its votes' with it too). */
export async function eligibleAddresses(db: DbOrTx, hoaId: string, includeRenters: boolean): Promise<string[]> {
  return (await db.select({ id: addresses.id }).from(addresses).where(eligibleAddressIds(hoaId, includeRenters))).map((a) => a.id);
}

/** Opens `vote` if its time has come and it has not opened; returns the opened row, or null. */
export async function openIfDue(deps: AppDeps, tx: Tx, vote: VoteRow): Promise<VoteRow | null> {
  const now = deps.clock();
  if (vote.openedAt != null || vote.cancelledAt != null || vote.closedAt != null || now < vote.opensAt) return null;
  const [opened] = await voteRows.update(deps, tx, and(voteIs(vote.hoaId, vote.id), isNull(votes.openedAt), isNull(votes.cancelledAt))!, { openedAt: now });
  if (!opened) return null;
  await tx.run(
    sql`INSERT INTO ${voteEligible} (vote_id, address_id, hoa_id) SELECT ${vote.id}, ${addresses.id}, ${addresses.hoaId} FROM ${addresses} WHERE ${eligibleAddressIds(vote.hoaId, vote.includeRenters)}`,
  );
  await recordVoteEvent(deps, tx, { hoaId: vote.hoaId, voteId: vote.id, type: 'opened', actorId: null });
  const voters = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(voteEligible, and(eq(voteEligible.voteId, vote.id), eq(voteEligible.addressId, users.addressId)))
    .where(and(eq(users.hoaId, vote.hoaId), eq(users.status, 'active'), isNull(users.deletedAt)));
  const hoaName = await hoaNameOf(tx, vote.hoaId);
  const closesAt = formatVoteTime(vote.closesAt, await hoaTimeZone(tx, vote.hoaId));
  const url = `${deps.config.appUrl}/votes/${vote.id}`;
  await queueEmails(
    deps,
    tx,
    voters.map((v) => ({ hoaId: vote.hoaId, to: v.email, toUserId: v.id, ref: `vote:${vote.id}`, ...voteOpenedEmail({ hoaName: hoaName, name: v.name, question: vote.question, closesAt, url }) })),
  );
  if (voters.length > 0) deps.database.afterCommit(() => deps.onEmailQueued?.());
  return opened;
}

/**
 * A job's pass: each vote `due` selects, settled by `settle` in its own transaction (read again there,
 * so two overlapping runs settle it once). Returns how many were settled.
 */
export async function settleDueVotes(deps: AppDeps, due: SQL, settle: (tx: Tx, vote: VoteRow) => Promise<VoteRow | null>): Promise<number> {
  const rows = await deps.database.db.select({ id: votes.id, hoaId: votes.hoaId }).from(votes).where(due);
  let settled = 0;
  for (const { id, hoaId } of rows) {
    const done = await deps.database.transaction(async (tx) => {
      const [vote] = await tx.select().from(votes).where(voteIs(hoaId, id)).limit(1);
      return vote ? settle(tx, vote) : null;
    });
    if (done) settled++;
  }
  return settled;
}

/** Job: opens every vote whose opening time has come. */
export const openDueVotes = (deps: AppDeps) =>
  settleDueVotes(deps, and(isNull(votes.openedAt), isNull(votes.cancelledAt), isNull(votes.closedAt), lte(votes.opensAt, deps.clock()))!, (tx, vote) => openIfDue(deps, tx, vote));
