/**
 * A meeting, a vote and an inspection round opened by their links (a reload, an email) show before
 * the local cache has opened: the screen reads them over REST while the engine's chunk is held back
 * (as a slow phone would still be fetching it). The boot script sends that read beside the screen's
 * code (the route's `firstRead`), and the screen takes its answer: the row is read once. Their actions,
 * which are mutators on the cache, wait until it has opened, then work.
 */
import { describe, expect, it } from 'vitest';
import { BOOT_READS_KEY } from '../../client/lib/session-keys';
import { DEMO, DESKTOP, e2eSuite, expectNoPageErrors, openPage, signInAs, snapFromTop as snap } from '../helpers/browser';
import { holdChunk } from './pages/chunks';

const e2e = e2eSuite();

/** One row of the board's HOA: `sql` selects `id` and `title` with the board member's email as its argument. */
async function boardRow(sql: string) {
  const rs = await e2e.server.db.execute({ sql, args: [DEMO.maple.board] });
  return { id: String(rs.rows[0].id), title: String(rs.rows[0].title) };
}
const OF_BOARD_HOA = (table: string) => `FROM ${table} t JOIN users u ON u.hoa_id = t.hoa_id WHERE u.email = ?`;

describe('a meeting, a vote and a round opened by their links', () => {
  it('show before the local cache has opened; their actions wait for it', { timeout: 90_000 }, async () => {
    const meeting = await boardRow(`SELECT t.id, t.title ${OF_BOARD_HOA('meetings')} AND t.status = 'scheduled' ORDER BY t.date LIMIT 1`);
    const agendaItem = String((await e2e.server.db.execute({ sql: 'SELECT title FROM meeting_items WHERE meeting_id = ? ORDER BY position LIMIT 1', args: [meeting.id] })).rows[0].title);
    const vote = await boardRow(`SELECT t.id, t.question AS title ${OF_BOARD_HOA('votes')} AND t.cancelled_at IS NULL AND t.opened_at IS NULL LIMIT 1`);
    const round = await boardRow(`SELECT t.id, t.title ${OF_BOARD_HOA('inspection_rounds')} AND t.status = 'in_progress' LIMIT 1`);
    // No service worker: the engine's chunk comes from the network, where the test holds it back.
    const { context, page, errors } = await openPage(e2e.browser, e2e.server, DESKTOP, { serviceWorkers: 'block' });
    try {
      await signInAs(page, e2e.server, DEMO.maple.board);
      const reads: string[] = [];
      page.on('request', (r) => void (r.method() === 'GET' && reads.push(new URL(r.url()).pathname)));

      /** Loads `path` with the engine held; `shows` finds the record's content (screenshot `shot`); then the engine opens the cache. */
      const openByLink = async (path: string, shot: string, title: string, shows: () => Promise<void>, action: string) => {
        const engine = await holdChunk(context, 'sync-engine');
        reads.length = 0;
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await shows();
        // One read of the row, the boot script's, which the screen took (none is left waiting).
        expect(reads.filter((p) => p === `/api${path}`)).toHaveLength(1);
        await expect(page.evaluate((key) => Object.keys((window as unknown as Record<string, object | undefined>)[key] ?? { none: 1 }), BOOT_READS_KEY)).resolves.toEqual([]);
        await expect.poll(() => engine.requested).toBe(true);
        await snap(page, shot);
        // Read over REST, shown whole; the action that writes through the cache waits for it.
        await expect(page.getByRole('button', { name: action }).first().isDisabled()).resolves.toBe(true);
        await expect(page.getByText(/^Loading/).count()).resolves.toBe(0);
        engine.release();
        await expect.poll(() => page.getByRole('button', { name: action }).first().isEnabled(), { timeout: 20_000 }).toBe(true);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
      };

      await openByLink(`/meetings/${meeting.id}`, 'meeting-by-link-before-cache', meeting.title, () => page.getByRole('heading', { name: agendaItem }).waitFor(), 'Start Meeting');
      await openByLink(`/votes/${vote.id}`, 'vote-by-link-before-cache', vote.title, () => page.getByText('Who may vote').waitFor(), 'Cancel Vote');
      await openByLink(
        `/inspections/${round.id}`,
        'round-by-link-before-cache',
        round.title,
        async () => {
          await page.getByRole('progressbar').waitFor();
          await page.getByText('Next', { exact: true }).waitFor();
        },
        'No issues',
      );
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  });
});
