/**
 * An owner vote in Chromium: a street of 20 owner households (made through the addresses API), a
 * secret poll the board creates in the browser. Fifteen owners vote: twelve through the API, three in
 * their browsers: one finds the vote from the Announcements banner, votes, changes the vote and checks
 * the receipt; one votes offline and comes back before the close (counted); one votes offline and
 * comes back after it (refused with the closing time shown, not counted). The close (its time moved
 * into the past, the server's job run) announces the results with the quorum reached. Nothing the
 * board receives (REST, its sync pull), nothing another resident pulls and no mail carries another
 * voter's choice.
 */
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hoas, users } from '../../schema/tables';
import { formatVoteTime, openVoteBanner, VOTE_MESSAGES } from '../../schema/votes';
import { closeDueVotes } from '../../worker/domain/votes';
import { msToZonedInput } from '../../client/features/votes/time';
import { apiToken, DEMO, e2eSuite, expectNoPageErrors, expectNoSeriousAxe, goInApp, goOffline, goOnline, openPage, openPageWithServiceWorker, PHONE, signInAs, snapFromTop, waitForServiceWorker } from '../helpers/browser';
import { appOverHttp, call } from '../helpers/http';
import { addVoters, HOUR, MINUTE, type Voter } from '../helpers/votes';
import { SyncTestClient } from '../sync/client';
import { storedBallots, voteForm, votesList, voteScreen } from './pages/votes';

const e2e = e2eSuite();
const ZONE = 'America/Chicago';
const QUESTION = 'Replace the pool fence before summer?';

let voters: Voter[];
let board: { context: BrowserContext; page: Page; errors: string[] };
let voteId = '';

const t = () => appOverHttp(e2e.server.url);
const voterPage = async (v: Voter, viewport = PHONE, open = openPage) => {
  const opened = await open(e2e.browser, e2e.server, viewport);
  await signInAs(opened.page, e2e.server, v.email);
  return opened;
};
const closesAtOf = async () => Number((await e2e.server.db.execute({ sql: 'SELECT closes_at FROM votes WHERE id = ?', args: [voteId] })).rows[0].closes_at);

beforeAll(async () => {
  const db = e2e.server.deps.database.db;
  const [maple] = await db.select().from(hoas).where(eq(hoas.name, 'Maple Grove HOA'));
  const boardToken = await apiToken(e2e.server, DEMO.maple.board);
  voters = await addVoters(t(), { boardToken, hoaId: maple.id, now: Date.now(), count: 20, street: 'Ballot Way', insert: (rows) => e2e.server.deps.database.transaction((tx) => tx.insert(users).values(rows)) });
  board = await openPage(e2e.browser, e2e.server);
  await signInAs(board.page, e2e.server, DEMO.maple.board);
}, 180_000);

