/**
 * A large first pull comes in chunks: the server sends at most its row budget of new or changed rows
 * per pull, newest first, and the cookie says `more` until the view is whole; the client pulls again
 * at once. Whatever happens between the chunks, the client ends up holding what one fresh pull gives.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { heldData, SyncTestClient } from './client';

/** Plenty: the demo HOA's view fits in one pull. */
const WHOLE = 1_000_000;

const more = (answer: { cookie?: unknown }) => !!(answer.cookie as { more?: boolean } | null)?.more;

describe('a first pull larger than the row budget', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  /** What one fresh pull (whole budget) gives the session, and how many rows that is. */
  async function freshPull(token: string, columns = false) {
    t.deps.config.pullRowBudget = WHOLE;
    const fresh = new SyncTestClient(t, token);
    fresh.columns = columns;
    await fresh.pull();
    return fresh;
  }

  for (const [who, email] of [
    ['a board member', DEMO.maple.board],
    ['a resident', DEMO.maple.resident],
  ] as const) {
    for (const columns of [false, true]) {
      it(`${who} gets ceil(rows / budget) chunks, each but the last saying more, adding up to one fresh pull (${columns ? 'compact' : 'plain'} patch)`, async () => {
        t = await createTestApp();
        const { token } = await login(t, email);
        const fresh = await freshPull(token, columns);
        const rows = fresh.data.size;
        // A budget that does not divide the rows (a last chunk exactly full is followed by an empty answer).
        const budget = [7, 5, 3].find((b) => rows % b !== 0)!;
        t.deps.config.pullRowBudget = budget;

        const chunked = new SyncTestClient(t, token);
        chunked.columns = columns;
        const answers = await chunked.pullAll();

        expect(answers).toHaveLength(Math.ceil(rows / budget));
        expect(answers.map(more)).toEqual(answers.map((_, i) => i < answers.length - 1));
        // Each chunk puts at most the budget; the first clears what the client held.
        expect(answers[0].patch[0]).toEqual({ op: 'clear' });
        expect(heldData(chunked)).toEqual(heldData(fresh));
        // Whole now: the next pull is the cheap "nothing new".
        expect((await chunked.pull()).patch).toEqual([]);
      });
    }
  }

  it('sends each area newest first, so a list’s first page comes in the first chunk', async () => {
    t = await createTestApp();
    const { token } = await login(t, DEMO.maple.board);
    const fresh = await freshPull(token);
    const announcements = fresh.values<{ id: string; createdAt: number }>('announcement/');
    expect(announcements.length).toBeGreaterThan(4);
    t.deps.config.pullRowBudget = 4;

    const chunked = new SyncTestClient(t, token);
    const first = await chunked.pull();
    expect(more(first)).toBe(true);
    const newest = [...announcements].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1)).slice(0, 4);
    expect(chunked.keys('announcement/')).toEqual(newest.map((a) => `announcement/${a.id}`).sort());
  });

  it('a change made between chunks arrives, a row deleted between them goes', async () => {
    t = await createTestApp();
    const board = await login(t, DEMO.maple.board);
    const ben = new SyncTestClient(t, board.token);
    const fields = { message: '<p>Between chunks</p>', category: 'general', audience_type: 'all', custom_recipients: [] };
    // Two drafts, the newest announcements: the first chunk brings them.
    const [edited, deleted] = [crypto.randomUUID(), crypto.randomUUID()];
    await ben.push([edited, deleted].map((id, i) => ben.mutation('createAnnouncementDraft', { id, title: `Draft ${i}`, ...fields })));
    t.deps.config.pullRowBudget = 5;
    const first = await ben.pull();
    expect(more(first)).toBe(true);
    expect(ben.keys('announcement/')).toEqual(expect.arrayContaining([`announcement/${edited}`, `announcement/${deleted}`]));

    // One is edited, the other deleted; a new one is written.
    const created = crypto.randomUUID();
    await ben.push([
      ben.mutation('updateAnnouncementDraft', { id: edited, title: 'Edited between chunks', ...fields }),
      ben.mutation('createAnnouncementDraft', { id: created, title: 'Written between chunks', ...fields }),
    ]);
    expect((await call(t, 'DELETE', `/api/announcements/${deleted}`, { token: board.token })).status).toBeLessThan(300);
    await ben.pull();
    await ben.pullAll();

    expect(ben.data.get(`announcement/${edited}`)).toMatchObject({ title: 'Edited between chunks' });
    expect(ben.data.get(`announcement/${created}`)).toMatchObject({ title: 'Written between chunks' });
    expect(ben.data.has(`announcement/${deleted}`)).toBe(false);
    expect(heldData(ben)).toEqual(heldData(await freshPull(board.token)));
  });

  it('a client starting over on a view not yet whole gets what the view holds, then the rest', async () => {
    t = await createTestApp();
    const { token } = await login(t, DEMO.maple.board);
    t.deps.config.pullRowBudget = 6;
    const first = new SyncTestClient(t, token);
    await first.pull();
    await first.pull();
    // Another client of the same group, without a cookie: never the reset of a "current" view.
    const again = new SyncTestClient(t, token, first.clientGroupID);
    const answers = await again.pullAll();
    expect(answers[0].patch[0]).toEqual({ op: 'clear' });
    expect(answers.length).toBeGreaterThan(1);
    expect(heldData(again)).toEqual(heldData(await freshPull(token)));
    // The first client, behind, catches up too.
    t.deps.config.pullRowBudget = 6;
    await first.pullAll();
    expect(heldData(first)).toEqual(heldData(again));
  });
});
