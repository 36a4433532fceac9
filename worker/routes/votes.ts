/**
 * Owner votes REST. Thin: parse, call worker/domain/votes, answer. Every member of the HOA reads its
 * votes; board and superadmin create, edit and cancel them (residents get 403 before any body is
 * parsed) and read the log; another HOA's vote is a 404. No answer carries another address's choice
 * on a secret ballot.
 *
 * - `GET /`                     → `{docs: ApiVote[]}`, newest first. ApiVote: `_id, question, description, kind
 *                                 (poll|election), options[], max_choices, include_renters, opens_at, closes_at (ISO),
 *                                 quorum_percent, secret, results_live, cancelled_at, opened_at, closed_at,
 *                                 announcement_id, eligible, voted, counts (number per option, null until shown),
 *                                 my_address_id (the caller's address when it may vote), createdAt, updatedAt,
 *                                 version, state (upcoming|open|closed|cancelled)`.
 * - `POST /`                    `{question (≤200), description?, kind, options (2–20), max_choices (elections),
 *                                 include_renters?, opens_at, closes_at (ISO or ms, closes after opens), quorum_percent
 *                                 (0–100), secret?, results_live?}` → 201 ApiVote (board).
 * - `GET /:id`                  → ApiVote with `household_ballots[{_id, vote_id, address_id, address, choices[],
 *                                 cast_by{_id, name}, cast_at, replaced_at, receipt_code (the caller's own only)}]`.
 * - `PUT /:id`                  the create body → ApiVote; 409 once the vote has opened.
 * - `POST /:id/cancel`          → ApiVote; 409 once the vote has opened.
 * - `POST /:id/ballots`         `{choices: [option number]}` → 201 `{ballot_id, code, choices[], replaced}`: the
 *                                 household's ballot (replaces the address's earlier one); 403 for an address that
 *                                 may not vote, 409 "This vote closed at <time>; your vote was not counted." after close.
 * - `GET /:id/results`          → `{vote_id, state, eligible, voted, quorum_percent, quorum_reached, counts
 *                                 [{option, count}]|null, ballots? (open ballot, board: [{address, cast_by, choices,
 *                                 cast_at}])}`.
 * - `GET /:id/receipts/:code`   → `{code, vote_id, choices[], cast_at, counted}`; 404 "No ballot has this code".
 * - `GET /:id/events`           → `{docs: [{_id, type, at, actor{_id, name}|null, detail}]}`, oldest first (board).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { ballotSchema, normalizeReceipt, VOTE_MESSAGES, voteFormSchema, votePolicy } from '../../schema/votes';
import * as votes from '../domain/votes';
import type { AppEnv } from '../env';
import { allow } from '../middleware/allow';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';

const idParam = z.object({ id: z.string().min(1).max(64) });
const receiptParam = z.object({ id: z.string().min(1).max(64), code: z.string().min(1).max(40) });
const manager = allow(votePolicy.mayManage, VOTE_MESSAGES.boardOnly);

export const voteRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', async (c) => c.json(await votes.listVotes(c.var.deps, c.var.deps.database.db, c.var.actor)))
  .post('/', manager, validate('json', voteFormSchema), async (c) => {
    const { deps, actor } = c.var;
    const vote = await deps.database.transaction((tx) => votes.createVote(deps, tx, actor, c.req.valid('json')));
    return c.json(await votes.getVote(deps, deps.database.db, actor, vote.id), 201);
  })
  .get('/:id', validate('param', idParam), async (c) => c.json(await votes.getVote(c.var.deps, c.var.deps.database.db, c.var.actor, c.req.valid('param').id)))
  .put('/:id', manager, validate('param', idParam), validate('json', voteFormSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await deps.database.transaction((tx) => votes.updateVote(deps, tx, actor, id, c.req.valid('json')));
    return c.json(await votes.getVote(deps, deps.database.db, actor, id));
  })
  .post('/:id/cancel', manager, validate('param', idParam), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await deps.database.transaction((tx) => votes.cancelVote(deps, tx, actor, id));
    return c.json(await votes.getVote(deps, deps.database.db, actor, id));
  })
  .post('/:id/ballots', validate('param', idParam), validate('json', ballotSchema), async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    const r = await deps.database.transaction((tx) => votes.castBallot(deps, tx, actor, id, c.req.valid('json')));
    return c.json({ ballot_id: r.ballotId, code: r.code, choices: r.choices, replaced: r.replaced }, 201);
  })
  .get('/:id/results', validate('param', idParam), async (c) => c.json(await votes.getResults(c.var.deps, c.var.deps.database.db, c.var.actor, c.req.valid('param').id)))
  .get('/:id/receipts/:code', validate('param', receiptParam), async (c) => {
    const { id, code } = c.req.valid('param');
    return c.json(await votes.checkReceipt(c.var.deps.database.db, c.var.actor, id, normalizeReceipt(code)));
  })
  .get('/:id/events', manager, validate('param', idParam), async (c) => c.json(await votes.listVoteEvents(c.var.deps.database.db, c.var.actor, c.req.valid('param').id)));
