/**
 * Requests in workerd: the REST routes (list filters, triage, the thread, a multipart attachment
 * stored by the Worker in the local S3 through the AWS SDK's PutObject, then downloaded), the
 * react-email templates rendered into the outbox, and the synced value with its thread built by
 * SQLite behind the local Hrana server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { requestKey, type SyncedRequest } from '../../sync/areas/requests';
import { SyncTestClient } from '../sync/client';
import { call, DEMO, login, workerApp } from './http';
import { boardEmailsOf, db } from './db';



const templatesOf = async (id: string) =>
  (await db.execute({ sql: 'SELECT template, to_email FROM email_outbox WHERE ref = ? ORDER BY to_email, template', args: [`request:${id}`] })).rows.map((r) => [r.template, r.to_email]);

describe('requests in workerd', () => {
  // One sign-in each for the file: the whole workerd run shares the per-address sign-in limit.
  // The superadmin: the auth checks change the board member's password.
  let rita: Awaited<ReturnType<typeof login>>, owner: typeof rita, ray: typeof rita;
  beforeAll(async () => {
    [rita, owner, ray] = await Promise.all([login(DEMO.maple.resident), login(DEMO.maple.superadmin), login(DEMO.maple.resident2)]);
  });

  it('files, filters, triages and answers over REST; residents never see the internal note', async () => {
    const filed = await call('POST', '/api/requests', { token: rita.token, body: { title: 'Workerd porch light', description: '<p>The porch <em>light</em> flickers.</p>', category: 'Maintenance', photo_url: null } });
    expect(filed.status).toBe(201);
    const id = filed.json._id as string;
    const list = await call('GET', '/api/requests?search=workerd%20porch&category=Maintenance&status=open&sort=createdAt', { token: owner.token });
    expect(list.json.docs.map((d: { _id: string }) => d._id)).toEqual([id]);

    const put = await call('PUT', `/api/requests/${id}`, { token: owner.token, body: { status: 'in_progress', assigned_to: owner.user._id, resolution_deadline: '2030-01-15' } });
    expect(put.json).toMatchObject({ status: 'in_progress', assigned_to: { _id: owner.user._id }, resolution_deadline: '2030-01-15T00:00:00.000Z' });
    await call('POST', `/api/requests/${id}/comments`, { token: owner.token, body: { message: '<p>Vendor: Bright Spark.</p>', is_public: false } });
    const answered = await call('POST', `/api/requests/${id}/comments`, { token: owner.token, body: { message: '<p>An electrician comes <strong>Monday</strong>.</p>', is_public: true } });
    expect(answered.status).toBe(201);
    expect(answered.json.comments).toHaveLength(2);

    const seen = await call('GET', `/api/requests/${id}`, { token: rita.token });
    expect(seen.json.comments.map((c: { user_id: { name: string }; message: string }) => [c.user_id.name, c.message])).toEqual([['HOA Staff', '<p>An electrician comes <strong>Monday</strong>.</p>']]);
    expect(seen.json.assigned_to).toBeNull();
    expect((await call('GET', `/api/requests/${id}`, { token: ray.token })).status).toBe(404);

    // Filed → every active board member; status change and staff answer → Rita.
    const board = await boardEmailsOf(DEMO.maple.resident);
    expect(board).toEqual(expect.arrayContaining([DEMO.maple.board, DEMO.maple.superadmin]));
    expect(await templatesOf(id)).toEqual(
      [...board.map((email) => ['request-filed', email]), ['request-update', DEMO.maple.resident], ['request-update', DEMO.maple.resident]].sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0])),
    );
  });

  it('stores a multipart attachment in S3 from the Worker and downloads it for the filer only', async () => {
    const filed = await call('POST', '/api/requests', { token: rita.token, body: { title: 'Workerd attachment', description: '<p>See photo.</p>', category: 'Other' } });
    const bytes = new TextEncoder().encode('%PDF-1.4\nworkerd multipart check\n%%EOF\n');
    const form = new FormData();
    form.set('file', new File([bytes], 'crack photo.pdf', { type: 'application/pdf' }));
    const stored = await call('POST', `/api/requests/${filed.json._id}/attachments`, { token: rita.token, body: form });
    expect(stored.status).toBe(201);
    expect(stored.json).toMatchObject({ fileName: 'crack photo.pdf', fileSize: bytes.length, fileType: 'pdf' });

    const download = await call('POST', '/api/requests/download-url', { token: rita.token, body: { s3Key: stored.json.s3Key } });
    expect(download.status).toBe(200);
    const got = await fetch(download.json.downloadUrl);
    expect(got.status).toBe(200);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);
    expect((await call('POST', '/api/requests/download-url', { token: ray.token, body: { s3Key: stored.json.s3Key } })).status).toBe(404);
  });

  it('syncs a request filed offline with its message, then triaged by the board: the values and the thread come from SQLite behind Hrana', async () => {
    const client = new SyncTestClient(workerApp, rita.token);
    await client.pull();
    const id = crypto.randomUUID();
    const pushed = await client.push([
      client.mutation('createRequest', { id, title: 'Workerd offline request', description: '<p>Filed offline.</p>', category: 'Inquiry', photo_url: null }),
      client.mutation('addRequestComment', { id: crypto.randomUUID(), requestId: id, message: '<p>And a message.</p>', is_public: true }),
    ]);
    expect(pushed.status).toBe(200);
    await client.pull();
    const value = client.data.get(requestKey(id)) as SyncedRequest;
    expect(value).toMatchObject({ title: 'Workerd offline request', status: 'open', resident: { name: 'Rita Resident' }, assignee: null });
    expect(value.messages.map((m) => [m.message, m.isPublic, m.author.isStaff])).toEqual([['<p>And a message.</p>', true, false]]);
    expect(value.history.map((h) => h.action)).toEqual(['Request created', 'Message added']);

    // The board triages it through the push; Rita's next pull shows the status and deadline, never the assignee.
    const board = new SyncTestClient(workerApp, owner.token);
    await board.pull();
    const triaged = await board.push([
      board.mutation('setRequestStatus', { id, status: 'in_progress' }),
      board.mutation('updateRequestTriage', { id, assigned_to: owner.user._id, resolution_deadline: '2030-02-01' }),
    ]);
    expect(triaged.status).toBe(200);
    await board.pull();
    expect(board.data.get(requestKey(id))).toMatchObject({ status: 'in_progress', assignee: { id: owner.user._id }, resolutionDeadline: Date.UTC(2030, 1, 1) });
    await client.pull();
    expect(client.data.get(requestKey(id))).toMatchObject({ status: 'in_progress', assignee: null, resolutionDeadline: Date.UTC(2030, 1, 1) });
  });
});
