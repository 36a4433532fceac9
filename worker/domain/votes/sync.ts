/**
 * Owner votes, server half of sync: who sees what, the cache values a pull sends (built by SQLite),
 * the synced tables every write goes through. Every member of the HOA sees its votes, with the
 * aggregates only (addresses eligible and voted, counts per option once they may be shown). Ballots:
 * each member sees their own address's; the board also sees an open (not secret) ballot's — never a
 * secret ballot's of another address, so no pull carries another household's secret choice.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { addresses, users, voteBallots, voteEligible, votes } from '../../../schema/tables';
import { votePolicy } from '../../../schema/votes';
import { BALLOT_SPACE, VOTE_SPACE, type SyncedBallot, type SyncedVote } from '../../../sync/areas/votes';
import { syncedTable, type ServerSyncArea, type Viewer } from '../../sync/area';
import { rowValuesSql, type SyncValueSql } from '../../sync/values';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { inHoa } from '../actor';

/** The viewer's own address, when they are an active member with one. */
const viewerAddress = (viewer: Viewer) => sql`(SELECT me.address_id FROM ${users} AS me WHERE me.id = ${viewer.userId} AND me.hoa_id = ${viewer.hoaId} AND me.status = 'active')`;

export const visibleVotes = (viewer: Viewer): SQL => inHoa(viewer, votes.hoaId);

export function visibleBallots(viewer: Viewer): SQL {
  const own = sql`${voteBallots.addressId} = ${viewerAddress(viewer)}`;
  if (!votePolicy.mayManage(viewer.role)) return inHoa(viewer, voteBallots.hoaId, own);
  const openBallot = sql`EXISTS (SELECT 1 FROM ${votes} AS ov WHERE ov.id = ${voteBallots.voteId} AND ov.secret = 0)`;
  return inHoa(viewer, voteBallots.hoaId, or(own, openBallot));
}

const asBoolean = (column: SQLiteColumn) => sql`json(CASE WHEN ${column} THEN 'true' ELSE 'false' END)`;

function voteValue(viewer: Viewer): SyncValueSql<SyncedVote> {
  const v = votes;
  const current = sql`b.vote_id = ${v.id} AND b.replaced_at IS NULL`;
  const counts = sql`(SELECT json_group_array((SELECT count(*) FROM ${voteBallots} AS b, json_each(b.choices) AS c WHERE ${current} AND c.value = o.key)) FROM json_each(${v.options}) AS o)`;
  return {
    fields: {
      id: v.id,
      question: v.question,
      description: v.description,
      kind: v.kind,
      options: sql`json(${v.options})`,
      maxChoices: v.maxChoices,
      includeRenters: asBoolean(v.includeRenters),
      opensAt: v.opensAt,
      closesAt: v.closesAt,
      quorumPercent: v.quorumPercent,
      secret: asBoolean(v.secret),
      resultsLive: asBoolean(v.resultsLive),
      cancelledAt: v.cancelledAt,
      openedAt: v.openedAt,
      closedAt: v.closedAt,
      announcementId: v.announcementId,
      eligible: sql`(SELECT count(*) FROM ${voteEligible} AS e WHERE e.vote_id = ${v.id})`,
      voted: sql`(SELECT count(*) FROM ${voteBallots} AS b WHERE ${current})`,
      counts: sql`json(CASE WHEN ${v.resultsLive} OR ${v.closedAt} IS NOT NULL THEN ${counts} END)`,
      myAddressId: sql`(SELECT e.address_id FROM ${voteEligible} AS e WHERE e.vote_id = ${v.id} AND e.address_id = ${viewerAddress(viewer)})`,
      createdAt: v.createdAt,
      updatedAt: v.updatedAt,
      version: v.version,
    },
  };
}

function ballotValue(viewer: Viewer): SyncValueSql<SyncedBallot> {
  const b = voteBallots;
  return {
    fields: {
      id: b.id,
      voteId: b.voteId,
      addressId: b.addressId,
      address: sql`coalesce(CASE WHEN ballot_address.unit_number IS NOT NULL AND ballot_address.unit_number <> '' THEN ballot_address.street || ', Unit ' || ballot_address.unit_number ELSE ballot_address.street END, '')`,
      choices: sql`json(${b.choices})`,
      castBy: sql`json_object('id', ${b.castBy}, 'name', coalesce(caster.name, 'Unknown User'))`,
      castAt: b.castAt,
      replacedAt: b.replacedAt,
      receiptCode: sql`CASE WHEN ${b.castBy} = ${viewer.userId} THEN ${b.code} END`,
      version: b.version,
    },
    joins: sql`LEFT JOIN ${users} AS caster ON caster.id = ${b.castBy} AND caster.hoa_id = ${b.hoaId}
      LEFT JOIN ${addresses} AS ballot_address ON ballot_address.id = ${b.addressId} AND ballot_address.hoa_id = ${b.hoaId}`,
  };
}

export const voteSyncArea: ServerSyncArea = {
  space: VOTE_SPACE,
  scope: 'hoa',
  table: votes,
  id: votes.id,
  version: votes.version,
  hoaId: votes.hoaId,
  visible: visibleVotes,
  value: voteValue,
  dependsOn: {
    // Who may vote from an address follows who lives there (a member moved in or out): `myAddressId`.
    residents: (hoaId, ids) => and(eq(votes.hoaId, hoaId), sql`EXISTS (SELECT 1 FROM ${voteEligible} AS e WHERE e.vote_id = ${votes.id} AND ${inArray(sql`e.address_id`, ids)})`)!,
  },
};

export const ballotSyncArea: ServerSyncArea = {
  space: BALLOT_SPACE,
  scope: 'hoa',
  table: voteBallots,
  id: voteBallots.id,
  version: voteBallots.version,
  hoaId: voteBallots.hoaId,
  visible: visibleBallots,
  value: ballotValue,
  dependsOn: {
    users: (_hoaId, ids) => inArray(voteBallots.castBy, ids),
    addresses: (_hoaId, ids) => inArray(voteBallots.addressId, ids),
    // A household's ballots reach whoever lives there: a member moving in or out sees them come or go.
    residents: (_hoaId, ids) => inArray(voteBallots.addressId, ids),
  },
};

export const voteValuesSql = (viewer: Viewer, ids: SQL): SQL => rowValuesSql(voteSyncArea, viewer, ids);
export const ballotValuesSql = (viewer: Viewer, ids: SQL): SQL => rowValuesSql(ballotSyncArea, viewer, ids);

/** Every write to votes and ballots goes through these writers (version and change record in one call). */
export const voteRows = syncedTable({ ...voteSyncArea, table: votes });
export const ballotRows = syncedTable({ ...ballotSyncArea, table: voteBallots });

/** The condition that selects one vote of an HOA. */
export const voteIs = (hoaId: string, id: string) => and(eq(votes.hoaId, hoaId), eq(votes.id, id))!;
