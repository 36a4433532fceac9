import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { getRequestListener } from '@hono/node-server';
import { withGzip } from '../../worker/gzip';
import { megabytesOfRows } from '../helpers/pull-body';

const big = JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Row ${i}` })) });
const answer = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) => async () => new Response(body, { headers });
const get = (path: string, gzip = true) => new Request(`http://x${path}`, { headers: gzip ? { 'accept-encoding': 'gzip, deflate, br' } : {} });
const always = { when: () => true };

describe('withGzip (Node entry)', () => {
  it('gzips a large answer the client accepts, and returns the same bytes', async () => {
    const res = await withGzip(answer(big), always)(get('/api/x'));
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(big);
  });

  it('leaves the answer untouched when the client does not accept gzip, when it is small, streamed as events, or not wanted', async () => {
    const inner = answer(big);
    const original = await inner();
    const untouched = await withGzip(async () => original, always)(get('/api/x', false));
    expect(untouched).toBe(original);
    expect((await withGzip(answer('{"ok":true}'), always)(get('/api/x'))).headers.get('content-encoding')).toBeNull();
    expect((await withGzip(answer(big, { 'content-type': 'text/event-stream' }), always)(get('/api/x'))).headers.get('content-encoding')).toBeNull();
    expect((await withGzip(answer(big), { when: () => false })(get('/api/x'))).headers.get('content-encoding')).toBeNull();
  });

  it("asks `when` with the request's path alone: no origin, no query", async () => {
    const asked: string[] = [];
    const when = (_req: Request, path: string) => (asked.push(path), true);
    for (const url of ['/api/sync/pull?patch=columns', '/api/announcements', '/']) await withGzip(answer(big), { when })(get(url));
    await withGzip(answer(big), { when })(new Request('http://localhost:8787', { headers: { 'accept-encoding': 'gzip' } }));
    expect(asked).toEqual(['/api/sync/pull', '/api/announcements', '/', '/']);
  });

  it('serves an immutable asset compressed, the same bytes every time', async () => {
    let served = 0;
    const fetch = withGzip(async () => (served++, new Response(big, { headers: { 'content-type': 'text/javascript', 'cache-control': 'public, max-age=31536000, immutable' } })), always);
    const a = Buffer.from(await (await fetch(get('/assets/app.js'))).arrayBuffer());
    const b = Buffer.from(await (await fetch(get('/assets/app.js'))).arrayBuffer());
    expect(b.equals(a)).toBe(true);
    expect(gunzipSync(b).toString()).toBe(big);
    expect(served).toBe(2);
  });

  it("reads the text of the Node adapter's light Response without building it, and keeps a repeated answer compressed", async () => {
    // As in the Node entry: the adapter replaces the global Response with its light one.
    getRequestListener(async () => new Response(null));
    const kept = big; // a kept REST answer is the same string every time
    const fetch = withGzip(async () => new Response(kept, { headers: { 'content-type': 'application/json' } }), always);
    const first = await fetch(get('/api/x'));
    const second = await fetch(get('/api/x'));
    expect(second.headers.get('content-encoding')).toBe('gzip');
    const [a, b] = [Buffer.from(await first.arrayBuffer()), Buffer.from(await second.arrayBuffer())];
    expect(b.equals(a)).toBe(true);
    expect(gunzipSync(a).toString()).toBe(big);
    const small = new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } });
    expect(await withGzip(async () => small, always)(get('/api/x'))).toBe(small);
  });

  it('sends a body of megabytes as one Brotli stream to a client that accepts it, fewer bytes than gzip', async () => {
    getRequestListener(async () => new Response(null));
    const raw = megabytesOfRows();
    const res = await withGzip(async () => new Response(raw, { headers: { 'content-type': 'application/json' } }), always)(get('/api/sync/pull'));
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    const wire = Buffer.from(await res.arrayBuffer());
    expect(brotliDecompressSync(wire).equals(Buffer.from(raw))).toBe(true);
    expect(wire.length).toBeLessThan(gzipSync(raw, { level: 3 }).length);
  });

  it('compresses a body of megabytes in pieces into one gzip stream that gunzips to the same bytes, for a client that takes gzip alone', async () => {
    getRequestListener(async () => new Response(null));
    const raw = megabytesOfRows();
    const gzipOnly = new Request('http://x/api/sync/pull', { headers: { 'accept-encoding': 'gzip' } });
    const res = await withGzip(async () => new Response(raw, { headers: { 'content-type': 'application/json' } }), always)(gzipOnly);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-length')).toBeNull();
    const wire = Buffer.from(await res.arrayBuffer());
    expect(gunzipSync(wire).equals(Buffer.from(raw))).toBe(true);
    // Pieces cost a little ratio, not much.
    expect(wire.length).toBeLessThan(gzipSync(raw, { level: 3 }).length * 1.02);
  });
});
