/**
 * Photos kept on the device, in Chromium. A chosen photo is made smaller on the device (its longest
 * side at most 1600 px, JPEG), and a small JPEG is kept as taken without its EXIF and GPS. Then the
 * inspection walk: a board member offline records a violation with two real photos, reloads (the
 * photos still show, from IndexedDB), adds a photo to its thread, comes back online; the server has the violation once with both
 * photos, each stored once with the same bytes, and the resident one notice linking them. Short of
 * storage, the form warns before a photo and takes none that would not fit.
 */
import { describe, expect, it } from 'vitest';
import { apiToken, changesOnDevice, DEMO, e2eSuite, expectNoPageErrors, expectNoSeriousAxe, goInApp, goOnline, openPage, openPageWithServiceWorker, signInAs, snapFromTop as snap, waitForPath } from '../helpers/browser';
import { jpegWithGps, keptPhotos, pngBytes, sha256 } from './pages/photos';
import { thread } from './pages/requests';
import { createViolationOffline, inDays, storedViolation, violationForm } from './pages/violations';

const e2e = e2eSuite();

describe('photos kept on the device', () => {
  it('makes a large photo at most 1600 px on its longest side, as JPEG; keeps a small JPEG as taken without its GPS', { timeout: 90_000 }, async () => {
    const { context, page, errors } = await openPage(e2e.browser, e2e.server);
    try {
      await signInAs(page, e2e.server, DEMO.maple.board);
      await goInApp(page, '/compliance/create');
      const form = violationForm(page);
      await form.file.setInputFiles([
        { name: 'wide-fence.png', mimeType: 'image/png', buffer: pngBytes(3000, 1200) },
        { name: 'gate.jpg', mimeType: 'image/jpeg', buffer: jpegWithGps() },
      ]);
      await expect.poll(() => form.photos.count(), { timeout: 20_000 }).toBe(2);
      const [wide, gate] = await keptPhotos(page);
      expect(wide).toMatchObject({ fileName: 'wide-fence.jpg', fileType: 'image/jpeg', width: 1600, height: 640 });
      expect(gate).toMatchObject({ fileName: 'gate.jpg', fileType: 'image/jpeg', width: 8, height: 8 });
      const gateBytes = Buffer.from(gate.bytes, 'base64');
      expect(gateBytes.includes(Buffer.from('Exif'))).toBe(false);
      expect(jpegWithGps().includes(Buffer.from('Exif'))).toBe(true);
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  });

  it('warns before a photo when the device is almost out of storage, and takes no photo that would not fit', { timeout: 90_000 }, async () => {
    const { context, page, errors } = await openPage(e2e.browser, e2e.server);
    try {
      // The browser's estimate, as on a nearly full phone: 30 MB left, then 20 KB.
      await context.addInitScript(() => {
        const w = window as unknown as { storageLeft: number };
        w.storageLeft = 30 * 1024 * 1024;
        navigator.storage.estimate = async () => ({ quota: 1_000_000_000, usage: 1_000_000_000 - w.storageLeft });
      });
      await signInAs(page, e2e.server, DEMO.maple.board);
      await goInApp(page, '/compliance/create');
      const form = violationForm(page);
      await form.file.setInputFiles({ name: 'porch.png', mimeType: 'image/png', buffer: pngBytes(800, 600) });
      await page.getByText(/^This device is almost out of storage: 29 MB left$/).waitFor();
      await expect.poll(() => form.photos.count()).toBe(1);
      await page.evaluate(() => ((window as unknown as { storageLeft: number }).storageLeft = 20 * 1024));
      await form.file.setInputFiles({ name: 'steps.png', mimeType: 'image/png', buffer: pngBytes(800, 600) });
      await page.getByText('steps.png: This device is almost out of storage: 0 MB left').waitFor();
      expect(await form.photos.count()).toBe(1);
      expectNoPageErrors(errors);
    } finally {
      await context.close();
    }
  });

  it('an offline walk: a violation with two photos survives a reload, and reaches the server once with both photos once', { timeout: 180_000 }, async () => {
    const title = 'Pergola raised without approval';
    const { server } = e2e;
    const { context, page, errors } = await openPageWithServiceWorker(e2e.browser, server);
    try {
      const list = await createViolationOffline(page, context, server);
      const form = violationForm(page);
      await form.fill({ resident: `Rita Resident (${DEMO.maple.resident})`, title, message: 'A shed stands in the back yard.', dueDate: inDays(14) });
      await form.file.setInputFiles([
        { name: 'shed-front.png', mimeType: 'image/png', buffer: pngBytes(2400, 1800) },
        { name: 'shed-side.jpg', mimeType: 'image/jpeg', buffer: jpegWithGps() },
      ]);
      await expect.poll(() => form.photos.count(), { timeout: 20_000 }).toBe(2);
      await page.getByRole('status').getByText(/^2 photos \((\d+ KB|\d+\.\d MB)\) waiting to upload$/).waitFor();
      await expectNoSeriousAxe(page);
      await snap(page, 'violation-create-photos-queued');
      await form.submit.click();
      await waitForPath(page, '/violations');
      await page.getByRole('status').getByText(/^2 photos \((\d+ KB|\d+\.\d MB)\) and 1 change waiting$/).waitFor();

      // Reloaded offline (the service worker serves the app): the photos still show, from this device.
      await list.viewLink(title).click();
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await changesOnDevice(page);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 20_000 });
      // Each button names its photo; the image inside is decoration (alt="").
      const thumbnails = page.getByRole('list', { name: 'Violation photos' }).locator('img');
      await expect.poll(() => thumbnails.evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((i) => i.complete && i.naturalWidth > 0)), { timeout: 30_000 }).toEqual([true, true]);
      const kept = await keptPhotos(page);
      expect(kept.map((p) => [p.fileName, p.state])).toEqual([
        ['shed-front.jpg', 'queued'],
        ['shed-side.jpg', 'queued'],
      ]);
      expect(await storedViolation(server, title)).toBeUndefined();

      // A photo in the case's thread too, offline: the message waits for it as the violation does.
      await page.getByRole('link', { name: /^View Messages/ }).click();
      await page.getByText('Photos are kept on this device until you reconnect; other files need a connection.').waitFor();
      await page.locator('input[type="file"]').setInputFiles({ name: 'shed-back.png', mimeType: 'image/png', buffer: pngBytes(1800, 1200) });
      await page.getByText('shed-back.png', { exact: true }).waitFor();
      await thread(page).write('Another angle, from the alley.');
      await thread(page).messages.getByText('Another angle, from the alley.').waitFor();
      await page.getByRole('link', { name: 'Back to Violation' }).click();
      await page.getByRole('heading', { level: 1, name: title }).waitFor();

      await goOnline(context, server);
      await expect.poll(async () => (await storedViolation(server, title))?.notices, { timeout: 30_000 }).toBe(1);
      const stored = (await storedViolation(server, title))!;
      expect(stored).toMatchObject({ copies: 1, attachment: 'shed-front.jpg' });
      const photos = await server.db.execute({ sql: 'SELECT s3_key, file_name FROM violation_photos WHERE violation_id = ? ORDER BY position', args: [stored.id] });
      expect(photos.rows.map((r) => [r.s3_key, r.file_name])).toEqual(kept.map((p) => [p.s3Key, p.fileName]));
      // Each stored once, taken by the violation, with the bytes the device kept.
      const token = await apiToken(server, DEMO.maple.board);
      for (const p of kept) {
        const uploads = await server.db.execute({ sql: 'SELECT stored_at, attached_at FROM storage_uploads WHERE s3_key = ? AND deleted_at IS NULL', args: [p.s3Key] });
        expect(uploads.rows).toHaveLength(1);
        expect(uploads.rows[0].stored_at).not.toBeNull();
        expect(uploads.rows[0].attached_at).not.toBeNull();
        const { downloadUrl } = (await (
          await fetch(`${server.url}/api/violations/download-url`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ s3Key: p.s3Key }) })
        ).json()) as { downloadUrl: string };
        expect(sha256(new Uint8Array(await (await fetch(downloadUrl)).arrayBuffer()))).toBe(sha256(Buffer.from(p.bytes, 'base64')));
      }
      await expect
        .poll(async () => (await server.db.execute({ sql: 'SELECT attachment_filename AS f FROM violation_messages WHERE violation_id = ?', args: [stored.id] })).rows.map((r) => r.f), { timeout: 15_000 })
        .toEqual(['shed-back.jpg']);
      const mail = await server.db.execute({ sql: "SELECT coalesce(props, '') || html AS html FROM email_outbox WHERE ref = ? AND template = 'violation-notice'", args: [`violation:${stored.id}`] });
      expect(mail.rows).toHaveLength(1);
      for (const n of [1, 2]) expect(String(mail.rows[0].html)).toContain(`/compliance/${stored.id}#photo-${n}`);

      // Delivered: the device lets the photos go, and the screen shows them from storage.
      await expect.poll(async () => (await keptPhotos(page)).length, { timeout: 15_000 }).toBe(0);
      await expect.poll(() => thumbnails.evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((i) => i.complete && i.naturalWidth > 0 && !i.src.startsWith('blob:'))), { timeout: 15_000 }).toEqual([true, true]);
      await expectNoSeriousAxe(page);
      await snap(page, 'violation-detail-photos');
      await page.getByRole('button', { name: 'Open photo 2: shed-side.jpg' }).click();
      await page.getByRole('dialog', { name: 'shed-side.jpg' }).getByRole('img').waitFor();
      expectNoPageErrors(errors);
    } finally {
      server.setNetwork(true);
      await context.close();
    }
  });
  it('keeps a queued photo through an app update (the service worker replaced, its caches cleared) and sends it after', { timeout: 180_000 }, async () => {
    const title = 'Trash cans left at the curb';
    const { server } = e2e;
    const { context, page, errors } = await openPageWithServiceWorker(e2e.browser, server);
    try {
      await createViolationOffline(page, context, server);
      const form = violationForm(page);
      await form.fill({ resident: `Rita Resident (${DEMO.maple.resident})`, title, message: 'Three days at the curb.', dueDate: inDays(7) });
      await form.file.setInputFiles({ name: 'curb.png', mimeType: 'image/png', buffer: pngBytes(1200, 900) });
      await expect.poll(() => form.photos.count(), { timeout: 20_000 }).toBe(1);
      await form.submit.click();
      await waitForPath(page, '/violations');
      const [queued] = await keptPhotos(page);
      expect(queued).toMatchObject({ fileName: 'curb.jpg', state: 'queued' });
      await changesOnDevice(page);

      // What an update does to the old version: its service worker gone and every cache it kept deleted.
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.unregister();
        for (const key of await caches.keys()) await caches.delete(key);
      });
      await goOnline(context, server);
      await page.reload();
      // The new version starts, finds the photo on the device and sends it before the violation.
      await expect.poll(async () => (await storedViolation(server, title))?.notices, { timeout: 30_000 }).toBe(1);
      const stored = (await storedViolation(server, title))!;
      const photos = await server.db.execute({ sql: 'SELECT s3_key FROM violation_photos WHERE violation_id = ?', args: [stored.id] });
      expect(photos.rows.map((r) => r.s3_key)).toEqual([queued.s3Key]);
      await expect.poll(async () => (await keptPhotos(page)).length, { timeout: 15_000 }).toBe(0);
      await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 15_000 }).toBe('activated');
      expectNoPageErrors(errors);
    } finally {
      server.setNetwork(true);
      await context.close();
    }
  });
});
