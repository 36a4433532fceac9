/**
 * Owner votes through sync: every member receives the HOA's votes, with the values REST answers and
 * the aggregates only; a member receives their own address's ballots and nothing of another's secret
 * choice (the board neither); an open ballot's ballots reach the board. A ballot pushed after the
 * closing time is refused and comes back as the voter's notice naming the time; it is not counted.
 */
import { eq } from 'drizzle-orm';
import { voteViewOfApi } from '../../client/features/votes/use-vote-entity';
import { afterEach, describe, expect, it } from 'vitest';
import { valueOfRest } from '../../schema/rest-shape';
import { users } from '../../schema/tables';
import { formatVoteTime, VOTE_MESSAGES } from '../../schema/votes';
import { BALLOT_SPACE, syncedVoteSchema, VOTE_REST, VOTE_SPACE, type SyncedBallot, type SyncedVote } from '../../sync/areas/votes';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { hoaIdOf } from '../helpers/money';
import { addVoters, HOUR, voteBody } from '../helpers/votes';
import { signedInClient } from './client';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

const VOTES = `${VOTE_SPACE}/`;
const BALLOTS = `${BALLOT_SPACE}/`;

async function world() {
  t = await createTestApp();
  const ben = (await login(t, DEMO.maple.board)).token;
  const voters = await addVoters(t, { boardToken: ben, hoaId: await hoaIdOf(t, 'Maple Grove HOA'), now: t.clock(), count: 3, street: 'Ballot Row', insert: (rows) => t!.write((tx) => tx.insert(users).values(rows)) });
  const create = async (over: Record<string, unknown>) => (await call(t!, 'POST', '/api/votes', { token: ben, body: voteBody(t!.clock(), over) })).json;
  return { t, ben, voters, create };
}

describe('owner votes pulled and pushed', () => {
  it('reach every member with the values REST answers; ballots only to their household, an open ballot’s to the board', async () => {
    const { t, voters, create } = await world();
    const secret = await create({ results_live: true });
    const open = await create({ secret: false, question: 'Paint the fence green?' });
    const [ben, rita, one, two] = await Promise.all([DEMO.maple.board, DEMO.maple.resident, voters[0].email, voters[1].email].map((e) => signedInClient(t, e)));
    for (const v of [secret, open]) {
      await one.push([one.mutation('castVote', { id: crypto.randomUUID(), voteId: v._id, choices: [1] })]);
      await two.push([two.mutation('castVote', { id: crypto.randomUUID(), voteId: v._id, choices: [0] })]);
    }
    for (const c of [ben, rita, one, two]) await c.pull();

    const rest = (await call(t, 'GET', `/api/votes/${secret._id}`, { token: one.token })).json;
    const { household_ballots: household, state: _state, ...vote } = rest;
    expect(one.values<SyncedVote>(`${VOTES}${secret._id}`)[0]).toEqual(valueOfRest(syncedVoteSchema, vote, VOTE_REST));
    expect(one.values<SyncedVote>(`${VOTES}${secret._id}`)[0]).toMatchObject({ voted: 2, counts: [1, 1], myAddressId: voters[0].addressId });
    expect(rita.keys(VOTES)).toEqual(ben.keys(VOTES));
    expect(household).toHaveLength(1);
    // The vote screen's REST read (before the cache opens) shows the vote and the household's ballot as the cache then does.
    expect(voteViewOfApi(rest)).toEqual({ vote: one.values<SyncedVote>(`${VOTES}${secret._id}`)[0], ballots: one.values<SyncedBallot>(BALLOTS).filter((b) => b.voteId === secret._id) });

    // Each voter holds their own household's ballots, with their receipt.
    const mine = one.values<SyncedBallot>(BALLOTS);
    expect(mine.map((b) => b.addressId)).toEqual([voters[0].addressId, voters[0].addressId]);
    expect(mine.every((b) => b.receiptCode?.length === 10)).toBe(true);
    // Rita (another household) and the board hold nothing of theirs on the secret ballot.
    expect(rita.values<SyncedBallot>(BALLOTS).filter((b) => b.voteId === secret._id)).toEqual([]);
    expect(ben.values<SyncedBallot>(BALLOTS).filter((b) => b.voteId === secret._id)).toEqual([]);
    // The open ballot's reach the board, without the voters' receipts.
    const boardOpen = ben.values<SyncedBallot>(BALLOTS).filter((b) => b.voteId === open._id);
    expect(boardOpen.map((b) => [b.castBy.name, b.choices, b.receiptCode])).toEqual(
      expect.arrayContaining([
        [voters[0].name, [1], null],
        [voters[1].name, [0], null],
      ]),
    );
    expect(rita.values<SyncedBallot>(BALLOTS).filter((b) => b.voteId === open._id)).toEqual([]);
  });

  it('a ballot pushed after the vote closed is refused with a notice naming the time, and not counted', async () => {
    const { t, voters, create } = await world();
    const vote = await create({});
    const one = await signedInClient(t, voters[0].email);
    await one.pull();
    t.clock.advance(2 * HOUR + 1);
    one.token = (await login(t, voters[0].email)).token;
    await one.push([one.mutation('castVote', { id: crypto.randomUUID(), voteId: vote._id, choices: [0] })]);
    await one.pull();
    const message = VOTE_MESSAGES.closedRefusal(formatVoteTime(Date.parse(vote.closes_at), 'America/Chicago'));
    expect(one.values<{ message: string }>('notice/')).toEqual([expect.objectContaining({ message })]);
    expect(one.values<SyncedBallot>(BALLOTS)).toEqual([]);
    expect(one.values<SyncedVote>(`${VOTES}${vote._id}`)[0].voted).toBe(0);
  });

  it('a resident’s createVote is refused before its arguments are read; a second household member replaces the ballot', async () => {
    const { t, voters, create } = await world();
    const rita = await signedInClient(t, DEMO.maple.resident);
    await rita.push([rita.mutation('createVote', voteBody(t.clock(), { id: crypto.randomUUID() }))]);
    await rita.pull();
    expect(rita.values<{ message: string }>('notice/')).toEqual([expect.objectContaining({ message: VOTE_MESSAGES.boardOnly })]);

    const vote = await create({});
    await t.write((tx) => tx.update(users).set({ addressId: voters[0].addressId }).where(eq(users.id, voters[1].id)));
    const [one, two] = await Promise.all([voters[0].email, voters[1].email].map((e) => signedInClient(t, e)));
    await one.push([one.mutation('castVote', { id: crypto.randomUUID(), voteId: vote._id, choices: [0] })]);
    t.clock.advance(1000);
    await two.push([two.mutation('castVote', { id: crypto.randomUUID(), voteId: vote._id, choices: [1] })]);
    for (const c of [one, two]) await c.pull();
    const ballots = one.values<SyncedBallot>(BALLOTS).sort((a, b) => a.castAt - b.castAt);
    expect(ballots.map((b) => [b.castBy.name, b.choices, b.replacedAt === null, b.receiptCode === null])).toEqual([
      [voters[0].name, [0], false, false],
      [voters[1].name, [1], true, true],
    ]);
    expect(two.values<SyncedVote>(`${VOTES}${vote._id}`)[0]).toMatchObject({ voted: 1, counts: null });
  });
});
