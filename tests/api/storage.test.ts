import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../../schema/uploads';
import { startLocalS3, type LocalS3 } from '../../worker/dev/local-s3';
import { assertIssuedKey, deleteUpload } from '../../worker/domain/uploads';
import { createS3Storage } from '../../worker/services/storage/s3';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';

/** The real S3 client against s3rver on a random loopback port: what the browser does, byte for byte. */
describe('storage against s3rver', () => {
  let s3: LocalS3;
  let t: TestApp;
  let dir: string;
  const origin = 'http://localhost:8787';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hoa-s3-'));
    s3 = await startLocalS3({ directory: dir, port: 0, allowedOrigins: [origin], reset: true });
    t = await createTestApp({ storage: createS3Storage(s3.config) });
  });
  afterAll(async () => {
    t?.close();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const pdfBytes = new TextEncoder().encode('%PDF-1.4\n% a tiny test document\n');
  const pdf = { fileName: 'Pool Rules (2026).pdf', fileType: 'application/pdf', fileSize: pdfBytes.byteLength };

  it('presigns a PUT that uploads the declared file, and a GET that downloads it under its name', async () => {
    const { token, user } = await login(t, DEMO.maple.resident);
    const r = await call(t, 'POST', '/api/requests/presigned-url', { token, body: pdf });
    expect(r.status).toBe(200);
    expect(r.json.s3Key).toMatch(new RegExp(`^hoa/${await hoaOfUser(t, user)}/requests/[0-9a-f-]{36}-Pool-Rules-2026\\.pdf$`));
    expect(r.json.uploadUrl.startsWith(`${s3.config.endpoint}/${s3.config.bucket}/`)).toBe(true);

    const put = await fetch(r.json.uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'application/pdf' }, body: pdfBytes });
    expect(put.status).toBe(200);

    const d = await call(t, 'POST', '/api/requests/download-url', { token, body: { s3Key: r.json.s3Key } });
    expect(d.status).toBe(200);
    const get = await fetch(d.json.downloadUrl);
    expect(get.status).toBe(200);
    expect(new Uint8Array(await get.arrayBuffer())).toEqual(pdfBytes);
    expect(get.headers.get('content-type')).toBe('application/pdf');
    expect(get.headers.get('content-disposition')).toBe(`attachment; filename="Pool Rules (2026).pdf"; filename*=UTF-8''Pool%20Rules%20(2026).pdf`);
  });

  it('stores a multipart attachment through the service (PutObject) and serves it back under its name', async () => {
    const { token } = await login(t, DEMO.maple.resident);
    const filed = await call(t, 'POST', '/api/requests', { token, body: { title: 'Stored by the app', description: '<p>x</p>', category: 'Other' } });
    const form = new FormData();
    form.set('file', new File([pdfBytes], 'Pool Rules (2026).pdf', { type: 'application/pdf' }));
    const stored = await call(t, 'POST', `/api/requests/${filed.json._id}/attachments`, { token, body: form });
    expect(stored.status).toBe(201);
    const d = await call(t, 'POST', '/api/requests/download-url', { token, body: { s3Key: stored.json.s3Key } });
    const get = await fetch(d.json.downloadUrl);
    expect(new Uint8Array(await get.arrayBuffer())).toEqual(pdfBytes);
    expect(get.headers.get('content-type')).toBe('application/pdf');
    expect(get.headers.get('content-disposition')).toBe(`attachment; filename="Pool Rules (2026).pdf"; filename*=UTF-8''Pool%20Rules%20(2026).pdf`);
  });

  it('signs the content type and the exact length into the upload URL', async () => {
    // S3 and R2 refuse a PUT whose Content-Type or Content-Length differs from signed headers.
    // (s3rver does not check V4 signatures at all, so that refusal can only be shown by the URL here.)
    const { token } = await login(t, DEMO.maple.board);
    const r = await call(t, 'POST', '/api/announcements/presigned-url', { token, body: pdf });
    const url = new URL(r.json.uploadUrl);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
  });

  it('answers CORS preflights for the app origin only (the browser uploads straight to storage)', async () => {
    const { token } = await login(t, DEMO.maple.resident);
    const r = await call(t, 'POST', '/api/requests/presigned-url', { token, body: pdf });
    const preflight = (from: string) =>
      fetch(r.json.uploadUrl, { method: 'OPTIONS', headers: { Origin: from, 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'content-type' } });
    const ok = await preflight(origin);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-methods')).toContain('PUT');
    expect((await preflight('https://evil.example')).status).toBe(403);
  });

  it('refuses a wrong type with the message of each area', async () => {
    const { token } = await login(t, DEMO.maple.board);
    const exe = { fileName: 'setup.exe', fileType: 'application/octet-stream', fileSize: 100 };
    const expected = {
      announcements: UPLOAD_MESSAGES.typeNotAllowed,
      requests: UPLOAD_MESSAGES.typeNotAllowed,
      documents: UPLOAD_MESSAGES.documentTypeNotSupported,
      violations: UPLOAD_MESSAGES.violationTypeInvalid,
    };
    for (const [area, message] of Object.entries(expected)) {
      const r = await call(t, 'POST', `/api/${area}/presigned-url`, { token, body: exe });
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ message, errors: [{ path: 'fileType', msg: message }] });
    }
    // A permitted extension with a type it cannot have is refused too.
    const disguised = await call(t, 'POST', '/api/requests/presigned-url', { token, body: { fileName: 'page.pdf', fileType: 'text/html', fileSize: 10 } });
    expect(disguised.status).toBe(400);
    expect(disguised.json.message).toBe(UPLOAD_MESSAGES.typeNotAllowed);
    // Every allowed type passes.
    for (const [fileName, fileType] of [
      ['a.pdf', 'application/pdf'],
      ['a.doc', 'application/msword'],
      ['a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['a.JPG', 'image/jpeg'],
      ['a.jpeg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.gif', 'image/gif'],
    ]) {
      const r = await call(t, 'POST', '/api/documents/presigned-url', { token, body: { fileName, fileType, fileSize: 10, feature: 'documents' } });
      expect(r.status, fileName).toBe(200);
    }
  });

  it('refuses files over 10 MB and accepts exactly 10 MB', async () => {
    const { token } = await login(t, DEMO.maple.board);
    const over = await call(t, 'POST', '/api/violations/presigned-url', { token, body: { ...pdf, fileSize: MAX_UPLOAD_BYTES + 1 } });
    expect(over.status).toBe(400);
    expect(over.json).toEqual({ message: 'File size must be less than 10MB', errors: [{ path: 'fileSize', msg: 'File size must be less than 10MB' }] });
    const exact = await call(t, 'POST', '/api/violations/presigned-url', { token, body: { ...pdf, fileSize: MAX_UPLOAD_BYTES } });
    expect(exact.status).toBe(200);
    const missing = await call(t, 'POST', '/api/violations/presigned-url', { token, body: { fileName: 'a.pdf' } });
    expect(missing.status).toBe(400);
  });

  it('refuses documents presigned for another feature, and residents on board-only areas', async () => {
    const board = await login(t, DEMO.maple.board);
    const wrong = await call(t, 'POST', '/api/documents/presigned-url', { token: board.token, body: { ...pdf, feature: 'requests' } });
    expect(wrong.status).toBe(400);
    const resident = await login(t, DEMO.maple.resident);
    for (const area of ['announcements', 'documents']) {
      expect((await call(t, 'POST', `/api/${area}/presigned-url`, { token: resident.token, body: pdf })).status).toBe(403);
    }
  });

  it('accepts an attachment key only from the HOA (and feature) it was issued to', async () => {
    const maple = await login(t, DEMO.maple.resident);
    const cedar = await login(t, DEMO.cedar.resident);
    const issued = (await call(t, 'POST', '/api/requests/presigned-url', { token: maple.token, body: pdf })).json.s3Key as string;
    const db = t.deps.database.db;
    const mapleActor = { hoaId: await hoaOfUser(t, maple.user), userId: maple.user.id as string };
    expect(await assertIssuedKey(db, mapleActor, 'requests', issued)).toMatchObject({ fileName: pdf.fileName, fileType: 'application/pdf', fileSize: pdf.fileSize });

    const cedarHoa = await hoaOfUser(t, cedar.user);
    await expect(assertIssuedKey(db, { hoaId: cedarHoa, userId: cedar.user.id }, 'requests', issued, 'photo_url')).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'photo_url', msg: UPLOAD_MESSAGES.unknownKey }],
    });
    await expect(assertIssuedKey(db, mapleActor, 'violations', issued)).rejects.toMatchObject({ status: 400 });
    await expect(assertIssuedKey(db, mapleActor, 'requests', `hoa/${mapleActor.hoaId}/requests/made-up.pdf`)).rejects.toMatchObject({ status: 400 });

    // Download: another HOA gets a 404, never a URL.
    const other = await call(t, 'POST', '/api/requests/download-url', { token: cedar.token, body: { s3Key: issued } });
    expect(other.status).toBe(404);
    // Same HOA, but a resident who neither uploaded it nor has an area rule granting it: 404 as well.
    const neighbour = await login(t, DEMO.maple.resident2);
    expect((await call(t, 'POST', '/api/requests/download-url', { token: neighbour.token, body: { s3Key: issued } })).status).toBe(404);
    // The board of the same HOA may.
    const board = await login(t, DEMO.maple.board);
    expect((await call(t, 'POST', '/api/requests/download-url', { token: board.token, body: { s3Key: issued } })).status).toBe(200);
  });

  it('deletes the object, after which the key is no longer accepted', async () => {
    const { token } = await login(t, DEMO.maple.board);
    const r = await call(t, 'POST', '/api/announcements/presigned-url', { token, body: pdf });
    await fetch(r.json.uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'application/pdf' }, body: pdfBytes });
    const hoaId = r.json.s3Key.split('/')[1];
    const userId = (await login(t, DEMO.maple.board)).user.id as string;
    await expect(deleteUpload(t.deps, { hoaId: 'another-hoa' }, r.json.s3Key)).rejects.toMatchObject({ status: 404 });
    await deleteUpload(t.deps, { hoaId }, r.json.s3Key);
    const url = await t.deps.storage.presignDownload({ key: r.json.s3Key, fileName: 'x.pdf' });
    expect((await fetch(url)).status).toBe(404);
    await expect(assertIssuedKey(t.deps.database.db, { hoaId, userId }, 'announcements', r.json.s3Key)).rejects.toMatchObject({ status: 400 });
  });
});

async function hoaOfUser(t: TestApp, user: { email: string }) {
  const r = await t.deps.database.client.execute({ sql: 'select hoa_id from users where email = ?', args: [user.email] });
  return String(r.rows[0].hoa_id);
}
