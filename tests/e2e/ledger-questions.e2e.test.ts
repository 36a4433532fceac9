/**
 * Ledger questions offline, end to end. Rita opens her statement online (screenshots at 1280 and
 * 375 px: one quiet "Ask About This Line" per line that takes a question), loses the network, reloads
 * (the service worker serves the app, the cache the lines), disputes a charge with a message and sees
 * it waiting on its thread. Back online the server has it once, and the board's Questions screen shows
 * it exactly once.
 */
import { describe, expect, it } from 'vitest';
import { changesOnDevice, DEMO, e2eSuite, expectNoPageErrors, expectNoSeriousAxe, goInApp, goOffline, goOnline, openPageWithServiceWorker, signInAs, snapFromTop, waitForServiceWorker } from '../helpers/browser';
import { LEDGER_QUESTION_MESSAGES } from '../../schema/ledger-questions';
import { lineName, serverStatement, statementPage } from './pages/ledger';

const e2e = e2eSuite();
const MESSAGE = 'I paid this by check at the annual meeting.';

const questionsOn = async (lineId: string) =>
  Number((await e2e.server.db.execute({ sql: 'SELECT count(*) AS n FROM ledger_questions WHERE line_id = ?', args: [lineId] })).rows[0].n);
/** The disputes already about a line described so (the board's list names a question by its line's description). */
const disputesAbout = async (description: string) =>
  Number(
    (await e2e.server.db.execute({ sql: "SELECT count(*) AS n FROM ledger_questions q JOIN ledger_lines l ON l.id = q.line_id WHERE q.kind = 'dispute' AND l.description = ?", args: [description] }))
      .rows[0].n,
  );

describe('questions about a statement line', () => {
  it('a resident disputes a charge offline; back online the board sees it once', { timeout: 180_000 }, async () => {
    const server = await serverStatement(e2e.server, DEMO.maple.resident);
    // The newest charge nobody asked about (a second try finds its first try's question on the newest):
    // descriptions repeat month after month, so the control names the day too.
    const charges = server.lines.filter((l) => l.kind === 'charge');
    const asked = await Promise.all(charges.map((l) => questionsOn(l._id)));
    const charge = charges.filter((_, i) => asked[i] === 0).at(-1)!;
    expect(charge).toBeTruthy();
    const disputedBefore = await disputesAbout(charge.description);
    const { context, page, errors } = await openPageWithServiceWorker(e2e.browser, e2e.server);
    try {
      await signInAs(page, e2e.server, DEMO.maple.resident);
      const statement = statementPage(page);
      await statement.open('/account');
      await expect.poll(() => statement.lineRows.count(), { timeout: 20_000 }).toBe(server.lines.length);
      await statement.askAbout(charge).waitFor();
      // Payments take no question: fewer controls than lines, one per line at most.
      const asks = await page.getByRole('button', { name: /^Ask About This Line: / }).count();
      expect(asks).toBeGreaterThan(0);
      expect(asks).toBeLessThan(server.lines.length);
      await expect.poll(() => page.getByRole('button', { name: /^Dispute/ }).count()).toBe(0);
      await snapFromTop(page, 'ledger-statement-maple');
      await expectNoSeriousAxe(page);

      // Offline: no network, no API; the reload comes from the service worker and the cache.
      await waitForServiceWorker(page);
      await goOffline(context, e2e.server);
      await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
      await changesOnDevice(page);
      await page.reload();
      await expect.poll(() => statement.lineRows.count(), { timeout: 20_000 }).toBe(server.lines.length);
      await statement.ask(charge, MESSAGE, 'Dispute This Line');

      // Its thread, from the cache: the question and its message wait for the network.
      await page.getByText(LEDGER_QUESTION_MESSAGES.askedOffline).waitFor({ timeout: 20_000 });
      await page.getByText(MESSAGE).waitFor();
      await page.getByText('Queued: sends when you reconnect').waitFor();
      await page.getByText('1 change waiting to sync').waitFor();
      await snapFromTop(page, 'ledger-question-asked-offline');
      expect(await questionsOn(charge._id)).toBe(0);

      await page.unroute('**/api/**');
      await goOnline(context, e2e.server);
      await expect.poll(() => questionsOn(charge._id), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => page.getByText(LEDGER_QUESTION_MESSAGES.askedOffline).count(), { timeout: 20_000 }).toBe(0);
      // The statement links to the open question instead of asking again.
      await goInApp(page, '/account');
      await page.getByRole('link', { name: `View Question: ${lineName(charge)}` }).waitFor({ timeout: 20_000 });
      expectNoPageErrors(errors);
    } finally {
      await goOnline(context, e2e.server);
      await context.close();
    }

    const board = await openPageWithServiceWorker(e2e.browser, e2e.server);
    try {
      await signInAs(board.page, e2e.server, DEMO.maple.board);
      await goInApp(board.page, '/questions');
      const views = board.page.getByRole('link', { name: `View Dispute about ${charge.description}` }).filter({ visible: true });
      await views.first().waitFor({ timeout: 20_000 });
      await expect.poll(() => views.count()).toBe(disputedBefore + 1);
      await views.first().click();
      await board.page.getByText(MESSAGE).waitFor();
      expect(await questionsOn(charge._id)).toBe(1);
      expectNoPageErrors(board.errors);
    } finally {
      await board.context.close();
    }
  });
});
