/**
 * Requests end to end, driven by roles and labels: a resident files a request with an
 * attachment; the board filters for it, changes its status, assigns it and answers; the resident sees
 * the answer (from "HOA Staff") and the new status. Offline, a resident files a request and writes a
 * message, reloads, reconnects, and the board sees both exactly once. axe and screenshots on every
 * screen (tests/e2e/screenshots/request*).
 */
import { describe, expect, it } from 'vitest';
import { changesOnDevice, DEMO, DESKTOP, e2eSuite, expectNoPageErrors, expectNoSeriousAxe, goInApp, goOnline, openPage, openPageWithServiceWorker, showsBriefly, signInAs, snapFromTop as snap, twoFrames, waitForPath } from '../helpers/browser';
import { PDF, requestDetail, requestForm, requestsList, requestsListOffline, storedComments, storedRequest, thread } from './pages/requests';
import { holdChunk } from './pages/chunks';
import { choose } from './pages/controls';
import { pngBytes } from './pages/photos';

const e2e = e2eSuite();

describe('requests', () => {
  it('a resident files a request with an attachment; the board filters, triages and answers; the resident sees both', { timeout: 120_000 }, async () => {
    const title = 'Loose railing on the back stairs';
    const answer = 'A carpenter will fix it on Monday.';

    const resident = await openPage(e2e.browser, e2e.server);
    const rp = resident.page;
    try {
      await signInAs(rp, e2e.server, DEMO.maple.resident);
      const list = requestsList(rp);
      await list.open();
      await rp.getByText('View and manage your requests to the HOA').waitFor();
      await list.viewLink('Leaking roof over the garage').waitFor();
      // Residents see their own requests only, and no counters.
      await expect(list.viewLink('Add a backyard fence').count()).resolves.toBe(0);
      await expect(rp.getByText('Recent Activity').count()).resolves.toBe(0);
      await expectNoSeriousAxe(rp);
      await snap(rp, 'requests-list-resident');

      await rp.getByRole('link', { name: 'Create Request' }).click();
      await waitForPath(rp, '/requests/create');
      const form = requestForm(rp);
      await form.submit.click();
      await rp.getByText('Title is required').waitFor();
      await rp.getByText('Description is required').waitFor();
      await expectNoSeriousAxe(rp);
      await snap(rp, 'request-create-errors');

      await form.fill({ title, description: 'The railing moves when you lean on it.', category: 'Maintenance' });
      await form.file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await rp.getByText('File type not allowed. Please upload PDF, DOC, DOCX, or image files').waitFor();
      await form.file.setInputFiles({ name: 'railing.pdf', mimeType: 'application/pdf', buffer: PDF });
      await rp.getByText('railing.pdf', { exact: true }).waitFor();
      await snap(rp, 'request-create');
      await showsBriefly(rp, 'Request created successfully! Redirecting...', () => form.submit.click());
      await waitForPath(rp, '/requests');
      await list.viewLink(title).waitFor();
      await expect.poll(async () => (await storedRequest(e2e.server, title))?.attachment, { timeout: 15_000 }).toBe('railing.pdf');

      await requestDetail(rp).open(title);
      await rp.getByRole('button', { name: 'Download railing.pdf' }).waitFor();
      await rp.getByText('Request created').waitFor();
      await expect(rp.getByText('Submitted By').count()).resolves.toBe(0);
      await expect(rp.getByLabel('Status', { exact: true }).count()).resolves.toBe(0);
      await expectNoSeriousAxe(rp);
      await snap(rp, 'request-detail-resident');
      expectNoPageErrors(resident.errors);
    } finally {
      await resident.context.close();
    }

    const stored = (await storedRequest(e2e.server, title))!;
    const board = await openPage(e2e.browser, e2e.server);
    const bp = board.page;
    try {
      await signInAs(bp, e2e.server, DEMO.maple.board);
      const list = requestsList(bp);
      await list.open();
      await bp.getByText('Manage requests from residents').waitFor();
      await bp.getByText('Recent Activity').waitFor();
      await bp.getByText('Request Categories').waitFor();
      // The counters fill in once the cache has the rows (a loaded machine can paint the headings first).
      await expect.poll(async () => Number(await list.counter('Open').textContent())).toBeGreaterThan(0);
      await expectNoSeriousAxe(bp);
      await snap(bp, 'requests-list-board');

      // Filters: the search applies after typing pauses; Categories and Status at once.
      await list.search('railing');
      await list.viewLink(title).waitFor();
      await list.viewLink('Leaking roof over the garage').waitFor({ state: 'detached' });
      await list.choose('Status', 'Resolved');
      await bp.getByText('No requests found').waitFor();
      await list.choose('Status', 'Resolved');
      await list.choose('Status', 'Open');
      await list.choose('Categories', 'Maintenance');
      await list.viewLink(title).waitFor();
      await bp.getByRole('cell', { name: 'Rita Resident' }).first().waitFor();
      await expectNoSeriousAxe(bp);
      await snap(bp, 'requests-list-board-filtered');
      await bp.getByRole('button', { name: 'Clear Filters' }).click();
      await list.viewLink('Leaking roof over the garage').waitFor();

      const detail = requestDetail(bp);
      await detail.open(title);
      await bp.getByText('Submitted By').waitFor();
      await choose(detail.status, 'In Progress');
      await bp.getByText('Status updated to In Progress').waitFor();
      await detail.history.getByText('Status changed from Open to In Progress').waitFor();
      await choose(detail.assignee, 'Ben Board');
      await detail.deadline.fill('2030-06-14');
      await detail.notes.fill('Carpenter booked.');
      await detail.save.click();
      await detail.history.getByText('Assigned to Ben Board').waitFor();
      await detail.history.getByText('Resolution deadline set to Jun 14, 2030').waitFor();
      await bp.getByText('Jun 14, 2030').first().waitFor();
      await expectNoSeriousAxe(bp);
      await snap(bp, 'request-detail-board');
      // The confirmation clears after 3 seconds.
      await bp.getByText('Status updated to In Progress').waitFor({ state: 'detached', timeout: 6_000 });

      await detail.messagesLink.click();
      await waitForPath(bp, `/requests/${stored.id}/messages`);
      const t = thread(bp);
      await bp.getByText('No messages yet. Start the conversation!').waitFor();
      await expect(t.send.isDisabled()).resolves.toBe(true);
      await t.write(answer);
      await t.messages.getByText(answer).waitFor();
      await expectNoSeriousAxe(bp);
      await snap(bp, 'request-messages-board');
      await expect.poll(async () => (await storedRequest(e2e.server, title))?.comments, { timeout: 15_000 }).toBe(1);
      // A seeded thread: the resident's and the board's messages, a Staff badge, an internal note.
      const seeded = (await storedRequest(e2e.server, 'Leaking roof over the garage'))!;
      await goInApp(bp, `/requests/${seeded.id}/messages`);
      await t.messages.getByText('Quote from Apex Roofing: $1,850, within the maintenance budget.').waitFor();
      await t.messages.getByText('Internal', { exact: true }).waitFor();
      await t.messages.getByText('Staff', { exact: true }).first().waitFor();
      await t.messages.getByText('Rita Resident').waitFor();
      await expectNoSeriousAxe(bp);
      await snap(bp, 'request-messages-thread-board');
      const row = (await storedRequest(e2e.server, title))!;
      expect(row.status).toBe('in_progress');
      expect(row.assignedTo).not.toBeNull();
      expect(row.notes).toBe('Carpenter booked.');
      expectNoPageErrors(board.errors);
    } finally {
      await board.context.close();
    }

    const again = await openPage(e2e.browser, e2e.server);
    const ap = again.page;
    try {
      await signInAs(ap, e2e.server, DEMO.maple.resident);
      await requestsList(ap).open();
      await requestDetail(ap).open(title);
      await ap.getByText('In Progress').first().waitFor();
      // The assignment is the board's (internal): no line about it for the resident.
      await expect(requestDetail(ap).history.getByText('Assigned to Ben Board').count()).resolves.toBe(0);
      await requestDetail(ap).messagesLink.click();
      const t = thread(ap);
      await t.messages.getByText(answer).waitFor();
      await t.messages.getByText('HOA Staff').waitFor();
      await expect(t.messages.getByText('Ben Board').count()).resolves.toBe(0);
      await expectNoSeriousAxe(ap);
      await snap(ap, 'request-messages-resident');
      expectNoPageErrors(again.errors);
    } finally {
      await again.context.close();
    }
  });

  it('offline, a resident files a request and writes a message; after a reload and reconnecting the board sees both exactly once', { timeout: 120_000 }, async () => {
    const title = 'Garage door opener stuck';
    const message = 'It only opens halfway since yesterday.';
    const { context, page, errors } = await openPageWithServiceWorker(e2e.browser, e2e.server);
    try {
      const list = await requestsListOffline(page, e2e.server, DEMO.maple.resident2);
      await page.getByText('Offline — changes will sync when you reconnect').waitFor();
      await page.getByRole('link', { name: 'Create Request' }).click();
      await page.getByRole('heading', { level: 1, name: 'Create Request' }).waitFor();
      // A photo is kept on the device until the connection returns; other files need a connection.
      await page.getByText('Photos are kept on this device until you reconnect; other files need a connection.').waitFor();
      const form = requestForm(page);
      await form.fill({ title, description: 'The opener hums but the door stops.' });
      await page.locator('input[type="file"]').setInputFiles({ name: 'opener.png', mimeType: 'image/png', buffer: pngBytes(640, 480) });
      await page.getByText('opener.png', { exact: true }).waitFor();
      await snap(page, 'request-create-offline');
      await showsBriefly(page, 'Request created successfully! Redirecting...', () => form.submit.click());
      await waitForPath(page, '/requests');
      await list.viewLink(title).waitFor();
      await page.getByText('Queued', { exact: true }).filter({ visible: true }).waitFor();
      await snap(page, 'requests-list-offline');

      await requestDetail(page).open(title);
      await page.getByText('This request was filed offline. It reaches the board when you reconnect.').waitFor();
      await requestDetail(page).messagesLink.click();
      const t = thread(page);
      await t.write(message);
      await t.messages.getByText(message).waitFor();
      await t.messages.getByText('Queued: sends when you reconnect').waitFor();
      await page.getByText(/\d+ changes? waiting/).waitFor();
      await snap(page, 'request-messages-offline');
      await changesOnDevice(page);

      await page.reload();
      await t.messages.getByText(message).waitFor({ timeout: 15_000 });
      await page.getByText(/\d+ changes? waiting/).waitFor();
      expect(await storedRequest(e2e.server, title)).toBeUndefined();

      await goOnline(context, e2e.server);
      await expect.poll(async () => (await storedRequest(e2e.server, title))?.comments, { timeout: 20_000 }).toBe(1);
      await page.getByText(/waiting/).waitFor({ state: 'detached', timeout: 15_000 });
      await t.messages.getByText('Queued: sends when you reconnect').waitFor({ state: 'detached' });
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }

    // Another sync round changes nothing; the board sees the request and the message once.
    const stored = (await storedRequest(e2e.server, title))!;
    // The photo went first, made smaller on the device (JPEG), then the request that names it.
    expect(stored).toMatchObject({ copies: 1, comments: 1, filer: DEMO.maple.resident2, status: 'open', attachment: 'opener.jpg' });
    expect(await storedComments(e2e.server, stored.id)).toEqual([{ message: `<p>${message}</p>`, isPublic: true }]);

    const board = await openPageWithServiceWorker(e2e.browser, e2e.server);
    try {
      const bp = board.page;
      await signInAs(bp, e2e.server, DEMO.maple.board);
      const list = requestsList(bp);
      await list.open();
      await list.search('Garage door');
      await list.viewLink(title).waitFor();
      await expect(list.viewLink(title).count()).resolves.toBe(1);
      await requestDetail(bp).open(title);
      await requestDetail(bp).messagesLink.click();
      await thread(bp).messages.getByText(message).waitFor();
      await expect(thread(bp).messages.getByText(message).count()).resolves.toBe(1);
      await expect(thread(bp).messages.getByRole('article').count()).resolves.toBe(1);
      expectNoPageErrors(board.errors);
    } finally {
      await board.context.close();
    }
  });

  it('the editor loads only once a resident heads for Description: the error shows before, what they type meanwhile is kept, and the editor takes over with the caret at the end', { timeout: 60_000 }, async () => {
    // No service worker: the editor's chunk comes from the network, where the test holds it back.
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url, viewport: DESKTOP, reducedMotion: 'reduce', serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      const editor = await holdChunk(context, 'RichTextEditor');
      await signInAs(page, e2e.server, DEMO.maple.resident);
      // The pointer away from where the field will be: resting over it would ask for the editor too.
      await page.mouse.move(1, 1);
      await goInApp(page, '/requests/create');
      const form = requestForm(page);

      await form.submit.click();
      await page.getByText('Title is required').waitFor();
      await page.getByText('Description is required').waitFor();
      // The screen asked for none of Tiptap; the field's place shows the error as the editor would.
      expect(editor.requested).toBe(false);
      await expect(form.description.getAttribute('aria-invalid')).resolves.toBe('true');

      // Heading for the field asks for the editor; while it is held back, the field takes the typing.
      await form.description.click();
      await expect.poll(() => editor.requested, { timeout: 15_000 }).toBe(true);
      await page.keyboard.type('The gate does not latch.');
      await expect.poll(() => page.getByText('Description is required').count()).toBe(0);

      // The stand-in's toolbar is there, its buttons not working until the editor arrives.
      await expect(page.getByRole('button', { name: 'Bold' }).isDisabled()).resolves.toBe(true);
      editor.release();
      await expect.poll(() => page.getByRole('button', { name: 'Bold' }).isEnabled(), { timeout: 15_000 }).toBe(true);
      await twoFrames(page); // what the editor's effects set has rendered
      await page.keyboard.type(' It swings open.');
      await expect.poll(() => form.description.textContent()).toBe('The gate does not latch. It swings open.');
      await expect(page.getByText('Title is required').isVisible()).resolves.toBe(true);
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  });

  it('a request opened by its link (a reload, an email) shows before the local cache has opened', { timeout: 60_000 }, async () => {
    const rs = await e2e.server.db.execute({ sql: 'SELECT r.id, r.title FROM requests r JOIN users u ON u.id = r.user_id WHERE u.email = ? ORDER BY r.created_at DESC LIMIT 1', args: [DEMO.maple.resident] });
    const { id, title } = { id: String(rs.rows[0].id), title: String(rs.rows[0].title) };
    // No service worker: the engine's chunk comes from the network, where the test holds it back.
    const { context, page, errors } = await openPage(e2e.browser, e2e.server, DESKTOP, { serviceWorkers: 'block' });
    try {
      await signInAs(page, e2e.server, DEMO.maple.resident);
      const engine = await holdChunk(context, 'sync-engine');
      await page.goto(`/requests/${id}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByRole('heading', { name: 'Description' }).waitFor();
      // The page asks for the engine after its first paint; held, it has not run: the row came over REST.
      await expect.poll(() => engine.requested).toBe(true);
      await expect(page.getByRole('heading', { level: 1, name: title }).isVisible()).resolves.toBe(true);
      await expect(page.getByText('Loading request...').count()).resolves.toBe(0);
      // Then the engine opens the cache and pulls; the same request stays on the screen.
      const pulled = page.waitForResponse((r) => r.url().includes('/api/sync/pull'));
      engine.release();
      await pulled;
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  });

  it('another resident cannot open a request: the spec\'s message and the way back', { timeout: 60_000 }, async () => {
    const rs = await e2e.server.db.execute({ sql: 'SELECT id FROM requests WHERE title = ?', args: ['Add a backyard fence'] });
    const id = String(rs.rows[0].id);
    const { context, page, errors } = await openPage(e2e.browser, e2e.server);
    try {
      await signInAs(page, e2e.server, DEMO.maple.resident);
      await goInApp(page, `/requests/${id}`);
      await page.getByText('Request not found or you do not have permission to view it').waitFor();
      await page.getByRole('link', { name: 'Back to Requests' }).waitFor();
      await expectNoSeriousAxe(page);
      await snap(page, 'request-detail-not-found');
      // The failed read is the expected answer here, not a page error.
      expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
