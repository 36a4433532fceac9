import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { ROUND_STATUSES, STOP_OUTCOMES } from '../inspections';
import { hoaId, id, ms } from './columns';

/** Inspection rounds. Synced to the board: `version` is bumped on every write. */
export const inspectionRounds = sqliteTable(
  'inspection_rounds',
  {
    /** Client-made (a round starts offline too). */
    id: id(),
    hoaId: hoaId(),
    title: text('title').notNull(),
    /** The round's day, as its UTC midnight. */
    date: ms('date').notNull(),
    status: text('status', { enum: ROUND_STATUSES }).notNull().default('in_progress'),
    startedBy: text('started_by').notNull(),
    finishedBy: text('finished_by'),
    finishedAt: ms('finished_at'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  // `_newest`: the list in index order. `_started_by`, `_finished_by`: the name dependency.
  (t) => [index('inspection_rounds_newest').on(t.hoaId, t.createdAt, t.id), index('inspection_rounds_started_by').on(t.startedBy), index('inspection_rounds_finished_by').on(t.finishedBy)],
);

/**
 * A round's stops: one per address of the directory when the round started, in walking order
 * (`position`). The id is derived, `<roundId>:<addressId>`, so a mark made offline names its stop.
 * The address line and its residents are kept as they were (a stop stays readable after its address
 * is deleted or its residents move).
 */
export const inspectionStops = sqliteTable(
  'inspection_stops',
  {
    id: id(),
    hoaId: hoaId(),
    roundId: text('round_id').notNull(),
    addressId: text('address_id').notNull(),
    position: integer('position').notNull(),
    street: text('street').notNull(),
    unitNumber: text('unit_number'),
    /** The address's active residents when the round started (`{id, name}`, by name). */
    residents: text('residents', { mode: 'json' }).$type<{ id: string; name: string }[]>().notNull(),
    /** Null until the stop is done; the first outcome stays. */
    outcome: text('outcome', { enum: STOP_OUTCOMES }),
    violationId: text('violation_id'),
    doneBy: text('done_by'),
    doneAt: ms('done_at'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // A round's stops in walking order, and the HOA's stops per round (the list's progress).
    index('inspection_stops_round').on(t.hoaId, t.roundId, t.position),
    index('inspection_stops_address').on(t.addressId),
    index('inspection_stops_done_by').on(t.doneBy),
  ],
);
