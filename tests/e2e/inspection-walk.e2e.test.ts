/**
 * The inspection walk at 375 px, offline from the round's start to its end, in a browser
 * whose profile lives on disk (so it can be closed and opened again, as a phone's browser is). A
 * board member starts a round, marks 12 addresses "No issues" and records 8 violations with 1–3 real
 * photos each, reloading twice and closing and reopening the browser once on the way; then the
 * connection returns. Every photo is stored once with the bytes the device kept, every violation once
 * with its photos, every resident notice once; a second board member's browser sees the round done.
 * Prints the drain time (connection back → everything stored) and the bytes uploaded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH, E2E_CHROMIUM_ARGS } from '../helpers/chromium';
import { apiToken, changesOnDevice, DEMO, e2eSuite, expectNoPageErrors, goInApp, goOffline, goOnline, openPageWithServiceWorker, PHONE, signInAs, snapFromTop, waitForServiceWorker } from '../helpers/browser';
import { roundScreen, roundsList, startRoundForm } from './pages/inspections';
import { keptPhotos, pngBytes, sha256, type KeptPhoto } from './pages/photos';
import { inDays, violationForm } from './pages/violations';

const e2e = e2eSuite();
const profile = mkdtempSync(join(tmpdir(), 'hoa-walk-profile-'));
afterAll(() => rmSync(profile, { recursive: true, force: true }));

const ROUND = 'November walk';
const VIOLATIONS = 8;
const NO_ISSUES = 12;
const photosOf = (n: number) => (n % 3) + 1;

/** The phone's browser, its profile on disk: IndexedDB, the service worker and the session survive a restart. */
async function openPhone(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: E2E_CHROMIUM_ARGS, headless: true, viewport: PHONE, baseURL: e2e.server.url, reducedMotion: 'reduce' });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

