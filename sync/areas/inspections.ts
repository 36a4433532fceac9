/**
 * Inspection rounds, shared half: two key spaces (the rounds and their stops, board and superadmin
 * only), the synced values, and the mutators a board member uses on the walk, offline too: start a
 * round, mark a stop (no issues, or the violation just recorded), undo a mark, pause, resume and
 * finish. A new round's stops are built from the cached address directory (sync/areas/addresses.ts)
 * as the server builds its own (`roundStopsOf`), so a round started offline has them at once; a
 * device whose cache has no directory yet gets them with the server's answer.
 */
import type { WriteTransaction } from 'replicache';
import { z } from 'zod';
import { INSPECTION_MESSAGES, inspectionPolicy, MARKED_OUTCOMES, ROUND_STATUSES, roundFields, roundStatusFields, roundStopsOf, stopIdOf, STOP_OUTCOMES, type RoundSummary } from '../../schema/inspections';
import { lazy } from '../../schema/lazy';
import type { RestAnswer, RestRule, RestShape } from '../../schema/rest-shape';
import { syncedAddressSchema, syncedNamedSchema, syncedResidentSchema } from '../../schema/synced';
import { actingUserSchema } from '../../schema/threads';
import { defineMutator, defineSyncedArea, keyOf } from '../area';
import { DIRECTORY_PREFIX, type SyncedDirectoryAddress } from './addresses';
import { newRowId, rowId } from './fields';

export const ROUND_SPACE = 'inspectionRound';
export const STOP_SPACE = 'inspectionStop';
export const roundKey = (id: string) => keyOf(ROUND_SPACE, id);
export const stopKey = (id: string) => keyOf(STOP_SPACE, id);
/** The keys of one round's stops (their ids start with the round's). */
export const roundStopsPrefix = (roundId: string) => stopKey(stopIdOf(roundId, ''));

/** A round as the cache holds it (milliseconds since the epoch for times; `date` is a UTC midnight). */
export const syncedRoundSchema = lazy(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    date: z.number(),
    status: z.enum(ROUND_STATUSES),
    startedBy: syncedNamedSchema,
    finishedBy: syncedNamedSchema.nullable(),
    finishedAt: z.number().nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
    version: z.number(),
  }),
);
export type SyncedRound = z.output<typeof syncedRoundSchema>;

/** A stop: the address as it was when the round started, its residents now, and what became of it. */
export const syncedStopSchema = lazy(() =>
  z.object({
    id: z.string(),
    roundId: z.string(),
    addressId: z.string(),
    /** Walking order within the round. */
    position: z.number(),
    address: syncedAddressSchema,
    /** The address's residents when the round started, by name (`StopResident`: a status but on the oldest rounds' stops). */
    residents: z.array(syncedResidentSchema.partial({ status: true })),
    outcome: z.enum(STOP_OUTCOMES).nullable(),
    violationId: z.string().nullable(),
    doneBy: syncedNamedSchema.nullable(),
    doneAt: z.number().nullable(),
    version: z.number(),
  }),
);
export type SyncedStop = z.output<typeof syncedStopSchema>;

/** The REST answers are the generic rename; the round's day and the stop's time are ISO text. */
export const ROUND_REST = { times: ['date', 'finishedAt'] } as const satisfies RestRule<SyncedRound>;
export const STOP_REST = { times: ['doneAt'] } as const satisfies RestRule<SyncedStop>;

export type ApiRound = RestAnswer<SyncedRound, typeof ROUND_REST> & { stops_done: number; stops_total: number };
export type ApiStop = RestAnswer<SyncedStop, typeof STOP_REST>;
/** `GET /api/inspections/:id`: the round, its stops in walking order and their summary. */
export type ApiRoundDetail = ApiRound & { stops: ApiStop[]; summary: RestShape<RoundSummary> };

/** What the screen knows until the server answers: the acting user. The server never reads it. */
const shown = lazy(() => z.object({ by: actingUserSchema.optional() }).optional());

const roundOf = async (tx: WriteTransaction, id: string) => (await tx.get(roundKey(id))) as SyncedRound | undefined;
const stopOf = async (tx: WriteTransaction, id: string) => (await tx.get(stopKey(id))) as SyncedStop | undefined;
const named = (by: { id: string; name: string } | undefined) => (by ? { id: by.id, name: by.name } : null);
const allowed = { role: inspectionPolicy.mayManage, refusal: INSPECTION_MESSAGES.boardOnly };

