/**
 * Owner votes, the domain's rules through REST: the board creates, edits and cancels a vote before it
 * opens; it opens at its time (eligible addresses fixed: renters left out unless included, vacant
 * ones never; each voter mailed); one ballot per address, the latest replacing the earlier; a receipt
 * per cast; a late ballot refused with its closing time; results at close announced; a closed vote
 * never altered, by the domain or by a raw write (the migration's triggers); and a secret ballot's
 * choices never reach the board.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { announcements, emailOutbox, users, voteBallots, voteEligible, voteEvents, votes } from '../../schema/tables';
import { formatVoteTime, VOTE_MESSAGES } from '../../schema/votes';
import { closeDueVotes, openDueVotes } from '../../worker/domain/votes';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { hoaIdOf } from '../helpers/money';
import { addVoters, HOUR, voteBody, type Voter } from '../helpers/votes';

describe('owner votes API', () => {
  let t: TestApp;
  let ben: string, olivia: string, rita: string;
  let voters: Voter[];

  async function setup(count = 6) {
    t = await createTestApp();
    [ben, olivia, rita] = (await Promise.all([DEMO.maple.board, DEMO.maple.superadmin, DEMO.maple.resident].map((e) => login(t, e)))).map((s) => s.token);
    const hoaId = await hoaIdOf(t, 'Maple Grove HOA');
    // Voters 5 and 6 rent.
    voters = await addVoters(t, { boardToken: ben, hoaId, now: t.clock(), count, street: 'Quorum Lane', rented: (n) => n > 4, insert: (rows) => t.write((tx) => tx.insert(users).values(rows)) });
  }
  afterEach(() => t?.close());

  /** Time passes: the clock moves and everyone signs in again (the access tokens of before expired). */
  async function pass(ms: number) {
    t.clock.advance(ms);
    [ben, olivia, rita] = (await Promise.all([DEMO.maple.board, DEMO.maple.superadmin, DEMO.maple.resident].map((e) => login(t, e)))).map((s) => s.token);
    for (const v of voters) v.token = (await login(t, v.email)).token;
  }

  async function create(over: Record<string, unknown> = {}, token = ben) {
    const r = await call(t, 'POST', '/api/votes', { token, body: voteBody(t.clock(), over) });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    return r.json;
  }
  const cast = (id: string, token: string, choices: number[]) => call(t, 'POST', `/api/votes/${id}/ballots`, { token, body: { choices } });
  const results = async (id: string, token = ben) => (await call(t, 'GET', `/api/votes/${id}/results`, { token })).json;
  const mailsOf = (template: string) => t.deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, template));

  it('refuses bad input with the field named, and residents may not create', async () => {
    await setup(0);
    const now = t.clock();
    const bad = async (over: Record<string, unknown>, path: string, msg: string) => {
      const r = await call(t, 'POST', '/api/votes', { token: ben, body: voteBody(now, over) });
      expect(r.status).toBe(400);
      expect(r.json.errors).toContainEqual({ path, msg });
    };
    await bad({ question: 'x'.repeat(201) }, 'question', VOTE_MESSAGES.questionTooLong);
    await bad({ options: ['Only one'] }, 'options', VOTE_MESSAGES.optionsCount);
    await bad({ options: Array.from({ length: 21 }, (_, i) => `Option ${i}`) }, 'options', VOTE_MESSAGES.optionsCount);
    await bad({ closes_at: new Date(now - HOUR).toISOString() }, 'closes_at', VOTE_MESSAGES.closesAfterOpens);
    await bad({ quorum_percent: 101 }, 'quorum_percent', VOTE_MESSAGES.quorumInvalid);
    await bad({ kind: 'election', options: ['Ann', 'Bob'], max_choices: 3 }, 'max_choices', VOTE_MESSAGES.maxChoicesInvalid);
    expect((await call(t, 'POST', '/api/votes', { token: rita, body: voteBody(now) })).status).toBe(403);
  });

  it('is edited and cancelled only before it opens', async () => {
    await setup(0);
    const later = t.clock() + HOUR;
    const vote = await create({ opens_at: new Date(later).toISOString(), closes_at: new Date(later + HOUR).toISOString() });
    expect(vote).toMatchObject({ state: 'upcoming', eligible: 0, voted: 0, counts: null });
    const edit = await call(t, 'PUT', `/api/votes/${vote._id}`, { token: olivia, body: voteBody(t.clock(), { question: 'Repave in the fall?', opens_at: new Date(later).toISOString(), closes_at: new Date(later + HOUR).toISOString() }) });
    expect(edit.status).toBe(200);
    expect(edit.json.question).toBe('Repave in the fall?');
    const other = await create({ opens_at: new Date(later).toISOString(), closes_at: new Date(later + HOUR).toISOString() });
    expect((await call(t, 'POST', `/api/votes/${other._id}/cancel`, { token: ben })).json.state).toBe('cancelled');

    await pass(HOUR);
    await openDueVotes(t.deps);
    const late = await call(t, 'PUT', `/api/votes/${vote._id}`, { token: ben, body: voteBody(t.clock(), { question: 'Too late' }) });
    expect(late.status).toBe(409);
    expect(late.json.message).toBe(VOTE_MESSAGES.notEditable);
    expect((await call(t, 'POST', `/api/votes/${vote._id}/cancel`, { token: olivia })).status).toBe(409);
    expect((await cast(other._id, voters.length ? voters[0].token : rita, [0])).status).toBe(409);
  });

  it('opens with its eligible addresses fixed and mails each voter; renters only when included', async () => {
    await setup();
    const owners = await create();
    expect(owners.state).toBe('open');
    const vacant = (await call(t, 'POST', '/api/addresses', { token: ben, body: { street: '99 Quorum Lane' } })).json._id;
    const withRenters = await create({ include_renters: true, question: 'Allow renters a parking permit?' });
    const eligibleOf = async (id: string) => (await t.deps.database.db.select().from(voteEligible).where(eq(voteEligible.voteId, id))).map((e) => e.addressId);
    const ownersOnly = await eligibleOf(owners._id);
    const all = await eligibleOf(withRenters._id);
    expect(owners.eligible).toBe(ownersOnly.length);
    for (const v of voters) expect(ownersOnly.includes(v.addressId)).toBe(v.n <= 4);
    for (const v of voters) expect(all).toContain(v.addressId);
    // Rita rents 103 Maple Grove Lane; nobody lives at the vacant one.
    expect(all.length - ownersOnly.length).toBeGreaterThanOrEqual(3);
    expect(all).not.toContain(vacant);
    await t.drainBackground();
    const opened = await mailsOf('vote-opened');
    const to = (question: string) => opened.filter((m) => m.subject === `A vote is open: ${question}`).map((m) => m.toEmail);
    expect(to(owners.question)).toContain(voters[0].email);
    expect(to(owners.question)).not.toContain(voters[5].email);
    expect(to(withRenters.question)).toContain(voters[5].email);
    expect(to(withRenters.question)).toContain(DEMO.maple.resident);
    expect(opened.find((m) => m.toEmail === voters[0].email)?.text).toContain(`/votes/${owners._id}`);
    // A renter of the first may not vote on it.
    const refused = await cast(owners._id, voters[5].token, [0]);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(VOTE_MESSAGES.notEligible);
  });

  it('one ballot per address: the latest replaces the earlier, each cast gets its receipt, mailed once', async () => {
    await setup();
    const vote = await create({ kind: 'election', options: ['Ann Alvarez', 'Bob Brooks', 'Cy Chen'], max_choices: 2, results_live: true });
    const first = await cast(vote._id, voters[0].token, [0, 2]);
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{10}$/), choices: ['Ann Alvarez', 'Cy Chen'], replaced: false });
    expect((await cast(vote._id, voters[0].token, [0, 1, 2])).json.errors).toContainEqual({ path: 'choices', msg: VOTE_MESSAGES.tooManyChoices(2) });
    // A second resident of the same address replaces the household's ballot.
    await t.write((tx) => tx.update(users).set({ addressId: voters[0].addressId }).where(eq(users.id, voters[1].id)));
    t.clock.advance(60_000);
    const second = await cast(vote._id, voters[1].token, [1]);
    expect(second.json.replaced).toBe(true);
    const r = await results(vote._id);
    expect(r).toMatchObject({ voted: 1, counts: [{ option: 'Ann Alvarez', count: 0 }, { option: 'Bob Brooks', count: 1 }, { option: 'Cy Chen', count: 0 }] });

    const check = await call(t, 'GET', `/api/votes/${vote._id}/receipts/${first.json.code.toLowerCase()}`, { token: rita });
    expect(check.json).toMatchObject({ choices: ['Ann Alvarez', 'Cy Chen'], counted: false });
    expect((await call(t, 'GET', `/api/votes/${vote._id}/receipts/${second.json.code}`, { token: ben })).json).toMatchObject({ choices: ['Bob Brooks'], counted: true });
    const none = await call(t, 'GET', `/api/votes/${vote._id}/receipts/ZZZZZZZZZZ`, { token: ben });
    expect(none.status).toBe(404);
    expect(none.json.message).toBe(VOTE_MESSAGES.noReceipt);

    const receipts = await mailsOf('vote-receipt');
    expect(receipts.map((m) => m.toEmail).sort()).toEqual([voters[0].email, voters[1].email].sort());
    const household = await call(t, 'GET', `/api/votes/${vote._id}`, { token: voters[0].token });
    expect(household.json.household_ballots.map((b: { receipt_code: string | null; replaced_at: string | null }) => [b.receipt_code, b.replaced_at === null])).toEqual([
      [null, true],
      [first.json.code, false],
    ]);
  });

  it('a ballot after the closing time is refused with the time; the job announces the results and the vote is frozen', async () => {
    await setup();
    const vote = await create({ quorum_percent: 10 });
    for (const v of voters.slice(0, 3)) expect((await cast(vote._id, v.token, [v.n === 3 ? 1 : 0])).status).toBe(201);
    expect(await results(vote._id)).toMatchObject({ eligible: vote.eligible, voted: 3, quorum_reached: true, counts: null });
    expect(vote.eligible).toBeLessThan(30);

    await pass(2 * HOUR);
    const late = await cast(vote._id, voters[3].token, [1]);
    expect(late.status).toBe(409);
    const zone = 'America/Chicago';
    expect(late.json.message).toBe(VOTE_MESSAGES.closedRefusal(formatVoteTime(Date.parse(vote.closes_at), zone)));
    expect(late.json.message).toMatch(/^This vote closed at .+; your vote was not counted\.$/);

    expect(await closeDueVotes(t.deps)).toBe(1);
    expect(await closeDueVotes(t.deps)).toBe(0);
    const closed = (await call(t, 'GET', `/api/votes/${vote._id}`, { token: rita })).json;
    expect(closed).toMatchObject({ state: 'closed', voted: 3, counts: [2, 1], announcement_id: expect.any(String) });
    const [announcement] = await t.deps.database.db.select().from(announcements).where(eq(announcements.id, closed.announcement_id));
    expect(announcement).toMatchObject({ title: `Results: ${vote.question}`, audienceType: 'all', status: 'sending' });
    expect(announcement.message).toContain('Yes: 2 votes');
    expect(announcement.message).toContain('No: 1 vote');
    expect(announcement.message).toContain(`Turnout: 3 of ${vote.eligible} addresses voted.`);
    expect(announcement.message).toContain('Quorum of 10%: reached.');

    // Nobody alters it: not the superadmin through the app, not a raw write.
    const edit = await call(t, 'PUT', `/api/votes/${vote._id}`, { token: olivia, body: voteBody(t.clock()) });
    expect(edit.status).toBe(409);
    expect((await call(t, 'POST', `/api/votes/${vote._id}/cancel`, { token: olivia })).status).toBe(409);
    /** A raw write, as a bug would make it: the triggers' words, whatever wraps them. */
    const raw = (q: ReturnType<typeof sql>) =>
      t.write((tx) => tx.run(q)).catch((e: Error & { cause?: Error }) => {
        throw new Error(`${e.message} ${e.cause?.message ?? ''}`);
      });
    await expect(raw(sql`UPDATE ${voteBallots} SET choices = '[1]' WHERE vote_id = ${vote._id}`)).rejects.toThrow(/closed vote cannot be altered/);
    await expect(raw(sql`DELETE FROM ${voteBallots} WHERE vote_id = ${vote._id}`)).rejects.toThrow(/closed vote cannot be altered/);
    await expect(raw(sql`INSERT INTO ${voteBallots} (id, hoa_id, vote_id, address_id, choices, cast_by, cast_at, code) VALUES ('x', 'h', ${vote._id}, 'a', '[0]', 'u', 1, 'CODE')`)).rejects.toThrow(
      /closed vote cannot be altered/,
    );
    await expect(raw(sql`UPDATE ${votes} SET question = 'Changed' WHERE id = ${vote._id}`)).rejects.toThrow(/closed vote cannot be altered/);
    await expect(raw(sql`DELETE FROM ${votes} WHERE id = ${vote._id}`)).rejects.toThrow(/closed vote cannot be altered/);
    await expect(raw(sql`UPDATE ${voteEvents} SET type = 'edited' WHERE vote_id = ${vote._id}`)).rejects.toThrow(/append-only/);
    await expect(raw(sql`DELETE FROM ${voteEvents} WHERE vote_id = ${vote._id}`)).rejects.toThrow(/append-only/);
    const counted = await t.deps.database.db.select().from(voteBallots).where(and(eq(voteBallots.voteId, vote._id)));
    expect(counted).toHaveLength(3);

    const log = (await call(t, 'GET', `/api/votes/${vote._id}/events`, { token: ben })).json.docs;
    expect(log.map((e: { type: string }) => e.type)).toEqual(['created', 'opened', 'ballot_cast', 'ballot_cast', 'ballot_cast', 'closed', 'results_published']);
    // A secret ballot's cast names who cast it, never the choice.
    expect(log[2]).toMatchObject({ actor: { _id: voters[0].id }, detail: null });
    expect((await call(t, 'GET', `/api/votes/${vote._id}/events`, { token: rita })).status).toBe(403);
  });

  it('a secret ballot: no REST answer to the board names a choice; an open ballot shows the board who voted what', async () => {
    await setup();
    const secret = await create({ results_live: true });
    const open = await create({ secret: false, question: 'Paint the fence green?' });
    await cast(secret._id, voters[0].token, [1]);
    await cast(open._id, voters[0].token, [1]);
    await t.drainBackground();
    const answers = [
      await call(t, 'GET', '/api/votes', { token: ben }),
      await call(t, 'GET', `/api/votes/${secret._id}`, { token: ben }),
      await call(t, 'GET', `/api/votes/${secret._id}/results`, { token: ben }),
      await call(t, 'GET', `/api/votes/${secret._id}/events`, { token: ben }),
    ];
    for (const a of answers) expect(JSON.stringify(a.json)).not.toContain(voters[0].addressId);
    expect(answers[2].json.ballots).toBeUndefined();
    const board = await results(open._id);
    expect(board.ballots).toEqual([{ address: `1 Quorum Lane`, cast_by: { _id: voters[0].id, name: voters[0].name }, choices: ['No'], cast_at: expect.any(String) }]);
    expect((await results(open._id, rita)).ballots).toBeUndefined();
    // The board's mails say nothing of it either: the receipt goes to the voter alone.
    const boardMails = await t.deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, DEMO.maple.board));
    for (const m of boardMails) expect(`${m.html}${m.text}${m.props}`).not.toMatch(/vote-receipt|Your vote receipt/);
  });
});
