/**
 * Architectural review end to end. A resident on a phone (375 px) opens Architectural Applications from
 * Requests and submits an application with a plan (online) and two photos, the second added offline:
 * the application is submitted offline and sent once when back online (one row, two photos stored,
 * the plan). The board reviews on a desktop (one board member on the screen, a second through the
 * API): the outcome, the decision letter generated, sent (mail in the outbox) and visible to the
 * resident. A second application's deadline passes (its dates moved back, the job run): approved by
 * default. axe and screenshots at 1280 and 375 px (tests/e2e/screenshots/applications-*).
 */
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../schema/days';
import { applyApplicationDeadlines } from '../../worker/domain/applications';
import { apiToken, DEMO, e2eSuite, expectNoPageErrors, expectNoSeriousAxe, goInApp, goOffline, goOnline, openPage, openPageWithServiceWorker, PHONE, signInAs, snapFromTop as snap, waitForPath, waitForServiceWorker } from '../helpers/browser';
import { applicationForm, applicationMail, applicationScreen, applicationsList, storedApplication } from './pages/applications';
import { pngBytes } from './pages/photos';
import { inDays } from './pages/violations';

const e2e = e2eSuite();
const TOM = 'tom.becker@maplegrove.test';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function review(token: string, id: string, body: Record<string, unknown>) {
  const res = await fetch(`${e2e.server.url}/api/applications/${id}/reviews`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as { status: string } };
}