export const inspectionMutators = {
  /** Starts a round with a client-made id, its stops from the cached directory (the server builds the same). */
  startInspectionRound: defineMutator({
    args: lazy(() => z.object({ id: newRowId, ...roundFields, shown })),
    label: 'Start round',
    subject: (args) => args.title,
    allowed,
    async apply(tx, args) {
      if (await tx.has(roundKey(args.id))) return;
      const now = Date.now();
      const by = args.shown?.by;
      const round: SyncedRound = {
        id: args.id,
        title: args.title,
        date: args.date,
        status: 'in_progress',
        startedBy: named(by) ?? { id: '', name: '' },
        finishedBy: null,
        finishedAt: null,
        createdAt: now,
        updatedAt: now,
        version: 0,
      };
      await tx.set(roundKey(args.id), { ...round });
      const directory = (await tx.scan({ prefix: DIRECTORY_PREFIX }).values().toArray()) as unknown as SyncedDirectoryAddress[];
      for (const { street, unitNumber, ...stop } of roundStopsOf(args.id, directory)) {
        const value: SyncedStop = { ...stop, address: { id: stop.addressId, street, unitNumber }, outcome: null, violationId: null, doneBy: null, doneAt: null, version: 0 };
        await tx.set(stopKey(stop.id), value);
      }
    },
  }),

  /** Marks a stop done; a stop already done keeps its first outcome (the server says who was first). */
  markInspectionStop: defineMutator({
    args: lazy(() =>
      z.object({ roundId: rowId, addressId: rowId, outcome: z.enum(MARKED_OUTCOMES), violationId: rowId.nullable(), shown }),
    ),
    label: 'Mark address',
    allowed,
    async apply(tx, args) {
      const round = await roundOf(tx, args.roundId);
      const stop = await stopOf(tx, stopIdOf(args.roundId, args.addressId));
      if (!round || !stop || inspectionPolicy.markRefusal(round, stop)) return;
      const by = named(args.shown?.by);
      await tx.set(stopKey(stop.id), { ...stop, outcome: args.outcome, violationId: args.outcome === 'violation' ? args.violationId : null, doneBy: by, doneAt: Date.now() });
    },
  }),

  /** Undoes the acting board member's own mark while the round is open. */
  undoInspectionStop: defineMutator({
    args: lazy(() => z.object({ roundId: rowId, addressId: rowId, shown })),
    label: 'Undo address',
    allowed,
    async apply(tx, args) {
      const round = await roundOf(tx, args.roundId);
      const stop = await stopOf(tx, stopIdOf(args.roundId, args.addressId));
      const me = args.shown?.by?.id;
      if (!round || !stop || !me || !inspectionPolicy.mayUndo(round, stop, me)) return;
      await tx.set(stopKey(stop.id), { ...stop, outcome: null, violationId: null, doneBy: null, doneAt: null });
    },
  }),

  /** Pause, Resume, or Finish Round (the stops left become Not inspected). */
  setInspectionRoundStatus: defineMutator({
    args: lazy(() => z.object({ id: rowId, ...roundStatusFields, shown })),
    label: 'Update round',
    allowed,
    async apply(tx, { id, status, shown: s }) {
      const round = await roundOf(tx, id);
      if (!round || !inspectionPolicy.isStatusChange(round, status)) return;
      const now = Date.now();
      const finished = status === 'finished';
      await tx.set(roundKey(id), { ...round, status, finishedBy: finished ? named(s?.by) : null, finishedAt: finished ? now : null, updatedAt: now });
      if (!finished) return;
      const stops = (await tx.scan({ prefix: roundStopsPrefix(id) }).values().toArray()) as unknown as SyncedStop[];
      for (const stop of inspectionPolicy.leftOf(stops)) {
        await tx.set(stopKey(stop.id), { ...stop, outcome: 'not_inspected', doneAt: now });
      }
    },
  }),
};

export const inspectionsSync = defineSyncedArea({ spaces: [ROUND_SPACE, STOP_SPACE], mutators: inspectionMutators });
