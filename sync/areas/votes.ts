/**
 * Owner votes, shared half: two key spaces (the votes, every member of the HOA; the ballots, each
 * resident their own address's, and the board an open ballot's), the synced values, and the
 * mutators: the board creates, edits and cancels a vote, a resident casts the household's ballot,
 * offline too (the server refuses one that reaches it after the vote closed, with a notice).
 */
import type { WriteTransaction } from 'replicache';
import { z } from 'zod';
import { lazy } from '../../schema/lazy';
import type { RestAnswer, RestRule } from '../../schema/rest-shape';
import { syncedNamedSchema } from '../../schema/synced';
import { actingUserSchema } from '../../schema/threads';
import { ballotFields, VOTE_KINDS, VOTE_MESSAGES, voteColumnsOf, voteFields, votePolicy, voteRules, voteStateAt, type VoteState } from '../../schema/votes';
import { defineMutator, defineSyncedArea, keyOf, prefixOf } from '../area';
import { newRowId, rowId } from './fields';

export const VOTE_SPACE = 'vote';
export const BALLOT_SPACE = 'voteBallot';
export const voteKey = (id: string) => keyOf(VOTE_SPACE, id);
export const ballotKey = (id: string) => keyOf(BALLOT_SPACE, id);
export const BALLOT_PREFIX = prefixOf(BALLOT_SPACE);

/** A vote as the cache holds it (times in milliseconds since the epoch). */
export const syncedVoteSchema = lazy(() =>
  z.object({
    id: z.string(),
    question: z.string(),
    description: z.string().nullable(),
    kind: z.enum(VOTE_KINDS),
    options: z.array(z.string()),
    maxChoices: z.number(),
    includeRenters: z.boolean(),
    opensAt: z.number(),
    closesAt: z.number(),
    quorumPercent: z.number(),
    secret: z.boolean(),
    resultsLive: z.boolean(),
    cancelledAt: z.number().nullable(),
    openedAt: z.number().nullable(),
    closedAt: z.number().nullable(),
    announcementId: z.string().nullable(),
    /** Addresses that may vote (fixed when the vote opened; 0 before). */
    eligible: z.number(),
    /** Addresses that voted. */
    voted: z.number(),
    /** Ballots per option, in the options' order: null until the results may be shown (live, or closed). */
    counts: z.array(z.number()).nullable(),
    /** The viewer's address when it may vote on this, else null. */
    myAddressId: z.string().nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
    version: z.number(),
  }),
);
export type SyncedVote = z.output<typeof syncedVoteSchema>;

/** One cast ballot: the household's (and, for an open ballot, every address's for the board). */
export const syncedBallotSchema = lazy(() =>
  z.object({
    id: z.string(),
    voteId: z.string(),
    addressId: z.string(),
    /** The address as the screens show it. */
    address: z.string(),
    choices: z.array(z.number()),
    castBy: syncedNamedSchema,
    castAt: z.number(),
    /** Set when a later ballot of the same address replaced it. */
    replacedAt: z.number().nullable(),
    /** The receipt code, for the one who cast it only. */
    receiptCode: z.string().nullable(),
    version: z.number(),
  }),
);
export type SyncedBallot = z.output<typeof syncedBallotSchema>;

export const VOTE_REST = { times: ['opensAt', 'closesAt', 'cancelledAt', 'openedAt', 'closedAt'] } as const satisfies RestRule<SyncedVote>;
export const BALLOT_REST = { times: ['castAt', 'replacedAt'] } as const satisfies RestRule<SyncedBallot>;

export type ApiVote = RestAnswer<SyncedVote, typeof VOTE_REST> & { state: VoteState };
export type ApiBallot = RestAnswer<SyncedBallot, typeof BALLOT_REST>;
/** `GET /api/votes/:id`: the vote and the household's ballots the viewer holds (their own address's). */
export type ApiVoteDetail = ApiVote & { household_ballots: ApiBallot[] };

const shown = lazy(() => z.object({ by: actingUserSchema.optional() }).optional());
const voteOf = async (tx: WriteTransaction, id: string) => (await tx.get(voteKey(id))) as SyncedVote | undefined;
const allowed = { role: votePolicy.mayManage, refusal: VOTE_MESSAGES.boardOnly };

const voteArgs = lazy(() => z.object({ id: newRowId, ...voteFields }).superRefine(voteRules));

export const voteMutators = {
  /** A new vote with a client-made id; it opens and closes at its times. */
  createVote: defineMutator({
    args: voteArgs,
    label: 'Create vote',
    subject: (args) => args.question,
    allowed,
    async apply(tx, args) {
      if (await tx.has(voteKey(args.id))) return;
      const now = Date.now();
      const vote: SyncedVote = {
        id: args.id,
        ...voteColumnsOf(args),
        cancelledAt: null,
        openedAt: null,
        closedAt: null,
        announcementId: null,
        eligible: 0,
        voted: 0,
        counts: args.results_live ? args.options.map(() => 0) : null,
        myAddressId: null,
        createdAt: now,
        updatedAt: now,
        version: 0,
      };
      await tx.set(voteKey(args.id), vote);
    },
  }),

  /** Edits a vote that has not opened yet. */
  updateVote: defineMutator({
    args: voteArgs,
    label: 'Edit vote',
    subject: (args) => args.question,
    allowed,
    async apply(tx, args) {
      const vote = await voteOf(tx, args.id);
      if (!vote || !votePolicy.isEditable(vote, Date.now())) return;
      await tx.set(voteKey(args.id), { ...vote, ...voteColumnsOf(args), updatedAt: Date.now() });
    },
  }),

  /** Cancels a vote before it opens. */
  cancelVote: defineMutator({
    args: lazy(() => z.object({ id: rowId })),
    label: 'Cancel vote',
    allowed,
    async apply(tx, { id }) {
      const vote = await voteOf(tx, id);
      if (!vote || !votePolicy.isEditable(vote, Date.now())) return;
      await tx.set(voteKey(id), { ...vote, cancelledAt: Date.now(), updatedAt: Date.now() });
    },
  }),

  /**
   * Casts the household's ballot (client-made id): it replaces the address's earlier one. Offline it
   * waits on the device; the server counts it only if it arrives before the vote closes.
   */
  castVote: defineMutator({
    args: lazy(() => z.object({ id: newRowId, voteId: rowId, ...ballotFields, shown })),
    label: 'Vote',
    async apply(tx, args) {
      const vote = await voteOf(tx, args.voteId);
      const now = Date.now();
      if (!vote?.myAddressId || voteStateAt(vote, now) !== 'open' || votePolicy.choicesRefusal(vote, args.choices)) return;
      const ballots = (await tx.scan({ prefix: BALLOT_PREFIX }).values().toArray()) as unknown as SyncedBallot[];
      for (const b of ballots) {
        if (b.voteId === vote.id && b.addressId === vote.myAddressId && b.replacedAt == null) await tx.set(ballotKey(b.id), { ...b, replacedAt: now });
      }
      const by = args.shown?.by;
      const ballot: SyncedBallot = {
        id: args.id,
        voteId: vote.id,
        addressId: vote.myAddressId,
        address: ballots.find((b) => b.addressId === vote.myAddressId)?.address ?? '',
        choices: [...args.choices].sort((a, b) => a - b),
        castBy: { id: by?.id ?? '', name: by?.name ?? '' },
        castAt: now,
        replacedAt: null,
        receiptCode: null,
        version: 0,
      };
      await tx.set(ballotKey(args.id), ballot);
    },
  }),
};

export const votesSync = defineSyncedArea({ spaces: [VOTE_SPACE, BALLOT_SPACE], mutators: voteMutators });
