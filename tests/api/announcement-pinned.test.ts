/**
 * Pinned announcements: the board sets `pinned` in the form (create and edit of a draft); it stays
 * once sent; every reader gets it in the REST answer and in the synced value alike; a body without it
 * is not pinned, a value that is not a boolean is a 400 on `pinned`. A sent one is pinned or unpinned
 * on its own (`PUT /:id/pinned`, the `pinAnnouncement` mutator): board and superadmin only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_MESSAGES, type ApiAnnouncement } from '../../schema/announcements';
import { announcementKey, type SyncedAnnouncement } from '../../sync/areas/announcements';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { signedInClient } from '../sync/client';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

const form = (over: Record<string, unknown> = {}) => ({
  title: 'Water shut-off on Tuesday',
  message: '<p>The water is off from 9 am to noon.</p>',
  category: 'maintenance',
  audience_type: 'all',
  custom_recipients: [],
  attachment: null,
  ...over,
});

describe('pinned announcements', () => {
  it('the board pins in the form; readers see `pinned` in REST and in their synced value; it survives sending', async () => {
    t = await createTestApp();
    const board = (await login(t, DEMO.maple.board)).token;
    const created = await call(t, 'POST', '/api/announcements', { token: board, body: form({ pinned: true }) });
    expect(created.status).toBe(201);
    expect((created.json as ApiAnnouncement).pinned).toBe(true);
    const id = created.json._id as string;

    const unpinned = await call(t, 'PUT', `/api/announcements/${id}`, { token: board, body: form({ pinned: false }) });
    expect(unpinned.json.pinned).toBe(false);
    const repinned = await call(t, 'PUT', `/api/announcements/${id}`, { token: board, body: form({ pinned: true }) });
    expect(repinned.json.pinned).toBe(true);
    expect((await call(t, 'POST', `/api/announcements/${id}/send`, { token: board, body: {} })).status).toBe(200);

    const rita = await signedInClient(t, DEMO.maple.resident);
    await rita.pull();
    const one = await call(t, 'GET', `/api/announcements/${id}`, { token: rita.token });
    expect(one.json.pinned).toBe(true);
    const page = await call(t, 'GET', '/api/announcements?page=1&limit=100', { token: rita.token });
    const docs = page.json.docs as ApiAnnouncement[];
    expect(docs.find((d) => d._id === id)?.pinned).toBe(true);
    // The seeded ones are not pinned; the synced values say what REST says.
    for (const d of docs) expect((rita.data.get(announcementKey(d._id)) as SyncedAnnouncement).pinned).toBe(d.pinned);
    expect(docs.filter((d) => d.pinned).map((d) => d._id)).toEqual([id]);
  });

  it('a body without `pinned` is not pinned; a value that is not a boolean is refused on `pinned`', async () => {
    t = await createTestApp();
    const board = (await login(t, DEMO.maple.board)).token;
    const plain = await call(t, 'POST', '/api/announcements', { token: board, body: form() });
    expect(plain.status).toBe(201);
    expect(plain.json.pinned).toBe(false);
    const bad = await call(t, 'POST', '/api/announcements', { token: board, body: form({ pinned: 'yes' }) });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([{ path: 'pinned', msg: ANNOUNCEMENT_MESSAGES.pinnedInvalid }]);
  });

  it('the draft mutators carry `pinned` to the server', async () => {
    t = await createTestApp();
    const ben = await signedInClient(t, DEMO.maple.board);
    const id = crypto.randomUUID();
    const fields = form();
    await ben.push([ben.mutation('createAnnouncementDraft', { id, ...fields, pinned: true })]);
    await ben.pull();
    expect((ben.data.get(announcementKey(id)) as SyncedAnnouncement).pinned).toBe(true);
    // Left out: not pinned (the form's default), as over REST.
    await ben.push([ben.mutation('updateAnnouncementDraft', { id, ...fields })]);
    await ben.pull();
    expect((ben.data.get(announcementKey(id)) as SyncedAnnouncement).pinned).toBe(false);
  });

  it('the board pins and unpins a sent announcement; a resident may not; another HOA’s is a 404', async () => {
    t = await createTestApp();
    const board = (await login(t, DEMO.maple.board)).token;
    const resident = (await login(t, DEMO.maple.resident)).token;
    const page = await call(t, 'GET', '/api/announcements?page=1&limit=100', { token: board });
    const sent = (page.json.docs as ApiAnnouncement[]).find((d) => d.title === 'Board meeting agenda')!;
    expect(sent.status).toBe('sent');

    const pinned = await call(t, 'PUT', `/api/announcements/${sent._id}/pinned`, { token: board, body: { pinned: true } });
    expect(pinned.status).toBe(200);
    expect(pinned.json.pinned).toBe(true);
    expect(pinned.json.status).toBe('sent');
    // The same again changes nothing, and answers the same.
    expect((await call(t, 'PUT', `/api/announcements/${sent._id}/pinned`, { token: board, body: { pinned: true } })).json.version).toBe(pinned.json.version);

    const refused = await call(t, 'PUT', `/api/announcements/${sent._id}/pinned`, { token: resident, body: { pinned: false } });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(ANNOUNCEMENT_MESSAGES.boardOnly);
    const bad = await call(t, 'PUT', `/api/announcements/${sent._id}/pinned`, { token: board, body: { pinned: 'no' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([{ path: 'pinned', msg: ANNOUNCEMENT_MESSAGES.pinnedInvalid }]);

    const cedarBoard = (await login(t, DEMO.cedar.board)).token;
    expect((await call(t, 'PUT', `/api/announcements/${sent._id}/pinned`, { token: cedarBoard, body: { pinned: false } })).status).toBe(404);

    const unpinned = await call(t, 'PUT', `/api/announcements/${sent._id}/pinned`, { token: board, body: { pinned: false } });
    expect(unpinned.json.pinned).toBe(false);
  });

  it('the pinAnnouncement mutator pins offline-made changes on the server; a resident’s is refused', async () => {
    t = await createTestApp();
    const ben = await signedInClient(t, DEMO.maple.board);
    await ben.pull();
    const page = await call(t, 'GET', '/api/announcements?page=1&limit=100', { token: ben.token });
    const sent = (page.json.docs as ApiAnnouncement[]).find((d) => d.title === 'Pool opening weekend')!;
    await ben.push([ben.mutation('pinAnnouncement', { id: sent._id, pinned: true })]);
    await ben.pull();
    expect((ben.data.get(announcementKey(sent._id)) as SyncedAnnouncement).pinned).toBe(true);

    const rita = await signedInClient(t, DEMO.maple.resident);
    await rita.push([rita.mutation('pinAnnouncement', { id: sent._id, pinned: false })]);
    await rita.pull();
    // Refused (a notice for Rita); the pin stands for everyone.
    expect((rita.data.get(announcementKey(sent._id)) as SyncedAnnouncement).pinned).toBe(true);
    expect((await call(t, 'GET', `/api/announcements/${sent._id}`, { token: ben.token })).json.pinned).toBe(true);
  });
});
