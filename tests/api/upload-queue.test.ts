/**
 * Uploads a device queued offline, against the real S3 client and s3rver: the client names the upload,
 * a retried presign of the same file answers the same key (a retried PUT stores one object), the server
 * records it stored only when the object is there with the declared size and type, a violation may take
 * it only then (over REST and in a sync push alike), and an upload no record took is removed after a day.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageUploads, users } from '../../schema/tables';
import { UPLOAD_MESSAGES } from '../../schema/uploads';
import { startLocalS3, type LocalS3 } from '../../worker/dev/local-s3';
import { removeOrphanedUploads } from '../../worker/domain/uploads';
import { createS3Storage } from '../../worker/services/storage/s3';
import { SyncTestClient } from '../sync/client';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';

const DAY = 86_400_000;
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 200 }, (_, i) => i % 256)]);
const photo = (uploadId: string, over: Record<string, unknown> = {}) => ({ fileName: 'fence.png', fileType: 'image/png', fileSize: png.byteLength, uploadId, ...over });

describe('uploads queued on a device', () => {
  let s3: LocalS3;
  let t: TestApp;
  let dir: string;
  let board: string;
  let ritaId: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hoa-s3-queue-'));
    s3 = await startLocalS3({ directory: dir, port: 0, allowedOrigins: ['http://localhost:8787'], reset: true });
    t = await createTestApp({ storage: createS3Storage(s3.config) });
    board = (await login(t, DEMO.maple.board)).token;
    [{ id: ritaId }] = await t.deps.database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.maple.resident));
  });
  afterAll(async () => {
    t?.close();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const presign = (body: Record<string, unknown>, token = board) => call(t, 'POST', '/api/violations/presigned-url', { token, body });
  const complete = (uploadId: string, token = board) => call(t, 'POST', `/api/violations/uploads/${uploadId}/complete`, { token });
  const put = (url: string, bytes: Uint8Array, type = 'image/png') => fetch(url, { method: 'PUT', headers: { 'Content-Type': type }, body: new Blob([bytes as Uint8Array<ArrayBuffer>]) });
  const violation = (photoUrl: string) => ({
    user_id: ritaId,
    category: 'Parking',
    title: 'Fence panel down',
    message: '<p>The fence panel by the gate is down.</p>',
    due_date: new Date(t.clock() + 7 * DAY).toISOString().slice(0, 10),
    photo_url: photoUrl,
  });

  it('answers the same key for a retried presign of the same file, so a retried PUT stores one object; another file’s id is a 409', async () => {
    const id = crypto.randomUUID();
    const first = await presign(photo(id));
    const again = await presign(photo(id));
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.json.s3Key).toBe(first.json.s3Key);
    expect(first.json.s3Key).toContain(`/violations/${id}-fence.png`);
    for (const url of [first.json.uploadUrl, again.json.uploadUrl]) expect((await put(url, png)).status).toBe(200);
    expect((await t.deps.storage.head(first.json.s3Key))?.size).toBe(png.byteLength);
    expect(await t.deps.database.db.select().from(storageUploads).where(eq(storageUploads.clientUploadId, id))).toHaveLength(1);

    const other = await presign(photo(id, { fileName: 'other.png' }));
    expect(other).toMatchObject({ status: 409, json: { message: UPLOAD_MESSAGES.uploadIdTaken } });
    const bad = await presign(photo('../../etc'));
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([{ path: 'uploadId', msg: UPLOAD_MESSAGES.uploadIdInvalid }]);
  });

  it('refuses a violation that points at a queued photo before it is stored, over REST and in a push; takes it once stored', async () => {
    const id = crypto.randomUUID();
    const { json } = await presign(photo(id));
    const early = await call(t, 'POST', '/api/violations', { token: board, body: violation(json.s3Key) });
    expect(early.status).toBe(400);
    expect(early.json.errors).toEqual([{ path: 'photo_url', msg: UPLOAD_MESSAGES.notStored }]);
    expect(await complete(id)).toMatchObject({ status: 409, json: { message: UPLOAD_MESSAGES.notStored } });

    // In a push: refused with a notice the board member reads, the violation not written.
    const device = new SyncTestClient(t, board);
    await device.pull();
    const violationId = crypto.randomUUID();
    await device.push([device.mutation('issueViolation', { id: violationId, ...violation(json.s3Key) })]);
    await device.pull();
    expect(device.values<{ mutationName: string; message: string }>('notice/')).toEqual([expect.objectContaining({ mutationName: 'issueViolation', message: expect.stringContaining(UPLOAD_MESSAGES.notStored) })]);

    expect((await put(json.uploadUrl, png)).status).toBe(200);
    expect(await complete(id)).toMatchObject({ status: 200, json: { s3Key: json.s3Key } });
    expect((await complete(id)).status).toBe(200);
    const created = await call(t, 'POST', '/api/violations', { token: board, body: violation(json.s3Key) });
    expect(created.status).toBe(201);
    const [row] = await t.deps.database.db.select().from(storageUploads).where(eq(storageUploads.clientUploadId, id));
    expect(row).toMatchObject({ storedAt: expect.any(Number), attachedAt: expect.any(Number), deletedAt: null });
  });

  it('removes an object of another size or type than declared; another user’s or HOA’s upload id is a 404', async () => {
    const id = crypto.randomUUID();
    const { json } = await presign(photo(id));
    // A store that ignored the signed type (the local one refuses it): what arrives is compared on completion.
    await t.deps.storage.put({ key: json.s3Key, contentType: 'image/gif', body: png });
    const refused = await complete(id);
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual([{ path: 'file', msg: UPLOAD_MESSAGES.notStored }]);
    expect(await t.deps.storage.head(json.s3Key)).toBeNull();

    const mine = crypto.randomUUID();
    await put((await presign(photo(mine))).json.uploadUrl, png);
    const olivia = (await login(t, DEMO.maple.superadmin)).token;
    const cedar = (await login(t, DEMO.cedar.board)).token;
    expect((await complete(mine, olivia)).status).toBe(404);
    expect((await complete(mine, cedar)).status).toBe(404);
  });

  it('removes, after a day, an upload no record took (its violation discarded on the device); keeps the ones taken', async () => {
    const discarded = crypto.randomUUID();
    const taken = crypto.randomUUID();
    const up = { discarded: (await presign(photo(discarded))).json, taken: (await presign(photo(taken))).json };
    for (const [id, u] of [[discarded, up.discarded], [taken, up.taken]] as const) {
      await put(u.uploadUrl, png);
      expect((await complete(id)).status).toBe(200);
    }
    expect((await call(t, 'POST', '/api/violations', { token: board, body: violation(up.taken.s3Key) })).status).toBe(201);

    expect(await removeOrphanedUploads(t.deps)).toBe(0);
    t.clock.advance(DAY + 60_000);
    expect(await removeOrphanedUploads(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await t.deps.storage.head(up.discarded.s3Key)).toBeNull();
    expect(await t.deps.storage.head(up.taken.s3Key)).not.toBeNull();
    const [gone] = await t.deps.database.db.select().from(storageUploads).where(eq(storageUploads.clientUploadId, discarded));
    expect(gone.deletedAt).not.toBeNull();
    expect(await removeOrphanedUploads(t.deps)).toBe(0);
  });
});
