/**
 * Document vault end to end, driven by roles and labels as a user would: the board uploads
 * a PDF as Board Only and an image as Public through the Upload Document dialog; the resident sees
 * only the public one, downloads it (the bytes are the uploaded ones) and cannot reach the other by
 * its URL; the board edits notes and deletes one (its file leaves storage). Offline, the list still
 * searches and filters and Download says it needs a connection. axe and screenshots at 1280 and 375 px.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { samplePdf, samplePng } from '../../worker/dev/sample-files';
import { changesOnDevice, clearRateLimits, DEMO, DEMO_PASSWORD, e2eSuite, expectNoPageErrors, expectNoSeriousAxe, goInApp, goOffline, goOnline, openPage, openPageWithServiceWorker, signInAs, snapFromTop as snap, waitForServiceWorker } from '../helpers/browser';
import { choose } from './pages/controls';

const e2e = e2eSuite();

const PDF = Buffer.from(samplePdf(['Board retreat agenda', 'Budget priorities for 2027.', 'Reserve fund review.']));
const PNG = Buffer.from(samplePng(400, 240));
const PRIVATE_TITLE = 'Board retreat agenda';
const PUBLIC_TITLE = 'Playground layout';

async function documentRow(title: string) {
  const rs = await e2e.server.db.execute({ sql: 'SELECT id, s3_key, is_public, notes, deleted_at FROM documents WHERE title = ?', args: [title] });
  return rs.rows[0] as unknown as { id: string; s3_key: string; is_public: number; notes: string; deleted_at: number | null } | undefined;
}

/** Whether storage still holds the object (asks for a download URL the way the server would, then fetches it). */
async function stored(key: string): Promise<boolean> {
  const url = await e2e.server.deps.storage.presignDownload({ key, fileName: 'check' });
  return (await fetch(url)).ok;
}

