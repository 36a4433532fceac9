/**
 * The votes case of the list benchmark: 10,000 votes as the server syncs them, through the real
 * votes spec (newest first) and the Votes screen's filters (question search, status, kind) and columns.
 */
import type { ReadonlyJSONValue } from 'replicache';
import { formatVoteTime, type VoteKind } from '../../../schema/votes';
import { prefixOf } from '../../../sync/keys';
import { voteKey, VOTE_SPACE, type SyncedVote } from '../../../sync/areas/votes';
import { VOTE_FILTERS, VOTE_SELECTS, voteColumns } from '../../../client/features/votes/VotesPage';
import { voteList } from '../../../client/features/votes/use-votes';
import type { BenchCase } from './cases';

const QUESTIONS = ['Repave the pool deck?', 'Elect the treasurer', 'Replace the gate motor?', 'Plant trees on the green?', 'Raise the roof reserve?', 'Add a dog park fence?', 'Snow removal contract?'];
const KINDS: VoteKind[] = ['poll', 'poll', 'election'];
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1);

export function benchVote(i: number, edit = 0): SyncedVote {
  const opensAt = NOW - (i % 400) * DAY + (i % 5) * 20 * DAY;
  const kind = KINDS[i % KINDS.length];
  return {
    id: `bench-vote-${String(i).padStart(5, '0')}`,
    question: `${QUESTIONS[(i + edit) % QUESTIONS.length]} #${i}${edit ? ` (edit ${edit})` : ''}`,
    description: null,
    kind,
    options: kind === 'poll' ? ['Yes', 'No'] : ['Ann Alvarez', 'Bob Brooks', 'Cy Chen'],
    maxChoices: kind === 'poll' ? 1 : 2,
    includeRenters: i % 4 === 0,
    opensAt,
    closesAt: opensAt + 14 * DAY,
    quorumPercent: 30,
    secret: true,
    resultsLive: false,
    cancelledAt: i % 23 === 0 ? opensAt - DAY : null,
    openedAt: opensAt <= NOW ? opensAt : null,
    closedAt: opensAt + 14 * DAY <= NOW ? opensAt + 14 * DAY : null,
    announcementId: null,
    eligible: 120,
    voted: (i * 7) % 120,
    counts: null,
    myAddressId: null,
    createdAt: opensAt - 3 * DAY,
    updatedAt: opensAt - 3 * DAY + edit,
    version: 1 + edit,
  };
}

const json = (v: object) => ({ ...v }) as unknown as ReadonlyJSONValue;

export const votesCase: BenchCase<SyncedVote, 'state' | 'kind'> = {
  title: 'Votes',
  space: VOTE_SPACE,
  list: voteList,
  filters: VOTE_FILTERS,
  selects: [...VOTE_SELECTS],
  sortable: true,
  columns: voteColumns((at) => formatVoteTime(at, 'America/Chicago'), NOW),
  useStats: (list) => [
    { label: 'Total', value: list.size },
    { label: 'Matching', value: list.counted ?? '–' },
  ],
  entries: (n) => Array.from({ length: n }, (_, i): [string, ReadonlyJSONValue] => [voteKey(benchVote(i).id), json(benchVote(i))]),
  changed: (i, edit) => {
    const v = benchVote(i, edit);
    return [voteKey(v.id), json(v)];
  },
  collectionOp: (k, rows) => {
    const v = benchVote((k * 7919) % rows, k + 1);
    return { op: 'change', key: voteKey(v.id), oldValue: null, newValue: json(v) };
  },
  collectionFilter: (v) => v.kind === 'election' || v.question.toLowerCase().includes('pool'),
  naive: (entries, filter) =>
    entries
      .filter(([key]) => key.startsWith(prefixOf(VOTE_SPACE)))
      .map(([, value]) => value as unknown as SyncedVote)
      .filter(filter)
      .sort(voteList.compare),
};
