/**
 * Inspection rounds: a board member walks the HOA's addresses in walking order and marks each one
 * (no issues, or a violation recorded on the spot). Statuses and outcomes with their labels, the
 * messages, limits, the form and body schemas, the REST shapes and the policy (one rule each: the
 * domain enforces it, the mutators predict with it, the screens choose their controls with it).
 * Residents never see rounds.
 */
import { z } from 'zod';
import { directoryCompare, type DirectoryParts } from './addresses';
import { dayField } from './days';
import { lazy } from './lazy';
import { isPrivileged, type Role, type UserStatus } from './roles';
import type { SyncedResident } from './synced';
import { requiredText } from './validation';

export const ROUND_STATUSES = ['in_progress', 'paused', 'finished'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];
export const ROUND_STATUS_LABELS: Record<RoundStatus, string> = { in_progress: 'In progress', paused: 'Paused', finished: 'Finished' };

/** What became of a stop. `not_inspected` is set by Finish Round on the stops left, never by a tap. */
export const STOP_OUTCOMES = ['no_issues', 'violation', 'not_inspected'] as const;
export type StopOutcome = (typeof STOP_OUTCOMES)[number];
export const STOP_OUTCOME_LABELS: Record<StopOutcome, string> = { no_issues: 'No issues', violation: 'Violation recorded', not_inspected: 'Not inspected' };
/** The outcomes a board member marks. */
export const MARKED_OUTCOMES = ['no_issues', 'violation'] as const satisfies readonly StopOutcome[];

export const ROUND_TITLE_MAX = 100;