/** A signed-in REST client, as a resident typing a URL or a script would use one. */
async function apiAs(request: APIRequestContext, email: string) {
  await clearRateLimits(e2e.server);
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  const { accessToken } = (await res.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  return {
    get: (path: string) => request.get(path, { headers }),
    post: (path: string) => request.post(path, { headers }),
  };
}

const table = (page: Page) => page.getByRole('table');
const rowOf = (page: Page, title: string) => table(page).getByRole('row').filter({ hasText: title });
const actionsOf = (page: Page, title: string) => rowOf(page, title).getByRole('button', { name: `Actions for ${title}` });

async function openUpload(page: Page) {
  await page.getByRole('button', { name: 'Upload Document' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  // The dialog's own box has no size (its panel is fixed): wait for what it shows.
  await dialog.getByRole('textbox', { name: 'Title' }).waitFor();
  return dialog;
}

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, fields: { title?: string; category: string; boardOnly?: boolean; notes?: string }) {
  const dialog = await openUpload(page);
  await dialog.locator('input[type="file"]').setInputFiles(file);
  // The title follows the file name, without its extension.
  await expect.poll(() => dialog.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(file.name.replace(/\.[^.]+$/, ''));
  if (fields.title) await dialog.getByRole('textbox', { name: 'Title' }).fill(fields.title);
  await choose(dialog.getByLabel('Category'), fields.category);
  if (fields.boardOnly) await dialog.getByRole('radio', { name: /Board Only/ }).check();
  if (fields.notes) await dialog.getByRole('textbox', { name: 'Notes' }).fill(fields.notes);
  return dialog;
}

describe('documents', () => {
  it('the board uploads Board Only and Public documents; the resident sees and downloads only the public one; the board deletes', { timeout: 120_000 }, async () => {
    const board = await openPage(e2e.browser, e2e.server);
    const { page } = board;
    try {
      await signInAs(page, e2e.server, DEMO.maple.board);
      await goInApp(page, '/documents');
      await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
      await rowOf(page, 'Board Meeting Minutes - November').waitFor();
      // Board view: stat cards, Uploaded By, 10 rows then Load More.
      await page.getByText('Total Documents').waitFor();
      await page.getByText('Recent Uploads').waitFor();
      await page.getByRole('columnheader', { name: 'Uploaded By' }).waitFor();
      await expect(table(page).getByRole('row').count()).resolves.toBe(11);
      await page.getByRole('button', { name: 'Load More' }).click();
      await page.getByText('No more documents').waitFor();
      await expect(table(page).getByRole('row').count()).resolves.toBe(13);
      await expectNoSeriousAxe(page);
      await snap(page, 'documents-list-board');

      // The spec's checks before anything is sent.
      let dialog = await openUpload(page);
      await dialog.getByRole('button', { name: 'Upload Document' }).click();
      await dialog.getByText('Please fill in all required fields').waitFor();
      await dialog.locator('input[type="file"]').setInputFiles({ name: 'retreat.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await dialog.getByText('File type not supported. Please use PDF, DOC, DOCX, JPG, JPEG, PNG, or GIF').waitFor();
      await dialog.locator('input[type="file"]').setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10_485_761) }, { timeout: 30_000 });
      await dialog.getByText('File size must be less than 10MB').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      // A PDF, Board Only, with notes; progress, the success message, then the dialog closes itself.
      dialog = await upload(page, { name: 'board-retreat-agenda.pdf', mimeType: 'application/pdf', buffer: PDF }, { title: PRIVATE_TITLE, category: 'Meeting Minutes', boardOnly: true, notes: 'Draft agenda.' });
      await dialog.getByRole('textbox', { name: 'Notes' }).fill('x'.repeat(501));
      await dialog.getByText('501/500').waitFor();
      await dialog.getByRole('button', { name: 'Upload Document' }).click();
      await dialog.getByText('Notes cannot exceed 500 characters').waitFor();
      await dialog.getByRole('textbox', { name: 'Notes' }).fill('Draft agenda.');
      await expectNoSeriousAxe(page);
      await snap(page, 'documents-upload-dialog');
      await dialog.getByRole('button', { name: 'Upload Document' }).click();
      await dialog.getByText('Document uploaded successfully!').waitFor();
      await dialog.waitFor({ state: 'detached', timeout: 5_000 });
      await rowOf(page, PRIVATE_TITLE).waitFor();
      await rowOf(page, PRIVATE_TITLE).getByText('Board Only').waitFor();
      const priv = (await documentRow(PRIVATE_TITLE))!;
      expect(priv.is_public).toBe(0);
      expect(await stored(priv.s3_key)).toBe(true);

      // An image, Public (the default), titled by its file name.
      dialog = await upload(page, { name: `${PUBLIC_TITLE}.png`, mimeType: 'image/png', buffer: PNG }, { category: 'Architectural' });
      await dialog.getByRole('button', { name: 'Upload Document' }).click();
      await dialog.getByText('Document uploaded successfully!').waitFor();
      await dialog.waitFor({ state: 'detached', timeout: 5_000 });
      await rowOf(page, PUBLIC_TITLE).getByText('Public').waitFor();
      await rowOf(page, PUBLIC_TITLE).getByRole('cell', { name: 'PNG', exact: true }).waitFor();

      // Notes: the board edits them in the Notes dialog (a mutator: it syncs like any edit).
      await rowOf(page, PUBLIC_TITLE).getByRole('button', { name: `Add notes of ${PUBLIC_TITLE}` }).click();
      const notes = page.getByRole('dialog', { name: 'Notes' });
      await notes.getByRole('textbox', { name: 'Notes' }).fill('Swings move to the east side.');
      await notes.getByText('29/500').waitFor();
      await expectNoSeriousAxe(page);
      await snap(page, 'documents-notes-dialog');
      await notes.getByRole('button', { name: 'Save Notes' }).click();
      await notes.waitFor({ state: 'detached' });
      await expect.poll(async () => (await documentRow(PUBLIC_TITLE))?.notes, { timeout: 15_000 }).toBe('Swings move to the east side.');

      // Search (title, debounced) and the category filter narrow the list; Clear Filters restores it.
      await page.getByRole('searchbox', { name: 'Search' }).fill('retreat');
      await expect.poll(() => table(page).getByRole('row').count()).toBe(2);
      await rowOf(page, PRIVATE_TITLE).waitFor();
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await rowOf(page, 'Board Meeting Minutes - November').waitFor();

      // The resident: only the public one, downloaded byte for byte; the other one unreachable by URL.
      const resident = await openPage(e2e.browser, e2e.server);
      const rp = resident.page;
      try {
        await signInAs(rp, e2e.server, DEMO.maple.resident);
        await goInApp(rp, '/documents');
        await rowOf(rp, PUBLIC_TITLE).waitFor();
        await expect(rowOf(rp, PRIVATE_TITLE).count()).resolves.toBe(0);
        await expect(rp.getByText('Board Only').count()).resolves.toBe(0);
        await expect(rp.getByText('Total Documents').count()).resolves.toBe(0);
        await expect(rp.getByRole('columnheader', { name: 'Uploaded By' }).count()).resolves.toBe(0);
        await expect(rp.getByRole('button', { name: 'Upload Document' }).count()).resolves.toBe(0);
        await expectNoSeriousAxe(rp);
        await snap(rp, 'documents-list-resident');

        await actionsOf(rp, PUBLIC_TITLE).click();
        await expect(rp.getByRole('menuitem', { name: /Delete/ }).count()).resolves.toBe(0);
        const [download] = await Promise.all([rp.waitForEvent('download'), rp.getByRole('menuitem', { name: /Download/ }).click()]);
        expect(download.suggestedFilename()).toBe(`${PUBLIC_TITLE}.png`);
        expect(Buffer.compare(await readFile((await download.path())!), PNG)).toBe(0);

        // A seeded document: the demo vault's files are real ones in the local S3.
        await rp.getByRole('searchbox', { name: 'Search' }).fill('annual budget');
        await actionsOf(rp, '2026 Annual Budget').click();
        const [seeded] = await Promise.all([rp.waitForEvent('download'), rp.getByRole('menuitem', { name: /Download/ }).click()]);
        expect(seeded.suggestedFilename()).toBe('2026-annual-budget.pdf');
        expect((await readFile((await seeded.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

        const api = await apiAs(rp.request, DEMO.maple.resident);
        for (const res of [await api.get(`/api/documents/${priv.id}`), await api.post(`/api/documents/${priv.id}/download`)]) {
          expect(res.status()).toBe(404);
          expect(await res.text()).not.toContain(PRIVATE_TITLE);
        }
        const listed = (await (await api.get('/api/documents?search=retreat')).json()) as { totalDocs: number };
        expect(listed.totalDocs).toBe(0);
        expectNoPageErrors(resident.errors);
      } finally {
        await resident.context.close();
      }

      // The board deletes the Board Only one after confirming; its file leaves storage.
      await actionsOf(page, PRIVATE_TITLE).click();
      await page.getByRole('menuitem', { name: /Delete/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Document' });
      await confirm.getByText(PRIVATE_TITLE, { exact: false }).waitFor();
      await expectNoSeriousAxe(page);
      await snap(page, 'documents-delete-dialog');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect.poll(async () => (await documentRow(PRIVATE_TITLE))!.deleted_at, { timeout: 15_000 }).not.toBeNull();
      // While a dialog is open the page behind it is hidden from the accessibility tree: look once it closed.
      await confirm.getByRole('button', { name: 'Delete' }).waitFor({ state: 'detached' });
      await expect.poll(() => rowOf(page, PRIVATE_TITLE).count(), { timeout: 15_000 }).toBe(0);
      await rowOf(page, PUBLIC_TITLE).waitFor();
      expect(await stored(priv.s3_key)).toBe(false);
      expectNoPageErrors(board.errors);
    } finally {
      await board.context.close();
    }
  });

  it('offline, the list still searches and filters, and Download says it needs a connection', { timeout: 90_000 }, async () => {
    const { context, page, errors } = await openPageWithServiceWorker(e2e.browser, e2e.server);
    try {
      await signInAs(page, e2e.server, DEMO.maple.board);
      await goInApp(page, '/documents');
      await rowOf(page, 'Board Meeting Minutes - November').waitFor();
      await waitForServiceWorker(page);

      await goOffline(context, e2e.server);
      await page.getByText('Offline — changes will sync when you reconnect').waitFor();
      await page.getByRole('searchbox', { name: 'Search' }).fill('minutes');
      await expect.poll(() => table(page).getByRole('row').count()).toBe(4);
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await page.getByRole('button', { name: /Category/ }).click();
      await page.getByRole('option', { name: 'Financials', exact: true }).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => table(page).getByRole('row').count()).toBe(3);
      await rowOf(page, '2026 Annual Budget').waitFor();

      // Download and Delete need a connection; so does uploading.
      await actionsOf(page, '2026 Annual Budget').click();
      const download = page.getByRole('menuitem', { name: /Download/ });
      await download.getByText('Needs a connection').waitFor();
      await expect(download.getAttribute('aria-disabled')).resolves.toBe('true');
      await snap(page, 'documents-offline');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Upload Document' }).first().isDisabled()).resolves.toBe(true);

      // A reload with no network: the service worker serves the app, Replicache the list.
      await changesOnDevice(page);
      await page.reload();
      await page.getByRole('searchbox', { name: 'Search' }).fill('annual', { timeout: 20_000 });
      await rowOf(page, '2026 Annual Budget').waitFor({ timeout: 20_000 });

      await goOnline(context, e2e.server);
      await page.getByText('Offline — changes will sync when you reconnect').waitFor({ state: 'detached', timeout: 20_000 });
      await actionsOf(page, '2026 Annual Budget').click();
      await expect(page.getByRole('menuitem', { name: /Download/ }).getAttribute('aria-disabled')).resolves.not.toBe('true');
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  });
});
