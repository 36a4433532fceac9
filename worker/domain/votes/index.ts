/**
 * Owner votes domain. One layer for both transports: the REST routes and the sync push call these
 * functions.
 *
 * - sync.ts     who sees what (votes: every member; ballots: their own address's, and an open
 *               ballot's for the board), the cache values a pull sends, the writers
 * - manage.ts   create, edit, cancel (board, while not yet open)
 * - opening.ts  fixing the eligible addresses and mailing the voters when a vote opens (job)
 * - ballots.ts  casting the household's ballot, receipts
 * - closing.ts  the close at the closing time: results announced, the vote frozen (job)
 * - events.ts   the append-only log
 * - read.ts     the REST answers, built from the values the pull sends
 */
export { visibleBallots, visibleVotes } from './sync';
export { cancelVote, createVote, getVisibleVote, updateVote, type VoteRow } from './manage';
export { eligibleAddresses, openDueVotes } from './opening';
export { castBallot, checkReceipt, newReceiptCode, type ApiReceipt, type CastReceipt } from './ballots';
export { closeDueVotes, countVote, resultsAnnouncement } from './closing';
export { getResults, getVote, listVoteEvents, listVotes, type ApiBallot, type ApiVote, type ApiVoteResults } from './read';
export type { ApiVoteEvent } from './events';