describe('an owner vote over 20 households', () => {
  it('the board creates a secret poll; it opens at once for every owner household', { timeout: 120_000 }, async () => {
    const { page } = board;
    const list = votesList(page);
    await list.open();
    await snapFromTop(page, 'votes-list-desktop');
    await expectNoSeriousAxe(page);
    expect(await list.meetings.getAttribute('href')).toBe('/meetings');
    await list.newVote.click();
    const form = voteForm(page);
    await form.question.fill(QUESTION);
    await form.option(1).fill('Yes');
    await form.option(2).fill('No');
    const now = Date.now();
    await form.opensAt.fill(msToZonedInput(now - MINUTE, ZONE));
    await form.closesAt.fill(msToZonedInput(now + 2 * HOUR, ZONE));
    await form.quorum.fill('40');
    await snapFromTop(page, 'votes-new-desktop');
    await expectNoSeriousAxe(page);
    await form.submit.click();
    await page.getByText(VOTE_MESSAGES.created).waitFor();
    voteId = new URL(page.url()).pathname.split('/').pop()!;
    await expect.poll(async () => (await call(t(), 'GET', `/api/votes/${voteId}`, { token: voters[0].token })).json.my_address_id, { timeout: 20_000 }).toBe(voters[0].addressId);
    const vote = (await call(t(), 'GET', `/api/votes/${voteId}`, { token: voters[0].token })).json;
    expect(vote).toMatchObject({ state: 'open', secret: true, results_live: false, quorum_percent: 40 });
    // The 20 households of Ballot Way, and the demo's owner households with members.
    expect(vote.eligible).toBeGreaterThanOrEqual(20);
    await e2e.server.drainBackground();
    const opened = await e2e.server.db.execute({ sql: "SELECT to_email FROM email_outbox WHERE template = 'vote-opened'", args: [] });
    for (const v of voters) expect(opened.rows.map((r) => r.to_email)).toContain(v.email);
  });

  it('twelve owners vote through the API', async () => {
    for (const v of voters.slice(3, 15)) {
      const r = await call(t(), 'POST', `/api/votes/${voteId}/ballots`, { token: v.token, body: { choices: [v.n <= 11 ? 0 : 1] } });
      expect(r.status, JSON.stringify(r.json)).toBe(201);
    }
  });

  it('an owner finds the vote from the Announcements banner, votes, changes the vote and checks the receipt', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await voterPage(voters[0]);
    await goInApp(page, '/announcements');
    const banner = page.getByRole('status').filter({ hasText: 'A vote is open' });
    await banner.waitFor({ timeout: 20_000 });
    expect(await banner.textContent()).toBe(openVoteBanner(QUESTION, formatVoteTime(await closesAtOf(), ZONE)));
    await expectNoSeriousAxe(page);
    await banner.getByRole('link', { name: 'Vote now' }).click();
    const screen = voteScreen(page);
    await screen.household.waitFor();
    await screen.vote('Yes');
    await screen.receiptCode.waitFor({ timeout: 20_000 });
    const first = (await screen.receiptCode.textContent())!;
    await screen.vote('No');
    await expect.poll(async () => screen.receiptCode.textContent(), { timeout: 20_000 }).not.toBe(first);
    const code = (await screen.receiptCode.textContent())!;
    await snapFromTop(page, 'vote-household-phone');
    await expectNoSeriousAxe(page);
    await screen.receiptField.fill(code);
    await screen.check.click();
    await page.getByText(`${code}: No`).waitFor();
    await screen.receiptField.fill('ZZZZZZZZZZ');
    await screen.check.click();
    await page.getByText(VOTE_MESSAGES.noReceipt).waitFor();
    await screen.receiptField.fill(first);
    await screen.check.click();
    await page.getByText(VOTE_MESSAGES.receiptReplaced).waitFor();
    const mine = (await storedBallots(e2e.server, voteId)).find((b) => b.addressId === voters[0].addressId);
    expect(mine).toMatchObject({ choices: [1], code });
    await context.close();
    expectNoPageErrors(errors);
  });

  it('an owner votes offline and comes back before the close: counted', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await voterPage(voters[1], PHONE, openPageWithServiceWorker);
    await goInApp(page, `/votes/${voteId}`);
    const screen = voteScreen(page);
    await screen.household.waitFor({ timeout: 20_000 });
    await waitForServiceWorker(page);
    await goOffline(context, e2e.server);
    await page.getByText(VOTE_MESSAGES.offline(formatVoteTime(await closesAtOf(), ZONE))).waitFor();
    await screen.vote('Yes');
    await screen.queued.waitFor();
    await snapFromTop(page, 'vote-offline-phone');
    await goOnline(context, e2e.server);
    await expect.poll(async () => (await storedBallots(e2e.server, voteId)).some((b) => b.addressId === voters[1].addressId), { timeout: 30_000 }).toBe(true);
    await screen.queued.waitFor({ state: 'hidden', timeout: 20_000 });
    await context.close();
    expectNoPageErrors(errors);
  });

  it('an owner votes offline and comes back after the close: refused with the time, not counted; the results are announced', { timeout: 150_000 }, async () => {
    const { context, page, errors } = await voterPage(voters[2], PHONE, openPageWithServiceWorker);
    await goInApp(page, `/votes/${voteId}`);
    const screen = voteScreen(page);
    await screen.household.waitFor({ timeout: 20_000 });
    await waitForServiceWorker(page);
    await goOffline(context, e2e.server);
    await screen.vote('No');
    await screen.queued.waitFor();

    // The closing time comes while the phone is offline: the server's job closes the vote.
    const closedAt = Date.now() - 1_000;
    await e2e.server.db.execute({ sql: 'UPDATE votes SET closes_at = ? WHERE id = ?', args: [closedAt, voteId] });
    expect(await closeDueVotes(e2e.server.deps)).toBe(1);

    await goOnline(context, e2e.server);
    await page.getByText(VOTE_MESSAGES.closedRefusal(formatVoteTime(closedAt, ZONE))).waitFor({ timeout: 30_000 });
    await snapFromTop(page, 'vote-refused-phone');
    expect((await storedBallots(e2e.server, voteId)).some((b) => b.addressId === voters[2].addressId)).toBe(false);
    await context.close();
    expectNoPageErrors(errors);

    const results = (await call(t(), 'GET', `/api/votes/${voteId}/results`, { token: voters[0].token })).json;
    expect(results).toMatchObject({ state: 'closed', voted: 14, quorum_reached: true, counts: [{ option: 'Yes', count: 9 }, { option: 'No', count: 5 }] });
    const vote = (await call(t(), 'GET', `/api/votes/${voteId}`, { token: voters[0].token })).json;
    const announced = await e2e.server.db.execute({ sql: 'SELECT title, message FROM announcements WHERE id = ?', args: [vote.announcement_id] });
    expect(announced.rows[0].title).toBe(`Results: ${QUESTION}`);
    expect(String(announced.rows[0].message)).toContain('Yes: 9 votes');
    expect(String(announced.rows[0].message)).toContain(`Turnout: 14 of ${vote.eligible} addresses voted.`);
    expect(String(announced.rows[0].message)).toContain('Quorum of 40%: reached.');

    await goInApp(board.page, `/votes/${voteId}`);
    await board.page.getByText('Quorum reached').waitFor({ timeout: 20_000 });
    await board.page.getByText('9 votes').waitFor();
    // The board's log: who cast, never what (a secret ballot), then the close and the results.
    const log = board.page.getByRole('heading', { name: 'Log' }).locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
    await log.getByText('Results published').waitFor();
    expect(await log.getByText('Ballot cast').count()).toBe(14);
    expect(await log.getByText(/· (Yes|No)$/).count()).toBe(0);
    await snapFromTop(board.page, 'vote-results-desktop');
    await expectNoSeriousAxe(board.page);
    await board.page.getByRole('link', { name: 'Read the results announcement' }).click();
    await board.page.getByRole('heading', { level: 1, name: `Results: ${QUESTION}` }).waitFor();
    expectNoPageErrors(board.errors);
  });

  it('a secret ballot: no REST answer to the board, no sync pull of the board or another resident, no mail carries another voter’s choice', { timeout: 60_000 }, async () => {
    const ballots = await storedBallots(e2e.server, voteId);
    const boardToken = await apiToken(e2e.server, DEMO.maple.board);
    const secrets = (json: unknown) => {
      const text = JSON.stringify(json);
      return ballots.filter((b) => text.includes(b.addressId) || text.includes(b.code));
    };
    for (const path of ['/api/votes', `/api/votes/${voteId}`, `/api/votes/${voteId}/results`, `/api/votes/${voteId}/events`]) {
      expect(secrets((await call(t(), 'GET', path, { token: boardToken })).json), path).toEqual([]);
    }
    const boardPull = new SyncTestClient(t(), boardToken);
    const neighbour = new SyncTestClient(t(), voters[19].token);
    for (const c of [boardPull, neighbour]) {
      await c.pull();
      const theirs = c.values<{ voteId: string; addressId: string }>('voteBallot/').filter((b) => b.voteId === voteId);
      expect(theirs).toEqual([]);
      expect(secrets(c.values('vote/'))).toEqual([]);
    }
    await e2e.server.drainBackground();
    const mails = await e2e.server.db.execute({ sql: 'SELECT to_user_id, template, subject, html, text FROM email_outbox', args: [] });
    for (const m of mails.rows) {
      const others = ballots.filter((b) => b.castBy !== m.to_user_id);
      for (const b of others) expect(`${m.subject}${m.html}${m.text}`).not.toContain(b.code);
      if (m.template === 'vote-receipt') expect(ballots.some((b) => b.castBy === m.to_user_id) || voters.slice(0, 3).some((v) => v.id === m.to_user_id)).toBe(true);
    }
    // The board's own mails hold no receipt at all.
    const boardId = (await e2e.server.db.execute({ sql: 'SELECT id FROM users WHERE email = ?', args: [DEMO.maple.board] })).rows[0].id;
    expect(mails.rows.filter((m) => m.template === 'vote-receipt' && m.to_user_id === boardId)).toEqual([]);
  });

  it('the vote list on a phone', { timeout: 60_000 }, async () => {
    const { context, page } = await voterPage(voters[4]);
    await votesList(page).open();
    await page.getByRole('link', { name: `View ${QUESTION}` }).waitFor({ timeout: 20_000 });
    await snapFromTop(page, 'votes-list-phone');
    await expectNoSeriousAxe(page);
    await context.close();
  });
});
