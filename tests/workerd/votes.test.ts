/**
 * Owner votes in workerd: the REST list, a vote created through a push (it opens at once), a ballot
 * cast through REST with its receipt, and the synced rows the voter and the board pull: the vote with
 * its tally, the household's ballot to the voter only (a secret ballot: nothing of it to the board).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ballotKey, voteKey, type SyncedBallot, type SyncedVote } from '../../sync/areas/votes';
import { SyncTestClient } from '../sync/client';
import { call, DEMO, login, workerApp } from './http';

describe('owner votes in workerd', () => {
  let board: Awaited<ReturnType<typeof login>>;
  let rita: Awaited<ReturnType<typeof login>>;
  beforeAll(async () => {
    [board, rita] = [await login(DEMO.maple.board), await login(DEMO.maple.resident)];
  });

  it('lists, creates through a push, casts through REST and syncs the household ballot to its household only', async () => {
    const list = await call('GET', '/api/votes', { token: rita.token });
    expect(list.status).toBe(200);
    expect(list.json.docs.map((v: { state: string }) => v.state)).toEqual(expect.arrayContaining(['open', 'closed', 'upcoming']));

    const boardDevice = new SyncTestClient(workerApp, board.token);
    const id = crypto.randomUUID();
    const now = Date.now();
    const pushed = await boardDevice.push([
      boardDevice.mutation('createVote', {
        id,
        question: 'Workerd poll: add a second dog park bench?',
        description: null,
        kind: 'poll',
        options: ['Yes', 'No'],
        max_choices: 1,
        include_renters: true,
        opens_at: now - 60_000,
        closes_at: now + 3_600_000,
        quorum_percent: 25,
        secret: true,
        results_live: false,
      }),
    ]);
    expect(pushed.status).toBe(200);

    const cast = await call('POST', `/api/votes/${id}/ballots`, { token: rita.token, body: { choices: [0] } });
    expect(cast.status).toBe(201);
    expect(cast.json.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);

    const ritaDevice = new SyncTestClient(workerApp, rita.token);
    for (const c of [ritaDevice, boardDevice]) await c.pull();
    expect(boardDevice.values('notice/')).toEqual([]);
    const vote = ritaDevice.data.get(voteKey(id)) as SyncedVote;
    expect(vote).toMatchObject({ question: 'Workerd poll: add a second dog park bench?', voted: 1, counts: null, myAddressId: expect.any(String) });
    expect((boardDevice.data.get(voteKey(id)) as SyncedVote).voted).toBe(1);
    const ballot = ritaDevice.data.get(ballotKey(cast.json.ballot_id)) as SyncedBallot;
    expect(ballot).toMatchObject({ voteId: id, choices: [0], receiptCode: cast.json.code, replacedAt: null });
    expect(boardDevice.data.has(ballotKey(cast.json.ballot_id))).toBe(false);
  });
});
