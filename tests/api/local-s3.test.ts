/**
 * The local S3 of `npm start`: it refuses what S3 would refuse (a body of another size or
 * type than its URL signed, an unsigned or altered request, an expired URL), and its failures (a
 * full disk, the s3rver process ending) never take the app down.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../worker/dev/local-s3';
import { createS3Storage } from '../../worker/services/storage/s3';
import { startNodeServer } from '../../worker/node';
import { DEMO, DEMO_PASSWORD } from '../helpers/http';

/** A PUT through Node's client, which reads the answer even while the body is still being sent. */
function put(url: string, headers: Record<string, string | number>, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    // The guard may close the connection before the whole body went out: that is its answer.
    req.on('error', (e) => reject(e));
    req.end(body);
  });
}
const code = (text: string) => /<Code>([^<]+)<\/Code>/.exec(text)?.[1];

describe('the local S3 checks what was signed', () => {
  let s3: LocalS3;
  let dir: string;
  const storage = () => createS3Storage(s3.config);
  const png100 = Buffer.alloc(100, 7);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hoa-local-s3-'));
    s3 = await startLocalS3({ directory: dir, port: 0, allowedOrigins: ['http://localhost:8787'], reset: true });
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses 12 MB of text/html on a URL signed for 100 bytes of PNG, and every other size or type', async () => {
    const url = await storage().presignUpload({ key: 'hoa/h/requests/a-photo.png', contentType: 'image/png', contentLength: 100 });
    const huge = await put(url, { 'Content-Type': 'text/html', 'Content-Length': 12 << 20 }, Buffer.alloc(12 << 20, 60)).catch((e: Error) => ({ status: 0, text: e.message }));
    expect(huge.status).toBe(403);
    expect(code(huge.text)).toBe('SignatureDoesNotMatch');
    for (const [type, size] of [
      ['text/html', 100],
      ['image/png', 101],
      ['image/png', 99],
      ['image/PNG', 100],
    ] as const) {
      const r = await put(url, { 'Content-Type': type, 'Content-Length': size }, Buffer.alloc(size, 7));
      expect({ type, size, status: r.status, code: code(r.text) }).toEqual({ type, size, status: 403, code: 'SignatureDoesNotMatch' });
    }
    // Without a length (chunked), the signed length cannot be checked: refused too.
    const chunked = await fetch(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      body: new ReadableStream({
        start(c) {
          c.enqueue(png100);
          c.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(403);
    // Nothing was stored by any of them.
    const download = await storage().presignDownload({ key: 'hoa/h/requests/a-photo.png', fileName: 'a.png' });
    expect((await fetch(download)).status).toBe(404);

    // Exactly what was signed is stored.
    const ok = await put(url, { 'Content-Type': 'image/png', 'Content-Length': 100 }, png100);
    expect(ok.status).toBe(200);
    const got = await fetch(download);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer())).toEqual(png100);
  });

  it('refuses unsigned, altered, expired and foreign-signed requests', async () => {
    const key = 'hoa/h/requests/b-photo.png';
    await storage().put({ key, contentType: 'image/png', body: png100 });
    const bucketUrl = `${s3.config.endpoint}/${s3.config.bucket}`;
    // Anonymous: a private bucket.
    expect((await fetch(`${bucketUrl}/${key}`)).status).toBe(403);
    expect((await put(`${bucketUrl}/${key}`, { 'Content-Type': 'image/png', 'Content-Length': 100 }, png100)).status).toBe(403);
    // A URL signed for one key, used for another.
    const url = await storage().presignDownload({ key, fileName: 'b.png' });
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(url.replace('b-photo', 'c-photo'))).status).toBe(403);
    expect((await fetch(url.replace('b.png', 'evil.html'))).status).toBe(403);
    // A method other than the signed one.
    expect((await fetch(url, { method: 'DELETE' })).status).toBe(403);
    // Expired.
    const brief = await storage().presignDownload({ key, fileName: 'b.png', expiresInSeconds: 1 });
    await new Promise((r) => setTimeout(r, 2_100));
    const expired = await fetch(brief);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
    // Signed with credentials that are not this run's (s3rver's well-known ones, say).
    const foreign = createS3Storage({ ...s3.config, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
    expect((await fetch(await foreign.presignDownload({ key, fileName: 'b.png' }))).status).toBe(403);
    const stolenKey = createS3Storage({ ...s3.config, secretAccessKey: 'guessed' });
    expect((await fetch(await stolenKey.presignDownload({ key, fileName: 'b.png' }))).status).toBe(403);
    await expect(stolenKey.put({ key, contentType: 'text/html', body: Buffer.from('<script>') })).rejects.toThrow();
    // The object is untouched.
    expect(Buffer.from(await (await fetch(url)).arrayBuffer())).toEqual(png100);
  });

  it('still answers CORS preflights for the app origin only', async () => {
    const url = await storage().presignUpload({ key: 'hoa/h/requests/d.png', contentType: 'image/png', contentLength: 100 });
    const preflight = (origin: string) => fetch(url, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'content-type' } });
    expect((await preflight('http://localhost:8787')).status).toBe(200);
    expect((await preflight('https://evil.example')).status).toBe(403);
  });
});

