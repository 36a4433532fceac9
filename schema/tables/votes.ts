import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { VOTE_EVENT_TYPES, VOTE_KINDS } from '../votes';
import { hoaId, id, ms } from './columns';

/**
 * Owner votes. Synced to every member of the HOA: `version` is bumped on every write. A closed vote
 * (`closed_at` set) is never altered again: the migration's triggers refuse it, whoever writes.
 */
export const votes = sqliteTable(
  'votes',
  {
    /** Client-made (the board creates a vote offline too). */
    id: id(),
    hoaId: hoaId(),
    question: text('question').notNull(),
    description: text('description'),
    kind: text('kind', { enum: VOTE_KINDS }).notNull(),
    /** The options' texts in order; a ballot names them by position. */
    options: text('options', { mode: 'json' }).$type<string[]>().notNull(),
    maxChoices: integer('max_choices').notNull().default(1),
    includeRenters: integer('include_renters', { mode: 'boolean' }).notNull().default(false),
    opensAt: ms('opens_at').notNull(),
    closesAt: ms('closes_at').notNull(),
    quorumPercent: integer('quorum_percent').notNull(),
    secret: integer('secret', { mode: 'boolean' }).notNull().default(true),
    resultsLive: integer('results_live', { mode: 'boolean' }).notNull().default(false),
    cancelledAt: ms('cancelled_at'),
    /** When the eligible addresses were fixed (the vote opened). */
    openedAt: ms('opened_at'),
    /** When the job settled the close; from then on the row is frozen. */
    closedAt: ms('closed_at'),
    /** The results announcement. */
    announcementId: text('announcement_id'),
    createdBy: text('created_by').notNull(),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  // `_newest`: the list in index order. `_due`: the job's opening and closing scans.
  (t) => [index('votes_newest').on(t.hoaId, t.createdAt, t.id), index('votes_closes').on(t.closedAt, t.closesAt), index('votes_opens').on(t.openedAt, t.opensAt)],
);

/** The addresses that may vote, fixed when the vote opens (one ballot each). */
export const voteEligible = sqliteTable(
  'vote_eligible',
  {
    voteId: text('vote_id').notNull(),
    addressId: text('address_id').notNull(),
    hoaId: hoaId(),
  },
  (t) => [primaryKey({ columns: [t.voteId, t.addressId] }), index('vote_eligible_address').on(t.addressId)],
);

/**
 * Every ballot cast: one row per cast. The address's latest has `replaced_at` null and is the one
 * that counts; an earlier one keeps its receipt code (a check says it was replaced). Synced to the
 * residents of its address, and for an open (not secret) ballot to the board.
 */
export const voteBallots = sqliteTable(
  'vote_ballots',
  {
    /** Client-made (cast offline). */
    id: id(),
    hoaId: hoaId(),
    voteId: text('vote_id').notNull(),
    addressId: text('address_id').notNull(),
    /** Option positions chosen. */
    choices: text('choices', { mode: 'json' }).$type<number[]>().notNull(),
    castBy: text('cast_by').notNull(),
    castAt: ms('cast_at').notNull(),
    /** The receipt code (unguessable, unique). */
    code: text('code').notNull(),
    replacedAt: ms('replaced_at'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('vote_ballots_vote').on(t.voteId, t.replacedAt, t.addressId),
    index('vote_ballots_address').on(t.hoaId, t.addressId),
    index('vote_ballots_cast_by').on(t.castBy),
    uniqueIndex('vote_ballots_code').on(t.code),
  ],
);

/**
 * The append-only log: every event of a vote with its time and actor (null: the server's job). A
 * secret ballot's cast names who cast, never the choice. The triggers refuse any UPDATE or DELETE.
 */
export const voteEvents = sqliteTable(
  'vote_events',
  {
    id: id(),
    hoaId: hoaId(),
    voteId: text('vote_id').notNull(),
    type: text('type', { enum: VOTE_EVENT_TYPES }).notNull(),
    actorId: text('actor_id'),
    at: ms('at').notNull(),
    /** What the event says beyond its type (an open ballot's choices, the counts of the results). */
    detail: text('detail', { mode: 'json' }).$type<Record<string, unknown>>(),
  },
  (t) => [index('vote_events_vote').on(t.hoaId, t.voteId, t.at)],
);
