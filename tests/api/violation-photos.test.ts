/**
 * Violations with several photos, against the real S3 client and s3rver: up to five stored photos in
 * order (the first is still the spec's `photo_url` and `attachment`), over REST and in a sync push; keys a
 * device names itself with the shared rule; photos the device could not deliver recorded as refused;
 * the resident may open every photo, and the notice links them all, once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, users } from '../../schema/tables';
import { storageKeyName, UPLOAD_MESSAGES } from '../../schema/uploads';
import { photosNotReceived, VIOLATION_MESSAGES } from '../../schema/violations';
import { startLocalS3, type LocalS3 } from '../../worker/dev/local-s3';
import { violationRef } from '../../worker/domain/violations';
import { createS3Storage } from '../../worker/services/storage/s3';
import { SyncTestClient } from '../sync/client';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';

const DAY = 86_400_000;
const png = (seed: number) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 100 + seed }, (_, i) => (i * seed) % 256)]);

describe('violations with several photos', () => {
  let s3: LocalS3;
  let t: TestApp;
  let dir: string;
  let board: string;
  let rita: string;
  let ritaId: string;
  let hoaId: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hoa-s3-photos-'));
    s3 = await startLocalS3({ directory: dir, port: 0, allowedOrigins: ['http://localhost:8787'], reset: true });
    t = await createTestApp({ storage: createS3Storage(s3.config) });
    board = (await login(t, DEMO.maple.board)).token;
    rita = (await login(t, DEMO.maple.resident)).token;
    [{ id: ritaId, hoaId: hoaId }] = (await t.deps.database.db.select({ id: users.id, hoaId: users.hoaId }).from(users).where(eq(users.email, DEMO.maple.resident))) as { id: string; hoaId: string }[];
  });
  afterAll(async () => {
    t?.close();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A photo queued on the board member's device: presigned with its own id, PUT, completed. */
  async function storedPhoto(name: string, seed: number, { complete = true } = {}): Promise<string> {
    const bytes = png(seed);
    const uploadId = crypto.randomUUID();
    const { json } = await call(t, 'POST', '/api/violations/presigned-url', { token: board, body: { fileName: name, fileType: 'image/png', fileSize: bytes.byteLength, uploadId } });
    // The device named the same key before asking, with the shared rule.
    expect(json.s3Key).toBe(storageKeyName(hoaId, 'violations', name, uploadId));
    expect((await fetch(json.uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: new Blob([bytes]) })).status).toBe(200);
    if (complete) expect((await call(t, 'POST', `/api/violations/uploads/${uploadId}/complete`, { token: board })).status).toBe(200);
    return json.s3Key;
  }
  const body = (over: Record<string, unknown>) => ({
    user_id: ritaId,
    category: 'Architectural',
    title: 'Shed without approval',
    message: '<p>A shed was built without approval.</p>',
    due_date: new Date(t.clock() + 7 * DAY).toISOString().slice(0, 10),
    ...over,
  });
  const mailOf = (id: string) => t.deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.ref, violationRef(id)));

  it('takes up to five photos in order over REST; the first is photo_url and the attachment; the resident opens each', async () => {
    const keys = [await storedPhoto('front.png', 1), await storedPhoto('side.png', 2), await storedPhoto('back.png', 3)];
    const r = await call(t, 'POST', '/api/violations', { token: board, body: body({ photos: keys }) });
    expect(r.status).toBe(201);
    expect(r.json.photo_url).toBe(keys[0]);
    expect(r.json.attachment).toMatchObject({ s3_key: keys[0], filename: 'front.png', file_type: 'png' });
    expect(r.json.photos.map((p: { s3_key: string; filename: string }) => [p.s3_key, p.filename])).toEqual([
      [keys[0], 'front.png'],
      [keys[1], 'side.png'],
      [keys[2], 'back.png'],
    ]);
    expect(r.json.photos_refused).toEqual([]);
    const read = await call(t, 'GET', `/api/violations/${r.json._id}`, { token: rita });
    expect(read.json.photos).toEqual(r.json.photos);
    const download = await call(t, 'POST', '/api/violations/download-url', { token: rita, body: { s3Key: keys[2] } });
    expect(download.status).toBe(200);
    expect(new Uint8Array(await (await fetch(download.json.downloadUrl)).arrayBuffer())).toEqual(png(3));
  });

  it('keeps the single photo_url as before: one photo, the same answer fields', async () => {
    const key = await storedPhoto('fence.png', 4);
    const r = await call(t, 'POST', '/api/violations', { token: board, body: body({ photo_url: key }) });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ photo_url: key, attachment: { s3_key: key, filename: 'fence.png' } });
    expect(r.json.photos).toHaveLength(1);
    // photo_url and the same key in photos: one photo.
    const both = await call(t, 'POST', '/api/violations', { token: board, body: body({ photo_url: key, photos: [key] }) });
    expect(both.json.photos).toHaveLength(1);
  });

  it('refuses a sixth photo, and a photo not stored yet, naming it', async () => {
    const six = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => storedPhoto(`p${i}.png`, 10 + i)));
    const many = await call(t, 'POST', '/api/violations', { token: board, body: body({ photos: six }) });
    expect(many.status).toBe(400);
    expect(many.json.errors).toEqual([expect.objectContaining({ msg: VIOLATION_MESSAGES.tooManyPhotos })]);
    const notYet = await storedPhoto('late.png', 20, { complete: false });
    const early = await call(t, 'POST', '/api/violations', { token: board, body: body({ photos: [six[0], notYet] }) });
    expect(early.status).toBe(400);
    expect(early.json.errors).toEqual([{ path: 'photos.1', msg: UPLOAD_MESSAGES.notStored }]);
  });

  it('in a push: the photos taken, the refused ones recorded on the violation, the notice once with every photo linked', async () => {
    const keys = [await storedPhoto('north.png', 30), await storedPhoto('south.png', 31)];
    const device = new SyncTestClient(t, board);
    await device.pull();
    const id = crypto.randomUUID();
    const refused = [{ file_name: 'east.png', reason: 'File size must be less than 10MB' }];
    await device.push([device.mutation('issueViolation', { id, ...body({ photos: keys, photos_refused: refused }) })]);
    await device.pull();
    const v = device.values<{ id: string; photos: { s3Key: string }[]; photosRefused: unknown[]; attachment: { s3Key: string } }>('violation/').find((x) => x.id === id)!;
    expect(v.photos.map((p) => p.s3Key)).toEqual(keys);
    expect(v.attachment.s3Key).toBe(keys[0]);
    expect(v.photosRefused).toEqual([{ fileName: 'east.png', reason: 'File size must be less than 10MB' }]);
    expect(photosNotReceived(v.photosRefused as { reason: string }[])).toEqual(['1 photo was not received: File size must be less than 10MB']);
    const rest = await call(t, 'GET', `/api/violations/${id}`, { token: board });
    expect(rest.json.photos_refused).toEqual(refused);

    // The same push again (a lost answer) writes nothing twice.
    await device.push([device.mutation('issueViolation', { id, ...body({ photos: keys }) })]);
    const mail = await mailOf(id);
    expect(mail).toHaveLength(1);
    const sent = `${mail[0].props ?? ''}${mail[0].html}`;
    expect(sent).toContain(`/compliance/${id}#photo-1`);
    expect(sent).toContain(`/compliance/${id}#photo-2`);
    expect(sent).toContain('south.png');
  });
});