describe('a storage failure does not take the app down', () => {
  let dataDir: string;
  let running: Awaited<ReturnType<typeof startNodeServer>>;
  let base: string;
  let token: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hoa-s3-fail-'));
    running = await startNodeServer({
      port: 0,
      databaseUrl: `file:${join(dataDir, 'hoa.db')}`,
      dataDir,
      clientDir: join(dataDir, 'no-client'),
      seed: true,
      passwordIterations: 1_000,
      log: () => {},
    });
    base = running.deps.config.appUrl.replace('localhost', '127.0.0.1');
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO.maple.resident, password: DEMO_PASSWORD }) });
    token = ((await login.json()) as { accessToken: string }).accessToken;
  }, 60_000);
  afterAll(async () => {
    await running?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async (path: string, body?: unknown) => {
    const r = await fetch(`${base}${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: r.status, json: (await r.json()) as Record<string, string> };
  };
  const presign = () => api('/api/requests/presigned-url', { fileName: 'leak.png', fileType: 'image/png', fileSize: 100 });
  const upload = (url: string) => put(url, { 'Content-Type': 'image/png', 'Content-Length': 100 }, Buffer.alloc(100, 1));

  it('a full disk (ENOSPC on the object write) fails that upload only; the app and the next upload carry on', async () => {
    const full = await presign();
    expect(full.status).toBe(200);
    // s3rver writes the object to `<dir>/<bucket>/<key>._S3rver_object`: made a link to /dev/full, whose every write is ENOSPC.
    const objectPath = join(dataDir, 's3', 'hoa-local', `${full.json.s3Key}._S3rver_object`);
    mkdirSync(dirname(objectPath), { recursive: true });
    symlinkSync('/dev/full', objectPath);
    const failed = await upload(full.json.uploadUrl);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    // Nothing half-written is served as the file.
    const d = await api('/api/requests/download-url', { s3Key: full.json.s3Key });
    expect((await fetch(d.json.downloadUrl)).status).toBe(404);

    const next = await presign();
    expect((await upload(next.json.uploadUrl)).status).toBe(200);
    const d2 = await api('/api/requests/download-url', { s3Key: next.json.s3Key });
    expect((await fetch(d2.json.downloadUrl)).status).toBe(200);
  });

  it('the s3rver process ending (kill -9) leaves the app answering; storage answers 503, then works again with its files', async () => {
    const before = await presign();
    expect((await upload(before.json.uploadUrl)).status).toBe(200);
    const localS3 = running.localS3;
    expect(localS3?.pid).toBeTypeOf('number');
    const killed = localS3!.pid!;
    process.kill(killed, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 50));
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const during = await presign();
    expect(during.status).toBe(200);
    const meanwhile = await upload(during.json.uploadUrl);
    expect([200, 503]).toContain(meanwhile.status);
    // A new s3rver process is started.
    for (let waited = 0; localS3!.pid === killed && waited < 10_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    await localS3!.running();
    expect(localS3!.pid).not.toBe(killed);
    expect((await upload((await presign()).json.uploadUrl)).status).toBe(200);
    const d = await api('/api/requests/download-url', { s3Key: before.json.s3Key });
    expect((await fetch(d.json.downloadUrl)).status).toBe(200);
  });
});
