/**
 * Attachment keys belong to the user who asked for them: another member of the same HOA
 * cannot attach them, by REST or by the sync push. The one place the spec needs a key of someone
 * else is a record that already holds it: a board member editing a colleague's announcement draft
 * keeps its attachment (and may only keep it, not take another of the colleague's keys).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../schema/uploads';
import { syncNotices, users } from '../../schema/tables';
import { assertIssuedKey } from '../../worker/domain/uploads';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { SyncTestClient } from '../sync/client';

let t: TestApp;
let rita: string, ray: string, ben: string, olivia: string;
const png = { fileName: 'photo.png', fileType: 'image/png', fileSize: 100 };
const presign = async (token: string, area: string) => {
  const r = await call(t, 'POST', `/api/${area}/presigned-url`, { token, body: { ...png, ...(area === 'documents' ? { feature: 'documents' } : {}) } });
  expect(r.status).toBe(200);
  return r.json.s3Key as string;
};
const userOf = async (email: string) => (await t.deps.database.db.select({ id: users.id, hoaId: users.hoaId }).from(users).where(eq(users.email, email)))[0];
const unknownKey = (path: string) => ({ status: 400, json: { message: UPLOAD_MESSAGES.unknownKey, errors: [{ path, msg: UPLOAD_MESSAGES.unknownKey }] } });

beforeAll(async () => {
  t = await createTestApp();
  [rita, ray, ben, olivia] = (await Promise.all([DEMO.maple.resident, DEMO.maple.resident2, DEMO.maple.board, DEMO.maple.superadmin].map((e) => login(t, e)))).map((s) => s.token);
});
afterAll(() => t?.close());

describe('attachment keys are the uploader’s', () => {
  it('a resident cannot file a request with a neighbour’s key (REST)', async () => {
    const ritasKey = await presign(rita, 'requests');
    const r = await call(t, 'POST', '/api/requests', { token: ray, body: { title: 'Gate', description: '<p>Stuck</p>', category: 'Maintenance', photo_url: ritasKey } });
    expect(r).toMatchObject(unknownKey('photo_url'));
    // Her own key is hers to attach.
    const own = await call(t, 'POST', '/api/requests', { token: rita, body: { title: 'Gate', description: '<p>Stuck</p>', category: 'Maintenance', photo_url: ritasKey } });
    expect(own.status).toBe(201);
    expect(own.json.photo_url).toBe(ritasKey);
  });

  it('nor by the sync push: the change is refused with the same words', async () => {
    const ritasKey = await presign(rita, 'requests');
    const client = new SyncTestClient(t, ray);
    const pushed = await client.push([client.mutation('createRequest', { id: crypto.randomUUID(), title: 'Gate', description: '<p>Stuck</p>', category: 'Maintenance', photo_url: ritasKey })]);
    expect(pushed.status).toBe(200);
    const notices = await t.deps.database.db.select().from(syncNotices).where(eq(syncNotices.clientId, client.clientID));
    expect(notices.map((n) => n.message)).toEqual([UPLOAD_MESSAGES.unknownKey]);
  });

  it('violation messages: a resident’s key is not the board’s, nor another resident’s', async () => {
    const ritaId = (await userOf(DEMO.maple.resident)).id;
    const violation = (photo_url: string | null) => ({
      user_id: ritaId,
      category: 'Parking',
      title: 'Car on the lawn',
      message: '<p>Please move it.</p>',
      due_date: new Date(t.clock() + 7 * 86_400_000).toISOString().slice(0, 10),
      photo_url,
    });
    const issued = await call(t, 'POST', '/api/violations', { token: ben, body: violation(null) });
    expect(issued.status, JSON.stringify(issued.json)).toBe(201);
    const ritasKey = await presign(rita, 'violations');
    const byBoard = await call(t, 'POST', `/api/violations/${issued.json._id}/messages`, { token: ben, body: { message: '<p>See photo</p>', is_internal: false, photo_url: ritasKey } });
    expect(byBoard).toMatchObject(unknownKey('photo_url'));
    const bensKey = await presign(ben, 'violations');
    const theft = await call(t, 'POST', '/api/violations', { token: olivia, body: violation(bensKey) });
    expect(theft).toMatchObject(unknownKey('photo_url'));
    const own = await call(t, 'POST', `/api/violations/${issued.json._id}/messages`, { token: rita, body: { message: '<p>Moved it</p>', is_internal: false, photo_url: ritasKey } });
    expect(own.status, JSON.stringify(own.json)).toBe(201);
  });

  it('documents: a board member files only the uploads they made', async () => {
    const bensKey = await presign(ben, 'documents');
    const doc = { title: 'Rules', category: 'Bylaws', is_public: true, notes: '', tags: [] };
    expect(await call(t, 'POST', '/api/documents', { token: olivia, body: { ...doc, s3_key: bensKey } })).toMatchObject(unknownKey('s3_key'));
    expect((await call(t, 'POST', '/api/documents', { token: ben, body: { ...doc, s3_key: bensKey } })).status).toBe(201);
  });

  it('announcement drafts: a colleague keeps the attachment the draft holds, and may not swap in another of its author’s keys', async () => {
    const form = (attachmentKey: string | null) => ({
      title: 'Pool rules',
      message: '<p>New pool rules.</p>',
      category: 'general',
      audience_type: 'all',
      custom_recipients: [],
      delivery_methods: ['in_app', 'email'],
      attachment: attachmentKey ? { s3_key: attachmentKey, filename: 'photo.png', file_size: 100, file_type: 'png' } : null,
    });
    const first = await presign(ben, 'announcements');
    const draft = await call(t, 'POST', '/api/announcements', { token: ben, body: form(first) });
    expect(draft.status).toBe(201);
    // Olivia edits Ben's draft and keeps its file.
    const kept = await call(t, 'PUT', `/api/announcements/${draft.json._id}`, { token: olivia, body: { ...form(first), title: 'Pool rules (updated)' } });
    expect(kept.status, JSON.stringify(kept.json)).toBe(200);
    expect(kept.json.attachment.s3_key).toBe(first);
    // Another of Ben's keys is not hers to attach.
    const second = await presign(ben, 'announcements');
    expect(await call(t, 'PUT', `/api/announcements/${draft.json._id}`, { token: olivia, body: form(second) })).toMatchObject(unknownKey('attachment.s3_key'));
    // Nor to start a draft of her own with Ben's file.
    expect(await call(t, 'POST', '/api/announcements', { token: olivia, body: form(first) })).toMatchObject(unknownKey('attachment.s3_key'));
  });

  it('assertIssuedKey names the uploader: the same answer as for a made-up key', async () => {
    const ritasKey = await presign(rita, 'requests');
    const [ritaUser, rayUser] = await Promise.all([userOf(DEMO.maple.resident), userOf(DEMO.maple.resident2)]);
    const db = t.deps.database.db;
    expect(await assertIssuedKey(db, { hoaId: ritaUser.hoaId!, userId: ritaUser.id }, 'requests', ritasKey)).toMatchObject({ s3Key: ritasKey });
    await expect(assertIssuedKey(db, { hoaId: rayUser.hoaId!, userId: rayUser.id }, 'requests', ritasKey, 'photo_url')).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'photo_url', msg: UPLOAD_MESSAGES.unknownKey }],
    });
  });
});