describe('the inspection walk', () => {
  it('offline from the first address to the last, photos included; everything arrives once', { timeout: 400_000 }, async () => {
    const { server } = e2e;
    let phone = await openPhone();
    const errors: string[] = [];
    await signInAs(phone.page, server, DEMO.maple.board);
    await goInApp(phone.page, '/inspections');
    await roundsList(phone.page).heading.waitFor({ timeout: 20_000 });
    await waitForServiceWorker(phone.page);

    // No signal from the start of the round to its end: its addresses come from the device's directory.
    await goOffline(phone.context, server);
    await roundsList(phone.page).start.click();
    await startRoundForm(phone.page).title.fill(ROUND);
    await startRoundForm(phone.page).submit.click();
    let round = roundScreen(phone.page);
    await round.progress.waitFor({ timeout: 20_000 });
    const roundPath = new URL(phone.page.url()).pathname;
    await expect.poll(() => round.stops.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(VIOLATIONS + NO_ISSUES);
    await snapFromTop(phone.page, 'walk-round-started-offline');

    const sent: string[] = [];
    for (let n = 1; n <= VIOLATIONS; n++) {
      await round.occupiedOpenStop.getByRole('link', { name: 'Record violation' }).click();
      const form = violationForm(phone.page);
      await form.title.waitFor();
      const title = `Walk finding ${n}`;
      await form.title.fill(title);
      await form.message.click();
      await phone.page.keyboard.type(`Seen on the November walk (${n}).`);
      await form.dueDate.fill(inDays(14));
      // Real images of different sizes, so each photo's bytes are its own.
      await form.file.setInputFiles(Array.from({ length: photosOf(n) }, (_, k) => ({ name: `walk-${n}-${k + 1}.png`, mimeType: 'image/png', buffer: pngBytes(640 + n * 10 + k, 480 + k) })));
      await expect.poll(() => form.photos.count(), { timeout: 20_000 }).toBe(photosOf(n));
      if (n === 1) await snapFromTop(phone.page, 'walk-violation-form');
      await form.submit.click();
      await phone.page.waitForURL((u) => u.pathname === roundPath);
      await expect.poll(() => round.doneCount()).toBe(n);
      sent.push(title);
      // What a reload or a closed browser finds: the changes on the device.
      if (n === 3 || n === 4 || n === 6) await changesOnDevice(phone.page);

      if (n === 3 || n === 6) {
        await phone.page.reload();
        await round.progress.waitFor({ timeout: 20_000 });
      }
      if (n === 4) {
        // The browser closed and opened again, still with no signal.
        errors.push(...phone.errors);
        await phone.context.close();
        phone = await openPhone();
        round = roundScreen(phone.page);
        await goOffline(phone.context, server);
        await phone.page.goto(roundPath);
        await round.progress.waitFor({ timeout: 20_000 });
      }
    }
    for (let n = 1; n <= NO_ISSUES; n++) {
      const before = await roundScreen(phone.page).doneCount();
      await roundScreen(phone.page).noIssues.click();
      await expect.poll(() => roundScreen(phone.page).doneCount()).toBe(before + 1);
    }
    expect(await roundScreen(phone.page).doneCount()).toBe(VIOLATIONS + NO_ISSUES);
    await roundScreen(phone.page).finish.click();
    await roundScreen(phone.page).dialog.getByRole('button', { name: 'Finish Round' }).click();
    await roundScreen(phone.page).dialog.waitFor({ state: 'detached' });
    const kept: KeptPhoto[] = await keptPhotos(phone.page);
    expect(kept).toHaveLength(sent.reduce((sum, _, i) => sum + photosOf(i + 1), 0));
    expect(await server.db.execute({ sql: 'SELECT count(*) AS n FROM violations WHERE title LIKE ?', args: ['Walk finding %'] }).then((r) => Number(r.rows[0].n))).toBe(0);
    await snapFromTop(phone.page, 'walk-round-finished-offline');

    // The connection returns: the queue drains by itself.
    const back = performance.now();
    await goOnline(phone.context, server);
    const allStored = async () => {
      const rs = await server.db.execute({
        sql: `SELECT (SELECT count(*) FROM violations WHERE title LIKE 'Walk finding %') AS violations,
          (SELECT count(*) FROM violation_photos p JOIN violations v ON v.id = p.violation_id WHERE v.title LIKE 'Walk finding %') AS photos,
          (SELECT status FROM inspection_rounds WHERE title = ?) AS status`,
        args: [ROUND],
      });
      return rs.rows[0];
    };
    await expect.poll(async () => { const r = await allStored(); return [Number(r.violations), Number(r.photos), r.status]; }, { timeout: 120_000, interval: 500 }).toEqual([VIOLATIONS, kept.length, 'finished']);
    const drainMs = performance.now() - back;

    // Each violation once with its photos; each photo stored once, with the bytes the device kept; one notice each.
    const token = await apiToken(server, DEMO.maple.board);
    let bytes = 0;
    for (const [i, title] of sent.entries()) {
      const v = await server.db.execute({ sql: "SELECT v.id, (SELECT count(*) FROM email_outbox o WHERE o.ref = 'violation:' || v.id AND o.template = 'violation-notice') AS notices FROM violations v WHERE v.title = ?", args: [title] });
      expect(v.rows).toHaveLength(1);
      expect(Number(v.rows[0].notices)).toBe(1);
      const photos = await server.db.execute({ sql: 'SELECT s3_key FROM violation_photos WHERE violation_id = ? ORDER BY position', args: [String(v.rows[0].id)] });
      expect(photos.rows).toHaveLength(photosOf(i + 1));
      for (const row of photos.rows) {
        const mine = kept.find((p) => p.s3Key === row.s3_key)!;
        expect(mine).toBeTruthy();
        const uploads = await server.db.execute({ sql: 'SELECT count(*) AS n FROM storage_uploads WHERE s3_key = ? AND stored_at IS NOT NULL AND deleted_at IS NULL', args: [String(row.s3_key)] });
        expect(Number(uploads.rows[0].n)).toBe(1);
        const { downloadUrl } = (await (await fetch(`${server.url}/api/violations/download-url`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ s3Key: row.s3_key }) })).json()) as { downloadUrl: string };
        const stored = new Uint8Array(await (await fetch(downloadUrl)).arrayBuffer());
        expect(sha256(stored)).toBe(sha256(Buffer.from(mine.bytes, 'base64')));
        bytes += stored.byteLength;
      }
    }
    const stops = await server.db.execute({ sql: "SELECT outcome, count(*) AS n FROM inspection_stops s JOIN inspection_rounds r ON r.id = s.round_id WHERE r.title = ? GROUP BY outcome ORDER BY outcome", args: [ROUND] });
    const byOutcome = Object.fromEntries(stops.rows.map((r) => [String(r.outcome), Number(r.n)]));
    expect(byOutcome).toMatchObject({ no_issues: NO_ISSUES, violation: VIOLATIONS });
    console.log(`inspection walk: ${sent.length} violations, ${kept.length} photos; drained in ${Math.round(drainMs)} ms after the connection came back; ${(bytes / 1024).toFixed(1)} KB of photos uploaded`);

    // A second board member sees the round done.
    const other = await openPageWithServiceWorker(e2e.browser, server, PHONE);
    await signInAs(other.page, server, DEMO.maple.superadmin);
    await goInApp(other.page, roundPath);
    await other.page.getByText('Finished').first().waitFor({ timeout: 20_000 });
    await other.page.getByText('Not inspected').first().waitFor();
    await snapFromTop(other.page, 'walk-round-seen-by-another');
    await other.context.close();
    errors.push(...phone.errors, ...other.errors);
    await phone.context.close();
    expectNoPageErrors(errors);
  });
});
