/**
 * Inspection rounds end to end, on a phone (375 px): a board member opens Inspection Rounds from
 * Compliance, starts a round, marks two addresses "No issues", records a violation through the
 * prefilled form and comes back to the round, goes offline and marks another, reloads offline, comes
 * back online and the server has that mark once. Then Finish Round says how many are left. axe and
 * screenshots at 1280 and 375 px (tests/e2e/screenshots/inspections-*). And a round started offline
 * from the first step: the board member's device holds the address directory, so the round has all
 * its addresses at once, in walking order.
 */
import { describe, expect, it } from 'vitest';
import { addressLabel, directoryCompare } from '../../schema/addresses';
import { finishLeftQuestion } from '../../schema/inspections';
import { changesOnDevice, DEMO, e2eSuite, expectNoPageErrors, expectNoSeriousAxe, goInApp, goOffline, goOnline, openPageWithServiceWorker, PHONE, signInAs, snapFromTop as snap, waitForPath, waitForServiceWorker } from '../helpers/browser';
import { roundScreen, roundsList, startRoundForm, storedDirectory, storedStopCount, storedStops } from './pages/inspections';
import { inDays, violationForm } from './pages/violations';

const e2e = e2eSuite();

describe('inspection rounds', () => {
  it('a board member walks a round on a phone, records a violation on the way, marks one offline, and finishes it', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await openPageWithServiceWorker(e2e.browser, e2e.server, PHONE);
    try {
      await signInAs(page, e2e.server, DEMO.maple.board);
      await goInApp(page, '/compliance');
      await page.getByRole('link', { name: 'Inspection Rounds' }).click();
      const list = roundsList(page);
      await list.heading.waitFor();
      // The demo rounds: last month's finished one and today's.
      await list.viewLink('Monthly walk-through').waitFor();
      await expectNoSeriousAxe(page);
      await snap(page, 'inspections-list');

      await list.start.click();
      const form = startRoundForm(page);
      await form.submit.click();
      await page.getByText('Title is required').waitFor();
      await form.title.fill('Thursday evening walk');
      await form.submit.click();
      await page.getByRole('heading', { level: 1, name: 'Thursday evening walk' }).waitFor();
      const roundId = new URL(page.url()).pathname.split('/').pop()!;
      const round = roundScreen(page);
      // The stops, built from the cached directory: every address of the HOA, none done yet.
      await expect.poll(() => round.stops.count(), { timeout: 15_000 }).toBeGreaterThan(5);
      const total = await round.stops.count();
      await expect.poll(() => round.progress.textContent()).toBe(`0 of ${total} addresses done`);

      await round.noIssues.click();
      await expect.poll(() => round.doneCount()).toBe(1);
      await round.noIssues.click();
      await expect.poll(() => round.doneCount()).toBe(2);

      // Record violation: the form opens with the address's resident chosen; Create Violation comes back here.
      const stop = round.occupiedOpenStop;
      const resident = (await stop.locator('p.text-sm').first().textContent())!.split(', ')[0];
      await stop.getByRole('link', { name: 'Record violation' }).click();
      await waitForPath(page, '/compliance/create');
      const violation = violationForm(page);
      await expect.poll(() => violation.resident.textContent()).toContain(resident);
      await violation.title.fill('Overgrown hedge on the sidewalk');
      await violation.message.click();
      await page.keyboard.type('The hedge blocks half of the sidewalk.');
      await violation.dueDate.fill(inDays(14));
      await violation.submit.click();
      await waitForPath(page, `/inspections/${roundId}`);
      await expect.poll(() => round.doneCount()).toBe(3);
      await page.getByRole('link', { name: 'Overgrown hedge on the sidewalk' }).waitFor();
      await expect.poll(async () => (await storedStops(e2e.server, roundId)).filter((s) => s.outcome === 'violation').length, { timeout: 20_000 }).toBe(1);
      await expectNoSeriousAxe(page);
      await snap(page, 'inspections-round');

      // Offline: a fourth mark, kept across a reload, sent once when back online.
      await waitForServiceWorker(page);
      await goOffline(context, e2e.server);
      await page.getByText('Offline — changes will sync when you reconnect').waitFor();
      await round.noIssues.click();
      await expect.poll(() => round.doneCount()).toBe(4);
      await changesOnDevice(page);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Thursday evening walk' }).waitFor({ timeout: 20_000 });
      await expect.poll(() => round.doneCount(), { timeout: 20_000 }).toBe(4);
      expect(await storedStops(e2e.server, roundId)).toHaveLength(3);
      await goOnline(context, e2e.server);
      await expect.poll(async () => (await storedStops(e2e.server, roundId)).length, { timeout: 20_000 }).toBe(4);
      // Each stop marked once: inserted at version 1, marked once to 2.
      expect((await storedStops(e2e.server, roundId)).map((s) => s.version)).toEqual([2, 2, 2, 2]);

      await round.finish.click();
      await round.dialog.getByText(finishLeftQuestion(total - 4)).waitFor();
      await expectNoSeriousAxe(page);
      await round.dialog.getByRole('button', { name: 'Finish Round' }).click();
      await page.getByText('Finished', { exact: true }).first().waitFor();
      await expect.poll(async () => (await storedStops(e2e.server, roundId)).filter((s) => s.outcome === 'not_inspected').length, { timeout: 20_000 }).toBe(total - 4);
      await snap(page, 'inspections-round-finished');
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  });

  it('a board member who opened the app once starts a round offline and walks it: every address at once, in walking order', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await openPageWithServiceWorker(e2e.browser, e2e.server, PHONE);
    try {
      await signInAs(page, e2e.server, DEMO.maple.board);
      await goInApp(page, '/inspections');
      const list = roundsList(page);
      await list.viewLink('Monthly walk-through').waitFor();
      await waitForServiceWorker(page);

      await goOffline(context, e2e.server);
      await page.reload();
      await list.heading.waitFor({ timeout: 20_000 });
      await list.start.click();
      const form = startRoundForm(page);
      await form.title.fill('Offline morning walk');
      await form.submit.click();
      await page.getByRole('heading', { level: 1, name: 'Offline morning walk' }).waitFor();
      const roundId = new URL(page.url()).pathname.split('/').pop()!;
      const round = roundScreen(page);

      const walkingOrder = (await storedDirectory(e2e.server, DEMO.maple.board)).sort(directoryCompare).map((a) => addressLabel({ street: a.street, unit_number: a.unitNumber }));
      expect(walkingOrder.length).toBeGreaterThan(5);
      await expect.poll(() => round.addressLines()).toEqual(walkingOrder);
      await expect.poll(() => round.progress.textContent()).toBe(`0 of ${walkingOrder.length} addresses done`);
      await page.getByText('The addresses of this round arrive when you are back online.').waitFor({ state: 'detached' });
      await round.noIssues.click();
      await expect.poll(() => round.doneCount()).toBe(1);
      expect(await storedStopCount(e2e.server, roundId)).toBe(0);

      // Back online: the server has the round with its stops once, and the mark.
      await goOnline(context, e2e.server);
      await expect.poll(async () => (await storedStops(e2e.server, roundId)).length, { timeout: 20_000 }).toBe(1);
      expect(await storedStopCount(e2e.server, roundId)).toBe(walkingOrder.length);
      expect((await storedStops(e2e.server, roundId)).map((s) => ({ outcome: s.outcome, version: s.version }))).toEqual([{ outcome: 'no_issues', version: 2 }]);
      await expect.poll(() => round.addressLines()).toEqual([...walkingOrder.slice(1), walkingOrder[0]]);
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  });
});
