/**
 * The areas mounted beside auth, in workerd: Replicache push and pull, the announcements and users
 * REST routes, presigned uploads and
 * downloads against a local S3, Stripe webhook signatures, the mail outbox delivered after the
 * response (ctx.waitUntil). The cron handler: cron.test.ts.
 */
import { describe, expect, inject, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../schema/uploads';
import { announcementReadKey, type SyncedAnnouncement } from '../../sync/areas/announcements';
import { signWebhookPayload } from '../../worker/services/payments/stripe';
import { login as loginVia } from '../helpers/http';
import { heldData, SyncTestClient } from '../sync/client';
import { call, DEMO, login, until, workerApp } from './http';
import { db } from './db';



describe('areas in workerd', () => {
  it('syncs with Replicache push and pull, each HOA seeing only its own announcements', async () => {
    const rita = new SyncTestClient(workerApp, (await loginVia(workerApp, DEMO.maple.resident2)).token);
    const first = await rita.pull();
    expect(first.patch[0]).toEqual({ op: 'clear' });
    const mapleTitles = rita.values<SyncedAnnouncement>('announcement/').map((a) => a.title);
    expect(mapleTitles).toContain('Pool opening weekend');

    const chris = new SyncTestClient(workerApp, (await loginVia(workerApp, DEMO.cedar.resident)).token);
    await chris.pull();
    const cedarTitles = chris.values<SyncedAnnouncement>('announcement/').map((a) => a.title);
    expect(cedarTitles).toContain('Welcome to the Cedar Park portal');
    expect(cedarTitles.filter((t) => mapleTitles.includes(t))).toEqual([]);

    const pool = rita.values<SyncedAnnouncement>('announcement/').find((a) => a.title === 'Pool opening weekend')!.id;
    const pushed = await rita.push([rita.mutation('markAnnouncementRead', { id: pool })]);
    expect(pushed.status).toBe(200);
    await rita.pull();
    expect(rita.lastMutationID).toBe(1);
    expect(rita.keys('announcementRead/')).toContain(announcementReadKey(pool));

    // A Maple Grove announcement is not found for Cedar Park: refused, recorded, never applied.
    await chris.push([chris.mutation('markAnnouncementRead', { id: pool })]);
    await chris.pull();
    expect(chris.lastMutationID).toBe(1);
    expect(chris.keys('announcementRead/')).toEqual([]);
  });

  it('a second new client group is sent the first one’s view and goes on from it (its view written after the answer)', async () => {
    const { token } = await loginVia(workerApp, DEMO.maple.board);
    const first = new SyncTestClient(workerApp, token);
    first.columns = true;
    await first.pull();
    const second = new SyncTestClient(workerApp, token);
    second.columns = true;
    await second.pull();
    expect(heldData(second)).toEqual(heldData(first));
    // Its next pull waits for the view the Worker writes after answering (ctx.waitUntil), and finds nothing new.
    expect((await second.pull()).patch).toEqual([]);
    const created = await call('POST', '/api/announcements', { token, body: { title: 'After a kept reset', message: '<p>Sent once</p>' } });
    expect(created.status).toBe(201);
    await second.pull();
    expect(second.lastPatch.map((op) => `${op.op} ${'key' in op ? op.key : ''}`)).toEqual([`put announcement/${created.json._id}`]);
  });

  it('runs the announcements and users REST areas, another HOA answering 404', async () => {
    const maple = await login(DEMO.maple.superadmin);
    const cedar = await login(DEMO.cedar.superadmin);

    const created = await call('POST', '/api/announcements', { token: maple.token, body: { title: 'Workerd check', message: '<p>Hello from <strong>workerd</strong></p>' } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ title: 'Workerd check', status: 'draft', category: 'general' });
    const id = created.json._id as string;
    const updated = await call('PUT', `/api/announcements/${id}`, { token: maple.token, body: { title: 'Workerd check, edited', message: '<p>Edited</p>' } });
    expect(updated).toMatchObject({ status: 200, json: { _id: id, title: 'Workerd check, edited' } });
    expect((await call('GET', `/api/announcements/${id}`, { token: maple.token })).json.title).toBe('Workerd check, edited');

    const invalid = await call('POST', '/api/announcements', { token: maple.token, body: { title: '', message: '<p>x</p>' } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors.map((e: { path: string }) => e.path)).toContain('title');

    // Cedar Park neither finds it nor lists it.
    expect((await call('GET', `/api/announcements/${id}`, { token: cedar.token })).status).toBe(404);
    expect((await call('PUT', `/api/announcements/${id}`, { token: cedar.token, body: { title: 'Taken over', message: '<p>x</p>' } })).status).toBe(404);
    const cedarList = await call('GET', '/api/announcements?limit=100', { token: cedar.token });
    expect(cedarList.status).toBe(200);
    expect(cedarList.json.docs.map((a: { _id: string }) => a._id)).not.toContain(id);
    const users = await call('GET', '/api/users', { token: maple.token });
    expect(users.status).toBe(200);
    expect(users.json.docs.length).toBeGreaterThanOrEqual(4);
    expect(new Set(users.json.docs.map((u: { hoa_id: string }) => u.hoa_id))).toEqual(new Set([maple.user.hoa_id]));

    expect((await call('DELETE', `/api/announcements/${id}`, { token: maple.token })).status).toBe(200);
    expect((await call('GET', `/api/announcements/${id}`, { token: maple.token })).status).toBe(404);
  });

  it('presigns uploads and downloads (SigV4 in workerd) that the S3 server accepts, scoped to the HOA', async () => {
    const { token } = await login(DEMO.maple.resident2);
    const bytes = new TextEncoder().encode('%PDF-1.4 a workerd check');
    const presigned = await call('POST', '/api/requests/presigned-url', { token, body: { fileName: 'fence plan.pdf', fileType: 'application/pdf', fileSize: bytes.length } });
    expect(presigned.status).toBe(200);
    expect(presigned.json.s3Key).toBeTruthy();
    const put = await fetch(presigned.json.uploadUrl, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: bytes });
    expect(put.status).toBe(200);

    const download = await call('POST', '/api/requests/download-url', { token, body: { s3Key: presigned.json.s3Key } });
    expect(download.status).toBe(200);
    const got = await fetch(download.json.downloadUrl);
    expect(got.status).toBe(200);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);

    const cedar = await login(DEMO.cedar.superadmin);
    expect(await call('POST', '/api/requests/download-url', { token: cedar.token, body: { s3Key: presigned.json.s3Key } })).toMatchObject({ status: 404, json: { message: 'File not found' } });

    const wrongType = await call('POST', '/api/requests/presigned-url', { token, body: { fileName: 'run.exe', fileType: 'application/x-msdownload', fileSize: 10 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.errors[0].msg).toBe('File type not allowed. Please upload PDF, DOC, DOCX, or image files');
  });

  it('takes a photo queued on a device: the same key for a retried presign, stored once the S3 server has it (HEAD in workerd), then a request may hold it', async () => {
    const { token } = await login(DEMO.maple.resident2);
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);
    const uploadId = crypto.randomUUID();
    const body = { fileName: 'leak.png', fileType: 'image/png', fileSize: bytes.length, uploadId };
    const first = await call('POST', '/api/requests/presigned-url', { token, body });
    const again = await call('POST', '/api/requests/presigned-url', { token, body });
    expect(again.json.s3Key).toBe(first.json.s3Key);
    const complete = () => call('POST', `/api/requests/uploads/${uploadId}/complete`, { token });
    expect((await complete()).status).toBe(409);
    const filed = () => call('POST', '/api/requests', { token, body: { title: 'Leak under the sink', description: '<p>Photo attached.</p>', category: 'Maintenance', photo_url: first.json.s3Key } });
    expect((await filed()).json.errors).toEqual([{ path: 'photo_url', msg: UPLOAD_MESSAGES.notStored }]);

    expect((await fetch(again.json.uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: bytes })).status).toBe(200);
    expect(await complete()).toMatchObject({ status: 200, json: { s3Key: first.json.s3Key } });
    expect((await filed()).status).toBe(201);
  });

  it('verifies Stripe webhook signatures with Web Crypto and records each event once', async () => {
    const now = Math.floor(Date.now() / 1000);
    const payload = JSON.stringify({ id: `evt_workerd_${now}`, object: 'event', type: 'customer.created', created: now, data: { object: { id: 'cus_workerd', object: 'customer' } } });
    const signature = await signWebhookPayload(payload, inject('stripeWebhookSecret'), now);
    const first = await call('POST', '/api/webhooks/stripe', { body: payload, headers: { 'stripe-signature': signature } });
    expect(first).toMatchObject({ status: 200, json: { received: true, duplicate: false, outcome: 'ignored' } });
    const again = await call('POST', '/api/webhooks/stripe', { body: payload, headers: { 'stripe-signature': signature } });
    expect(again).toMatchObject({ status: 200, json: { duplicate: true } });

    const tampered = await call('POST', '/api/webhooks/stripe', { body: payload.replace('cus_workerd', 'cus_other'), headers: { 'stripe-signature': signature } });
    expect(tampered).toMatchObject({ status: 400, json: { message: 'Invalid webhook signature' } });
    expect((await call('POST', '/api/webhooks/stripe', { body: payload })).status).toBe(400);
  });

  it('queues mail and delivers it after the response; with no provider configured it fails visibly', async () => {
    const r = await call('POST', '/api/auth/forgot-password', { body: { email: DEMO.cedar.board } });
    expect(r.status).toBe(200);
    const row = await until(async () => {
      const rows = (await db.execute({ sql: "SELECT status, last_error FROM email_outbox WHERE to_email = ? AND template = 'password-reset'", args: [DEMO.cedar.board] })).rows;
      return rows[0] && rows[0].status !== 'queued' && rows[0].status !== 'sending' ? rows[0] : undefined;
    });
    expect(row.status).toBe('failed');
    expect(String(row.last_error)).toContain('RESEND_API_KEY');
  });
});
