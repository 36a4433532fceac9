/**
 * Inspection rounds domain. One layer for both transports: the REST routes and the sync push call
 * these functions.
 *
 * - sync.ts    who sees what (board and superadmin only), the cache values a pull sends, the writers
 * - rounds.ts  starting a round (its stops in walking order), Pause / Resume / Finish Round
 * - stops.ts   marking a stop once, undoing one's own mark
 * - read.ts    the REST answers, built from the values the pull sends
 */
export { visibleRounds, visibleStops } from './sync';
export { getVisibleRound, setRoundStatus, startRound, type RoundRow } from './rounds';
export { markStop } from './stops';
export { getRound, listRounds, type ApiRound, type ApiRoundDetail, type ApiStop } from './read';
