/**
 * Architectural applications in workerd: a resident's phone uploads a queued photo under its own
 * upload id, then pushes the application; the pull gives the application (with its photo) and its
 * request; the REST list has it; a board member's review over REST reaches the board's pull.
 */
import { describe, expect, it } from 'vitest';
import { applicationKey, type SyncedApplication } from '../../sync/areas/applications';
import { requestKey, type SyncedRequest } from '../../sync/areas/requests';
import { SyncTestClient } from '../sync/client';
import { call, DEMO, login, workerApp } from './http';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 64 }, (_, i) => (i * 7) % 256)]);

describe('architectural applications in workerd', () => {
  it('a queued photo, then the application in one push; REST lists it; a review reaches the board', async () => {
    const resident = await login(DEMO.maple.resident);
    const uploadId = crypto.randomUUID();
    const up = await call('POST', '/api/applications/presigned-url', { token: resident.token, body: { fileName: 'yard.png', fileType: 'image/png', fileSize: png.length, uploadId } });
    expect(up.status).toBe(200);
    expect((await fetch(up.json.uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: png })).status).toBe(200);
    expect((await call('POST', `/api/applications/uploads/${uploadId}/complete`, { token: resident.token })).status).toBe(200);

    const phone = new SyncTestClient(workerApp, resident.token);
    const id = crypto.randomUUID();
    const pushed = await phone.push([
      phone.mutation('submitApplication', { id, title: 'Workerd pergola', description: '<p>A cedar pergola.</p>', start_date: '2027-04-01', photos: [up.json.s3Key], plans: [] }),
    ]);
    expect(pushed.status).toBe(200);
    await phone.pull();
    expect(phone.values('notice/')).toEqual([]);
    const value = phone.data.get(applicationKey(id)) as SyncedApplication;
    expect(value).toMatchObject({ title: 'Workerd pergola', status: 'under_review', photos: [{ s3Key: up.json.s3Key, filename: 'yard.png' }] });
    expect(phone.data.get(requestKey(id)) as SyncedRequest).toMatchObject({ category: 'Modification' });

    const list = await call('GET', '/api/applications', { token: resident.token });
    expect(list.status).toBe(200);
    expect(list.json.docs.map((d: { _id: string }) => d._id)).toContain(id);

    const ben = await login(DEMO.maple.board);
    const reviewed = await call('POST', `/api/applications/${id}/reviews`, { token: ben.token, body: { decision: 'approve' } });
    expect(reviewed.status).toBe(200);
    const board = new SyncTestClient(workerApp, ben.token);
    await board.pull();
    expect((board.data.get(applicationKey(id)) as SyncedApplication).reviews).toMatchObject([{ reviewer: { name: 'Ben Board' }, decision: 'approve' }]);
  });
});