export const INSPECTION_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${ROUND_TITLE_MAX} characters`,
  dateInvalid: 'Date must be a valid date',
  boardOnly: 'Only board members can run inspection rounds',
  notFound: 'Inspection round not found',
  stopNotFound: 'This address is not on the round',
  alreadyInspected: (name: string) => `This address was already inspected by ${name}.`,
  roundFinished: 'This round is finished.',
  undoNotAllowed: 'Only the board member who inspected this address can undo it while the round is open.',
  violationRequired: 'A recorded violation needs its violation',
  violationNotFound: 'Violation not found',
  idTaken: 'A round with this id already exists',
  loadFailed: 'Failed to load inspection rounds',
  started: 'Round started',
  /** A round started on a device whose cache has no address directory yet. */
  noStopsYet: 'The addresses of this round arrive when you are back online.',
  allDone: 'Every address is done.',
} as const;

/** "12 of 20 addresses". */
export const progressLabel = (done: number, total: number) => `${done} of ${total} addresses`;
/** Finish Round's question when stops are left. */
export const finishLeftQuestion = (left: number) =>
  `${left} ${left === 1 ? 'address is' : 'addresses are'} not done yet. Finish anyway and mark ${left === 1 ? 'it' : 'them'} "Not inspected"?`;

interface RoundState {
  status: RoundStatus;
}
interface StopState {
  outcome: StopOutcome | null;
  doneBy: { id: string; name: string } | null;
}

/** Open: not finished (a paused round takes marks too: pausing only says nobody is walking it now). */
const isOpen = (round: RoundState) => round.status !== 'finished';

export const inspectionPolicy = {
  /** Board and superadmin run rounds; residents never see them. */
  mayManage: (role: Role) => isPrivileged(role),
  isOpen,
  /**
   * Why this stop cannot be marked now, or null: each stop is done once, the first outcome stays
   * (two board members splitting a round are told who was first).
   */
  markRefusal(round: RoundState, stop: StopState): string | null {
    if (!isOpen(round)) return INSPECTION_MESSAGES.roundFinished;
    if (stop.outcome) return INSPECTION_MESSAGES.alreadyInspected(stop.doneBy?.name ?? 'another board member');
    return null;
  },
  /** Undo: the board member who marked it, while the round is open; Not inspected is never undone. */
  mayUndo: (round: RoundState, stop: StopState, userId: string) =>
    isOpen(round) && (stop.outcome === 'no_issues' || stop.outcome === 'violation') && stop.doneBy?.id === userId,
  /** Pause and Resume move between the open statuses; Finish Round from either. */
  isStatusChange: (round: RoundState, next: RoundStatus) => isOpen(round) && round.status !== next,
  /** The stops Finish Round marks Not inspected. */
  leftOf: <S extends { outcome: StopOutcome | null }>(stops: readonly S[]) => stops.filter((s) => !s.outcome),
  /** What this viewer may do with this round now (the screens' controls). */
  actionsFor(round: RoundState, role: Role) {
    const manage = inspectionPolicy.mayManage(role) && isOpen(round);
    return { mark: manage, pause: manage && round.status === 'in_progress', resume: manage && round.status === 'paused', finish: manage };
  },
};

/** The derived stop id: one stop per address per round. */
export const stopIdOf = (roundId: string, addressId: string) => `${roundId}:${addressId}`;

/** A resident as a stop keeps them; `status` is absent on stops of rounds started before it was kept (all active then). */
export interface StopResident {
  id: string;
  name: string;
  status?: UserStatus;
}

/** An address of the directory as a round's stop copies it: its residents by name, with their status. */
interface DirectoryAddress extends DirectoryParts {
  residents: SyncedResident[];
}

/**
 * Whom a violation recorded at the stop goes to: its first active resident (one invited or
 * deactivated cannot sign in to read it), or no one, as at a vacant address.
 */
export const stopRecipient = (stop: { residents: readonly StopResident[] }) => stop.residents.find((r) => (r.status ?? 'active') === 'active') ?? null;

/**
 * A new round's stops: the directory's addresses in walking order (`directoryCompare`), each with its
 * position and its residents as they are now. The server builds a round's stops with it when the
 * round starts, and a device with the directory in its cache builds the same ones at once (offline too).
 */
export function roundStopsOf(roundId: string, directory: readonly DirectoryAddress[]) {
  return [...directory].sort(directoryCompare).map((a, position) => ({
    id: stopIdOf(roundId, a.id),
    roundId,
    addressId: a.id,
    position,
    street: a.street,
    unitNumber: a.unitNumber,
    residents: a.residents.map((r): StopResident => ({ id: r.id, name: r.name, status: r.status })),
  }));
}

// ------------------------------------------------------------------ form and body schemas

/** `POST /api/inspections` and the startInspectionRound mutator: the title and the day (`YYYY-MM-DD`). */
export const roundFields = lazy(() => ({
  title: requiredText({ required: INSPECTION_MESSAGES.titleRequired, tooLong: INSPECTION_MESSAGES.titleTooLong }, ROUND_TITLE_MAX),
  date: dayField(INSPECTION_MESSAGES.dateInvalid),
}));
export const roundFormSchema = lazy(() => z.object(roundFields));
export type RoundForm = z.output<typeof roundFormSchema>;

/** `PUT /api/inspections/:id/status`. */
export const roundStatusFields = lazy(() => ({ status: z.enum(ROUND_STATUSES, { error: 'Status is invalid' }) }));
export const roundStatusSchema = lazy(() => z.object(roundStatusFields));

/** `PUT /api/inspections/:id/stops/:addressId`: an outcome, or null to undo. */
export const stopMarkFields = lazy(() => ({
  outcome: z.enum(MARKED_OUTCOMES, { error: 'Outcome is invalid' }).nullable(),
  violation_id: z.string().trim().min(1).max(64).nullish().transform((v) => v ?? null),
}));
export const stopMarkSchema = lazy(() =>
  z.object(stopMarkFields).refine((v) => v.outcome !== 'violation' || !!v.violation_id, { message: INSPECTION_MESSAGES.violationRequired, path: ['violation_id'] }),
);
export type StopMark = z.output<typeof stopMarkSchema>;

// ------------------------------------------------------------------ summary (client and server alike)

export interface RoundSummary {
  total: number;
  covered: number;
  noIssues: number;
  violations: number;
  notInspected: number;
}

/** The round's figures from its stops: covered counts the addresses looked at (not Not inspected). */
export function summarizeStops(stops: readonly { outcome: StopOutcome | null }[]): RoundSummary {
  const count = (o: StopOutcome) => stops.filter((s) => s.outcome === o).length;
  const noIssues = count('no_issues');
  const violations = count('violation');
  return { total: stops.length, covered: noIssues + violations, noIssues, violations, notInspected: count('not_inspected') };
}
