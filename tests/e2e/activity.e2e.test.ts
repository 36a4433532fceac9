/**
 * The activity trail in Chromium: the board promotes a resident and issues a violation, then finds
 * both on /activity (reached from the Users screen) with the filters (kind, search, actor, days) and
 * exports the filtered rows as CSV; the promoted member reads the role change under their own
 * account on the profile; offline, the screen says the trail is the server's and reads it again once
 * back online; on a phone the page's first ten entries paint before the rest, a wide table paints
 * them all at once. Screenshots at 1280 and 375 px and axe scans of both screens.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_MESSAGES } from '../../schema/activity';
import { DEMO, DESKTOP, e2eSuite, expectNoSeriousAxe, goInApp, goOffline, goOnline, pagePerTest, PHONE, signInAs, snapFromTop, waitForPath, waitForServiceWorker } from '../helpers/browser';
import { demoDay } from '../helpers/http';
import { activityScreen, myActivity } from './pages/activity';
import { choose, waitForOption } from './pages/controls';
import { peoplePages } from './pages/people';
import { violationForm } from './pages/violations';

const e2e = e2eSuite();
let page: Page;
const pages = pagePerTest(e2e, (p) => (page = p));

const PROMOTED = "Changed Ray Resident's role from Resident to Board Member";
const VIOLATION = 'Trailer parked on the lawn';
const ISSUED = `Issued the violation "${VIOLATION}" to Rita Resident`;

describe('/activity', () => {
  it('the board changes a role and issues a violation, then finds both with the filters and exports them', { timeout: 90_000 }, async () => {
    await signInAs(page, e2e.server, DEMO.maple.board);
    const people = peoplePages(page);
    await people.openUsers();
    await people.loadAllUsers();
    const edit = await people.edit('Ray Resident');
    await choose(edit.getByLabel('Role'), 'Board Member');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await people.dialog('Confirm Role Change').getByRole('button', { name: 'Confirm Change' }).click();
    await page.getByText('User Ray Resident updated successfully').waitFor();

    await goInApp(page, '/violations/create');
    const form = violationForm(page);
    await waitForOption(form.resident, `Rita Resident (${DEMO.maple.resident})`);
    await form.fill({ resident: `Rita Resident (${DEMO.maple.resident})`, title: VIOLATION, message: 'Please move the trailer to the driveway.', dueDate: demoDay(7) });
    await form.submit.click();
    await waitForPath(page, '/violations');
    // The push has reached the server: the trail is the server's record.
    await expect.poll(async () => (await e2e.server.db.execute({ sql: 'SELECT count(*) AS n FROM activity WHERE summary = ?', args: [ISSUED] })).rows[0].n, { timeout: 20_000 }).toBe(1);

    await people.openUsers();
    const trail = activityScreen(page);
    await trail.openFromUsers();
    await trail.row(ISSUED).waitFor();
    await trail.row(PROMOTED).waitFor();
    await snapFromTop(page, 'activity-list');
    await expectNoSeriousAxe(page);

    // Kind: people keeps the role change, not the violation; the row shows the change and the device.
    await trail.choose('Kind', 'People');
    await expect.poll(() => trail.row(ISSUED).count()).toBe(0);
    await expect.poll(() => trail.row(PROMOTED).textContent()).toMatch(/role:\s*resident\s*→\s*board/);
    await expect(trail.row(PROMOTED).textContent()).resolves.toContain('Chrome on Linux');

    // Violations and a search: the new case alone.
    await trail.choose('Kind', 'Violations');
    await trail.search('trailer');
    await trail.row(ISSUED).waitFor();
    await expect.poll(() => trail.rowCount()).toBe(1);
    const violationsCsv = await trail.exportCsv();
    const lines = violationsCsv.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Issued the violation ""Trailer parked on the lawn"" to Rita Resident"');

    // Everything Ben did today: both, and the export holds both.
    await trail.clear();
    await trail.choose('Actor', 'Ben Board');
    await trail.days(demoDay(0), demoDay(0));
    await trail.row(PROMOTED).waitFor();
    await trail.row(ISSUED).waitFor();
    await snapFromTop(page, 'activity-filtered');
    const today = await trail.exportCsv();
    expect(today).toContain(PROMOTED.replace(/"/g, '""'));
    expect(today).toContain('Trailer parked on the lawn');
    expect(today.trim().split('\r\n').slice(1).every((l) => l.includes(',Ben Board,'))).toBe(true);
  });

  it("on a phone, the trail paints its first ten entries first, then the whole page of 25; a wide screen's table paints the 25 at once", async () => {
    // Each change of the list's row count, as the page's DOM records it (one React commit is one change):
    // a phone's cards, a wide screen's table rows.
    await page.addInitScript(() => {
      const counts: number[] = [];
      (window as unknown as { rowCounts: number[] }).rowCounts = counts;
      new MutationObserver(() => {
        const n = document.querySelectorAll('main ul[aria-label="Activity Trail"] > li, main tbody > tr').length;
        if (n !== (counts.at(-1) ?? 0)) counts.push(n);
      }).observe(document, { childList: true, subtree: true });
    });
    const rowCounts = () => page.evaluate(() => (window as unknown as { rowCounts: number[] }).rowCounts);
    await signInAs(page, e2e.server, DEMO.maple.board);
    await page.setViewportSize(PHONE);
    await page.goto('/activity');
    await expect.poll(rowCounts, { timeout: 15_000 }).toEqual([10, 25]);
    await page.setViewportSize(DESKTOP);
    await page.reload();
    const trail = activityScreen(page);
    await expect.poll(() => trail.rowCount(), { timeout: 15_000 }).toBe(25);
    await expect(rowCounts()).resolves.toEqual([25]);
  });

  it("the promoted member reads the change under their own account's activity", async () => {
    await signInAs(page, e2e.server, DEMO.maple.resident2);
    const mine = myActivity(page);
    await mine.open();
    await mine.list.getByRole('listitem').filter({ hasText: PROMOTED }).waitFor();
    await expect.poll(() => mine.list.getByRole('listitem').filter({ hasText: PROMOTED }).textContent()).toContain('Ben Board');
    await snapFromTop(page, 'activity-mine');
    await expectNoSeriousAxe(page);
  });

  it('offline, the trail says it is kept on the server; back online, Try again reads it', { timeout: 60_000 }, async () => {
    await pages.withServiceWorker();
    await signInAs(page, e2e.server, DEMO.maple.board);
    await goInApp(page, '/activity');
    const screen = activityScreen(page);
    await expect.poll(() => screen.rowCount(), { timeout: 15_000 }).toBeGreaterThan(0);
    await waitForServiceWorker(page);
    await goOffline(page.context(), e2e.server);
    try {
      await page.reload();
      await page.getByRole('alert').filter({ hasText: ACTIVITY_MESSAGES.offline }).waitFor();
      // Unread, not empty: the list does not claim that nothing matches.
      await page.getByText(ACTIVITY_MESSAGES.unread).waitFor();
      expect(await page.getByText(ACTIVITY_MESSAGES.empty).count()).toBe(0);
      await snapFromTop(page, 'activity-offline');
      await expectNoSeriousAxe(page);
    } finally {
      await goOnline(page.context(), e2e.server);
    }
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => screen.rowCount(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});