describe('architectural applications', () => {
  it('a resident submits from a phone, partly offline; the board reviews, decides and sends the letter the resident reads', { timeout: 240_000 }, async () => {
    const title = 'Screened porch over the patio';
    const { server } = e2e;
    const resident = await openPageWithServiceWorker(e2e.browser, server, PHONE);
    const board = await openPageWithServiceWorker(e2e.browser, server);
    try {
      const rp = resident.page;
      await signInAs(rp, server, DEMO.maple.resident);
      await goInApp(rp, '/requests');
      await rp.getByRole('link', { name: 'Architectural Applications' }).click();
      const list = applicationsList(rp);
      await list.heading.waitFor();
      await list.viewLink('Backyard cedar deck').waitFor();
      await expectNoSeriousAxe(rp);
      await snap(rp, 'applications-list-resident');

      await list.submit.click();
      const form = applicationForm(rp);
      await form.heading.waitFor();
      await form.send.click();
      await rp.getByText('Title is required').waitFor();
      await form.title.fill(title);
      await form.description.click();
      await rp.keyboard.type('A 12 x 14 ft screened porch on the existing patio, roof matching the house shingles.');
      await form.startDate.fill(inDays(30));
      await form.planInput.setInputFiles({ name: 'porch-plan.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect.poll(() => form.plans.count(), { timeout: 20_000 }).toBe(1);
      await form.photoInput.setInputFiles({ name: 'patio-now.png', mimeType: 'image/png', buffer: pngBytes(1200, 900) });
      await expect.poll(() => form.photos.count(), { timeout: 20_000 }).toBe(1);

      // The signal drops in the yard: the second photo is kept on the phone, the plan input says why it waits.
      await waitForServiceWorker(rp);
      await goOffline(resident.context, server);
      await rp.getByText('Offline — changes will sync when you reconnect').waitFor();
      await form.photoInput.setInputFiles({ name: 'patio-side.png', mimeType: 'image/png', buffer: pngBytes(1600, 1200) });
      await expect.poll(() => form.photos.count(), { timeout: 20_000 }).toBe(2);
      await rp.getByText(/^Plans \(PDF\) need a connection/).waitFor();
      await expectNoSeriousAxe(rp);
      await snap(rp, 'applications-create-offline');
      await form.send.click();
      await waitForPath(rp, '/applications');
      await rp.getByText('Application submitted. The board has been notified.').waitFor();
      await list.viewLink(title).waitFor();
      await rp.waitForTimeout(1_000);
      expect(await storedApplication(server, title)).toBeUndefined();

      await goOnline(resident.context, server);
      await expect.poll(async () => (await storedApplication(server, title))?.files.length, { timeout: 45_000 }).toBe(3);
      const stored = (await storedApplication(server, title))!;
      expect(stored).toMatchObject({ copies: 1, status: 'under_review' });
      expect(stored.files.map((f) => [f.kind, f.fileName])).toEqual([
        ['photo', 'patio-now.jpg'],
        ['photo', 'patio-side.jpg'],
        ['plan', 'porch-plan.pdf'],
      ]);
      for (const f of stored.files) {
        const uploads = await server.db.execute({ sql: 'SELECT count(*) AS n, max(attached_at) AS attached FROM storage_uploads WHERE s3_key = ? AND deleted_at IS NULL', args: [f.s3Key] });
        expect(uploads.rows[0]).toMatchObject({ n: 1 });
        expect(uploads.rows[0].attached).not.toBeNull();
      }

      // The board: one member reviews on the screen, a second through the API; two of three decide.
      const bp = board.page;
      await signInAs(bp, server, DEMO.maple.board);
      await goInApp(bp, '/applications');
      const boardList = applicationsList(bp);
      await boardList.viewLink(title).waitFor({ timeout: 20_000 });
      await boardList.settings.waitFor();
      await expectNoSeriousAxe(bp);
      await snap(bp, 'applications-list-board');
      await boardList.viewLink(title).click();
      const screen = applicationScreen(bp);
      await screen.heading(title).waitFor();
      await screen.decision('Approve with conditions').check();
      await screen.submitReview.click();
      await bp.getByText('Conditions are required to approve with conditions').waitFor();
      await screen.conditions.fill('Screens and trim in the house’s white.');
      await screen.submitReview.click();
      await expect.poll(() => screen.reviews.count(), { timeout: 15_000 }).toBe(1);
      await expectNoSeriousAxe(bp);
      await snap(bp, 'application-review-board');
      const tom = await apiToken(server, TOM);
      await expect.poll(async () => (await review(tom, stored.id, { decision: 'approve' })).json.status, { timeout: 15_000 }).toBe('approved_with_conditions');

      // The outcome reaches the screen; the letter is generated from it and its condition, then sent.
      await bp.getByText(/^Approved with conditions by the board’s reviews on /).waitFor({ timeout: 20_000 });
      await expect.poll(() => screen.letterEditor.textContent(), { timeout: 15_000 }).toContain('Screens and trim in the house’s white.');
      await screen.letterEditor.click();
      await bp.keyboard.press('Control+End');
      await bp.keyboard.press('Enter');
      await bp.keyboard.type('Work may start on the requested date.');
      await expectNoSeriousAxe(bp);
      await snap(bp, 'application-letter-draft');
      await screen.sendLetter.click();
      await screen.sentLetter.waitFor({ timeout: 15_000 });
      await expect.poll(() => applicationMail(server, stored.id, 'application-decision'), { timeout: 20_000 }).toEqual([DEMO.maple.resident]);
      await snap(bp, 'application-letter-sent');

      // The resident reads the decision and its letter.
      await list.viewLink(title).click();
      const mine = applicationScreen(rp);
      await mine.heading(title).waitFor();
      await mine.sentLetter.waitFor({ timeout: 20_000 });
      await rp.getByText('Work may start on the requested date.').waitFor();
      expect(await mine.review.count()).toBe(0);
      // Individual reviews are the board's: the resident's history has the outcome, not who voted how.
      await mine.history.getByText('Outcome: Approved with conditions').waitFor();
      expect(await mine.history.getByText(/^Review:/).count()).toBe(0);
      await expectNoSeriousAxe(rp);
      await snap(rp, 'application-detail-resident');
      expectNoPageErrors(resident.errors);
      expectNoPageErrors(board.errors);
    } finally {
      await resident.context.close();
      await board.context.close();
    }
  });

  it('an application nobody decides by its deadline is approved by default when the job runs', { timeout: 120_000 }, async () => {
    const { server } = e2e;
    const title = 'Replace the mailbox post';
    const rita = await apiToken(server, DEMO.maple.resident);
    const res = await fetch(`${server.url}/api/applications`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${rita}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title, description: '<p>A black cedar post like the neighbours’.</p>', start_date: inDays(14) }),
    });
    expect(res.status).toBe(201);
    const { _id: id } = (await res.json()) as { _id: string };
    // The review days pass: its dates moved back 31 days, then the server's job runs.
    const now = server.deps.clock();
    await server.db.execute({ sql: 'UPDATE architectural_applications SET submitted_at = ?, deadline = ? WHERE id = ?', args: [now - 31 * DAY_MS, now - DAY_MS, id] });
    expect(await applyApplicationDeadlines(server.deps)).toBeGreaterThanOrEqual(1);
    expect((await storedApplication(server, title))?.status).toBe('approved_by_default');

    const { context, page, errors } = await openPage(e2e.browser, server, PHONE);
    try {
      await signInAs(page, server, DEMO.maple.board);
      await goInApp(page, '/applications');
      const list = applicationsList(page);
      await list.viewLink(title).waitFor({ timeout: 20_000 });
      await expectNoSeriousAxe(page);
      await snap(page, 'applications-list-board-phone');
      await list.viewLink(title).click();
      const screen = applicationScreen(page);
      await screen.heading(title).waitFor();
      await page.getByText(/^Approved by default at the review deadline on /).waitFor();
      await screen.history.getByText(/^Approved by default: no decision by the deadline/).waitFor();
      await screen.sendLetter.waitFor();
      await expectNoSeriousAxe(page);
      await snap(page, 'application-approved-by-default');
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  });
});
