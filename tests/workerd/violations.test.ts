/**
 * Violations in workerd: the REST routes (issue with a photo uploaded straight to the local S3 through
 * a presigned URL, filters, status and resolution, the thread with an internal note), the react-email
 * templates rendered into the outbox, downloads for the resident it was issued to only, and the synced
 * value with its thread built by SQLite behind the local Hrana server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { violationKey, type SyncedViolation } from '../../sync/areas/violations';
import { SyncTestClient } from '../sync/client';
import { call, DEMO, demoDay, login, workerApp } from './http';
import { db } from './db';


const templatesOf = async (id: string) =>
  (await db.execute({ sql: 'SELECT template, to_email FROM email_outbox WHERE ref = ? ORDER BY created_at, template', args: [`violation:${id}`] })).rows.map((r) => [r.template, r.to_email]);

describe('violations in workerd', () => {
  // One sign-in each for the file: the whole workerd run shares the per-address sign-in limit.
  // The superadmin: the auth checks change the board member's password.
  let rita: Awaited<ReturnType<typeof login>>, owner: typeof rita, ray: typeof rita;
  beforeAll(async () => {
    [rita, owner, ray] = await Promise.all([login(DEMO.maple.resident), login(DEMO.maple.superadmin), login(DEMO.maple.resident2)]);
  });

  it('issues with a photo, filters, resolves and talks over REST; residents never see the internal note; mail rendered into the outbox', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const presigned = await call('POST', '/api/violations/presigned-url', { token: owner.token, body: { fileName: 'workerd lawn.png', fileType: 'image/png', fileSize: bytes.length } });
    expect(presigned.status).toBe(200);
    const put = await fetch(presigned.json.uploadUrl, { method: 'PUT', body: bytes, headers: { 'Content-Type': 'image/png' } });
    expect(put.status).toBe(200);

    const body = { user_id: rita.user._id, category: 'Lawn Maintenance', title: 'Workerd lawn', message: '<p>Mow the <em>lawn</em>.</p>', due_date: demoDay(3), photo_url: presigned.json.s3Key };
    const issued = await call('POST', '/api/violations', { token: owner.token, body });
    expect(issued.status).toBe(201);
    const id = issued.json._id as string;
    expect(issued.json).toMatchObject({ status: 'open', is_overdue: false, user_id: { name: 'Rita Resident' }, issued_by: { name: 'Olivia Owner' }, attachment: { filename: 'workerd lawn.png', file_type: 'png' } });
    const list = await call('GET', '/api/violations?status=open&category=Lawn%20Maintenance&limit=100', { token: owner.token });
    expect(list.json.docs.map((d: { _id: string }) => d._id)).toContain(id);

    await call('POST', `/api/violations/${id}/messages`, { token: owner.token, body: { message: '<p>Check again Friday.</p>', is_internal: true } });
    await call('POST', `/api/violations/${id}/messages`, { token: rita.token, body: { message: '<p>Mowed it today.</p>' } });
    const resolved = await call('PUT', `/api/violations/${id}/status`, { token: owner.token, body: { status: 'resolved', resolution_notes: 'Lawn mowed.' } });
    expect(resolved.json.resolution).toMatchObject({ resolved_by: { name: 'Olivia Owner' }, resolution_notes: 'Lawn mowed.' });

    const seen = await call('GET', `/api/violations/${id}`, { token: rita.token });
    expect(seen.json.messages.map((m: { message: string }) => m.message)).toEqual(['<p>Mowed it today.</p>']);
    expect((await call('GET', `/api/violations/${id}`, { token: ray.token })).status).toBe(404);

    // The photo: Rita downloads it byte for byte; Ray gets the 404.
    const download = await call('POST', '/api/violations/download-url', { token: rita.token, body: { s3Key: presigned.json.s3Key } });
    expect(download.status).toBe(200);
    expect(new Uint8Array(await (await fetch(download.json.downloadUrl)).arrayBuffer())).toEqual(bytes);
    expect((await call('POST', '/api/violations/download-url', { token: ray.token, body: { s3Key: presigned.json.s3Key } })).status).toBe(404);

    // The notice, then the status change; nothing for Rita's own message or the internal note.
    expect(await templatesOf(id)).toEqual([
      ['violation-notice', DEMO.maple.resident],
      ['violation-update', DEMO.maple.resident],
    ]);
  });

  it('syncs a violation issued offline with a status change and a message: the value and its thread come from SQLite behind Hrana', async () => {
    const board = new SyncTestClient(workerApp, owner.token);
    await board.pull();
    const id = crypto.randomUUID();
    const pushed = await board.push([
      board.mutation('issueViolation', { id, user_id: rita.user._id, category: 'Trash', title: 'Workerd offline violation', message: '<p>Issued on a walk.</p>', due_date: demoDay(2), photo_url: null }),
      board.mutation('setViolationStatus', { id, status: 'under_review' }),
      board.mutation('addViolationMessage', { id: crypto.randomUUID(), violationId: id, message: '<p>Photo to follow.</p>', is_internal: false }),
    ]);
    expect(pushed.status).toBe(200);
    const resident = new SyncTestClient(workerApp, rita.token);
    await resident.pull();
    const value = resident.data.get(violationKey(id)) as SyncedViolation;
    expect(value).toMatchObject({ title: 'Workerd offline violation', status: 'under_review', resident: { name: 'Rita Resident' }, issuedBy: { name: 'Olivia Owner' } });
    expect(value.messages.map((m) => [m.message, m.author.name])).toEqual([['<p>Photo to follow.</p>', 'Olivia Owner']]);
    expect(value.history.map((h) => h.action)).toEqual(['Violation issued', 'Status changed from Open to Under Review', 'Message added']);
    expect((await templatesOf(id)).map(([template]) => template)).toEqual(['violation-notice', 'violation-update', 'violation-update']);
  });
});
