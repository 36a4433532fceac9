/** Owner votes, server half: REST, the synced votes and ballots, the mutators' domain calls, the opening and closing jobs. */
import type { voteMutators } from '../../sync/areas/votes';
import { cancelVote, castBallot, closeDueVotes, createVote, openDueVotes, updateVote } from '../domain/votes';
import { ballotSyncArea, voteSyncArea } from '../domain/votes/sync';
import { defineServerArea, type ServerMutators } from '../kit/server-area';
import { voteRoutes } from '../routes/votes';

/** The mutators' form fields as the domain takes them (the REST body's shape). */
const form = ({ id: _id, ...fields }: Parameters<ServerMutators<'createVote'>['createVote']>[3]) => fields;

// The `shown` argument is what the screen showed until the server answered; the server never reads it.
const mutators: ServerMutators<keyof typeof voteMutators> = {
  createVote: (deps, tx, actor, a) => createVote(deps, tx, actor, { ...form(a), id: a.id }),
  updateVote: (deps, tx, actor, a) => updateVote(deps, tx, actor, a.id, form(a)),
  cancelVote: (deps, tx, actor, a) => cancelVote(deps, tx, actor, a.id),
  castVote: (deps, tx, actor, a) => castBallot(deps, tx, actor, a.voteId, { id: a.id, choices: a.choices }),
};

export const votesArea = defineServerArea({
  name: 'votes',
  routes: [{ path: '/api/votes', router: voteRoutes }],
  sync: [voteSyncArea, ballotSyncArea],
  mutators,
  // Closing first: a vote whose both times passed while the server slept opens and closes in one go.
  jobs: [
    { name: 'close-due-votes', run: (deps) => closeDueVotes(deps) },
    { name: 'open-due-votes', run: (deps) => openDueVotes(deps) },
  ],
});
