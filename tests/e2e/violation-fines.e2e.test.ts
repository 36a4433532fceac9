/**
 * Fines and hearings end to end (Cedar Park): the board advances a case through the courtesy notice
 * and the warning to a fine; the resident sees the letters and the fine on the case, opens the
 * printable fine letter and asks for a hearing; the board dismisses it with a reason, and the case
 * shows it. Offline (Maple Grove's demo): a fined neighbour reads the case and the fine on the
 * statement after a reload with no network, asks for a hearing, and the server has it once when the
 * network returns. Screenshots at 1280 and 375 px (tests/e2e/screenshots/violation-fines-*).
 */
import { describe, expect, it } from 'vitest';
import { apiToken, DEMO, e2eSuite, expectNoPageErrors, goInApp, goOffline, goOnline, openPage, openPageWithServiceWorker, signInAs, snapFromTop as snap, waitForServiceWorker } from '../helpers/browser';
import { statementPage } from './pages/ledger';
import { violationFines } from './pages/violation-fines';
import { inDays } from './pages/violations';

const e2e = e2eSuite();

async function api(path: string, token: string, method = 'GET', body?: unknown) {
  const res = await fetch(`${e2e.server.url}${path}`, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, json: await res.json() };
}

describe('violation fines', () => {
  it('the board advances a Cedar Park case to a fine; the resident sees the letter and the fine and asks a hearing; the board dismisses it with a reason', { timeout: 240_000 }, async () => {
    const title = 'Trailer parked on the lawn';
    const boardToken = await apiToken(e2e.server, DEMO.cedar.board);
    const residentToken = await apiToken(e2e.server, DEMO.cedar.resident);
    const me = await api('/api/auth/profile', residentToken);
    const residentId = me.json._id ?? me.json.user?._id;
    const issued = await api('/api/violations', boardToken, 'POST', {
      user_id: residentId,
      // Cedar Park's demo has its own Parking schedule; this story follows the defaults.
      category: 'Lawn Maintenance',
      title,
      message: '<p>Please move the trailer off the lawn.</p>',
      due_date: inDays(7),
      photo_url: null,
    });
    expect(issued.status, JSON.stringify(issued.json)).toBe(201);
    const id = issued.json._id as string;

    const board = await openPage(e2e.browser, e2e.server);
    try {
      await signInAs(board.page, e2e.server, DEMO.cedar.board);
      const fines = violationFines(board.page);
      await fines.open(id, title);
      await fines.advance('Courtesy notice', 'Send Letter');
      await fines.advance('Warning', 'Send Letter');
      await board.page.getByRole('button', { name: 'Advance to Fined' }).click();
      await board.page.getByRole('dialog').getByText('Post a fine of $50.00').waitFor();
      await snap(board.page, 'violation-fines-confirm');
      await board.page.getByRole('dialog').getByRole('button', { name: 'Post Fine and Send' }).click();
      await fines.timeline.getByText('Fine $50.00', { exact: false }).waitFor({ timeout: 20_000 });
      await snap(board.page, 'violation-fines-board');
      // The schedule it followed: the defaults, shown on the board's settings screen.
      await board.page.getByRole('link', { name: 'Fine Schedule' }).click();
      await board.page.getByRole('heading', { level: 1, name: 'Fine Schedule' }).waitFor();
      await board.page.getByRole('form', { name: 'Lawn Maintenance fine schedule' }).waitFor();
      await snap(board.page, 'violation-fines-schedule');
      expectNoPageErrors(board.errors);
    } finally {
      await board.context.close();
    }

    const resident = await openPage(e2e.browser, e2e.server);
    try {
      await signInAs(resident.page, e2e.server, DEMO.cedar.resident);
      const fines = violationFines(resident.page);
      await fines.open(id, title);
      await fines.timeline.getByText('Fined letter').waitFor({ timeout: 20_000 });
      expect(await fines.timeline.getByText('Courtesy notice letter').count()).toBe(1);
      await fines.timeline.getByRole('link', { name: 'View letter' }).last().click();
      await resident.page.getByRole('heading', { level: 1, name: 'Fined letter' }).waitFor();
      const letter = resident.page.getByRole('article', { name: 'Fined letter' });
      await expect.poll(() => letter.textContent()).toContain('$50.00 posted to your account');
      expect(await letter.textContent()).toContain('Cedar Park');
      expect(await letter.textContent()).toContain('right to a hearing');
      await snap(resident.page, 'violation-fines-letter');
      await resident.page.goBack();
      await resident.page.getByRole('heading', { level: 1, name: title }).waitFor();
      await fines.requestHearing('The trailer was moved the same afternoon.');
      await fines.timeline.getByText('Hearing requested').waitFor();
      await snap(resident.page, 'violation-fines-resident');
      expectNoPageErrors(resident.errors);
    } finally {
      await resident.context.close();
    }

    const again = await openPage(e2e.browser, e2e.server);
    try {
      await signInAs(again.page, e2e.server, DEMO.cedar.board);
      const fines = violationFines(again.page);
      await fines.open(id, title);
      await again.page.getByText('The trailer was moved the same afternoon.').waitFor({ timeout: 20_000 });
      await fines.decide('Dismissed', 'Photos show the lawn clear that evening.');
      await fines.timeline.getByText('Hearing decided: Dismissed').waitFor({ timeout: 20_000 });
      await snap(again.page, 'violation-fines-dismissed');
      expectNoPageErrors(again.errors);
    } finally {
      await again.context.close();
    }
    const after = await api(`/api/violations/${id}`, residentToken);
    expect(after.json).toMatchObject({ status: 'dismissed', fined_cents: 0, hearing: { decision: 'dismissed', reason: 'Photos show the lawn clear that evening.' } });
  });

  it('a fined resident reads the case and the fine on the statement offline, asks for a hearing offline, and the server has it once when the network returns', { timeout: 180_000 }, async () => {
    const title = 'Front lawn gone to seed';
    const note = 'The mower was in the shop; the lawn was cut on Saturday.';
    const id = String((await e2e.server.db.execute({ sql: 'SELECT id FROM violations WHERE title = ?', args: [title] })).rows[0].id);
    const hearings = async () => Number((await e2e.server.db.execute({ sql: 'SELECT count(*) AS n FROM violation_hearings WHERE violation_id = ?', args: [id] })).rows[0].n);

    // The board's settings: Maple Grove's own Lawn Maintenance schedule beside the defaults.
    const board = await openPageWithServiceWorker(e2e.browser, e2e.server);
    try {
      await signInAs(board.page, e2e.server, DEMO.maple.board);
      await goInApp(board.page, '/violations/fine-schedule');
      const lawn = board.page.getByRole('form', { name: 'Lawn Maintenance fine schedule' });
      await expect.poll(() => lawn.getByLabel(/^Fine/).inputValue(), { timeout: 20_000 }).toMatch(/^75(\.00)?$/);
      await board.page.getByRole('form', { name: 'Parking fine schedule' }).waitFor();
      await snap(board.page, 'violation-fines-schedule-demo');
      expectNoPageErrors(board.errors);
    } finally {
      await board.context.close();
    }

    const { context, page, errors } = await openPageWithServiceWorker(e2e.browser, e2e.server);
    const fines = violationFines(page);
    const statement = statementPage(page);
    const fineRows = statement.lineRows.filter({ hasText: `Fine: ${title}` });
    const caseStages = async () => {
      for (const stage of ['Reported', 'Courtesy notice letter', 'Warning letter']) await fines.timeline.getByText(stage, { exact: true }).waitFor({ timeout: 20_000 });
      await expect.poll(() => fines.timeline.getByText('Fine $75.00', { exact: false }).count()).toBe(2);
    };
    try {
      await signInAs(page, e2e.server, 'hannah.wright@maplegrove.test');
      await fines.open(id, title);
      await caseStages();
      await snap(page, 'violation-fines-demo-case');
      await statement.open('/account');
      await expect.poll(() => fineRows.count(), { timeout: 20_000 }).toBe(2);
      await waitForServiceWorker(page);

      await goOffline(context, e2e.server);
      await page.reload();
      await statement.balance.waitFor({ timeout: 20_000 });
      await expect.poll(() => fineRows.count(), { timeout: 20_000 }).toBe(2);
      await goInApp(page, `/compliance/${id}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 20_000 });
      await page.reload();
      await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 20_000 });
      await caseStages();

      // Asking for a hearing is a mutator: it works offline and shows at once, not yet on the server.
      await fines.requestHearing(note);
      await fines.timeline.getByText('Hearing requested').waitFor();
      await page.getByText('Not scheduled yet').waitFor();
      await page.getByText(note).waitFor();
      await expect(page.getByRole('button', { name: 'Request a Hearing' }).count()).resolves.toBe(0);
      expect(await hearings()).toBe(0);
      await snap(page, 'violation-fines-hearing-offline');

      await goOnline(context, e2e.server);
      await expect.poll(hearings, { timeout: 20_000 }).toBe(1);
      // Another reload and sync round change nothing on the server.
      await page.reload();
      await page.getByText('Not scheduled yet').waitFor({ timeout: 20_000 });
      await page.waitForTimeout(1_000);
      expect(await hearings()).toBe(1);
      const [row] = (await e2e.server.db.execute({ sql: 'SELECT note FROM violation_hearings WHERE violation_id = ?', args: [id] })).rows;
      expect(row.note).toBe(note);
      expectNoPageErrors(errors);
    } finally {
      e2e.server.setNetwork(true);
      await context.close();
    }
  });
});
