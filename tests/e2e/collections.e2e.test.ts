/**
 * The board's collections view end to end: Maple Grove's board opens Dues → Collections, reads the
 * figures (the same the server answers at GET /api/ledger/collections), follows nothing yet, downloads
 * the invoices export, then goes offline, reloads, and reads the same figures and the same export.
 * Screenshots at 1280 and 375 px (tests/e2e/screenshots/collections*).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatUsd } from '../../schema/money';
import { apiToken, DEMO, e2eSuite, expectNoSeriousAxe, goInApp, goOffline, openPageWithServiceWorker, signInAs, snapFromTop as snap, waitForServiceWorker } from '../helpers/browser';
import { collectionsTab } from './pages/collections';

const e2e = e2eSuite();

interface Figures {
  collected_cents: number;
  outstanding_cents: number;
  credits_cents: number;
  aging: { label: string; amount_cents: number }[];
  delinquent: { resident: { _id: string; name: string }; balance_cents: number }[];
}

async function downloadText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
}

/**
 * The screen's figures are the server's. The demo's autopay may charge an invoice while the story
 * runs (its job runs at start), so the server is asked again until the screen has caught up with it.
 */
async function expectFigures(page: Page, read: () => Promise<Figures>): Promise<Figures> {
  const tab = collectionsTab(page);
  let want = await read();
  await expect
    .poll(
      async () => {
        want = await read();
        return (await tab.figure('Collected this month').textContent()) === formatUsd(want.collected_cents);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  expect(await tab.figure('Outstanding').textContent()).toBe(formatUsd(want.outstanding_cents));
  expect(await tab.figure('Credits').textContent()).toBe(formatUsd(want.credits_cents));
  for (const a of want.aging) expect(await tab.agingRow(a.label).textContent()).toContain(formatUsd(a.amount_cents));
  return want;
}

describe('collections', () => {
  it('the board reads the collections figures, downloads the invoices export, and reads both offline after a reload', { timeout: 120_000 }, async () => {
    const token = await apiToken(e2e.server, DEMO.maple.board);
    const read = async () => {
      const res = await fetch(`${e2e.server.url}/api/ledger/collections`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      return (await res.json()) as Figures;
    };
    let want = await read();
    // The demo HOA has something owed, or the story would read nothing.
    expect(want.outstanding_cents).toBeGreaterThan(0);

    const { context, page, errors } = await openPageWithServiceWorker(e2e.browser, e2e.server);
    try {
      await signInAs(page, e2e.server, DEMO.maple.board);
      await goInApp(page, '/dues');
      await page.getByRole('heading', { level: 1, name: 'Dues' }).waitFor();
      const tab = collectionsTab(page);
      await tab.open();
      want = await expectFigures(page, read);
      for (const d of want.delinquent) {
        const link = tab.delinquent.getByRole('link', { name: d.resident.name });
        expect(await link.getAttribute('href')).toBe(`/account/${d.resident._id}`);
      }
      await expectNoSeriousAxe(page);
      await snap(page, 'collections');

      const online = await downloadText(page, () => tab.exportButton('invoices').click());
      expect(online.name).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
      const rows = online.text.trimEnd().split('\r\n');
      expect(rows[0]).toBe('Invoice ID,Issued,Due date,Resident,Email,Description,Status,Amount,Late fee,Total,Days past due,Paid date,Payment method');
      // The board's own export says what the accountant's script gets from the server.
      const server = await fetch(`${e2e.server.url}/api/ledger/export/invoices.csv`, { headers: { Authorization: `Bearer ${token}` } });
      expect(await server.text()).toBe(online.text);

      await waitForServiceWorker(page);
      await goOffline(context, e2e.server);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Dues' }).waitFor({ timeout: 20_000 });
      await tab.open();
      // Offline: the figures the cache held when the connection went.
      await expectFigures(page, async () => want);
      const offline = await downloadText(page, () => tab.exportButton('invoices').click());
      expect(offline.text).toBe(online.text);
      await snap(page, 'collections-offline');
      expect(errors.filter((e) => !/Failed to load resource|net::ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    } finally {
      e2e.server.setNetwork(true);
      await context.close();
    }
  });
});
