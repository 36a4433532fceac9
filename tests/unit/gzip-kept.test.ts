/**
 * A body of megabytes (a first pull) is kept compressed by its content: a new device's first pull of
 * a view whose parts are kept is the same bytes as the last one's, so it is not compressed again.
 * node:zlib's compressors are counted to see which answers were compressed.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getRequestListener } from '@hono/node-server';
import { megabytesOfRows } from '../helpers/pull-body';

const compressed = vi.hoisted(() => ({ brotli: 0, deflate: 0 }));
vi.mock('node:zlib', async (original) => {
  const zlib = await original<typeof import('node:zlib')>();
  return {
    ...zlib,
    createBrotliCompress: (...args: Parameters<typeof zlib.createBrotliCompress>) => (compressed.brotli++, zlib.createBrotliCompress(...args)),
    deflateRaw: (...args: Parameters<typeof zlib.deflateRaw>) => (compressed.deflate++, (zlib.deflateRaw as (...a: unknown[]) => void)(...args)),
  };
});

const { withGzip } = await import('../../worker/gzip');

const pull = (encodings: string) => new Request('http://x/api/sync/pull', { method: 'POST', headers: { 'accept-encoding': encodings } });
const answering = () => {
  let body = megabytesOfRows();
  const fetch = withGzip(async () => new Response(body, { headers: { 'content-type': 'application/json' } }), { when: () => true });
  return { fetch, answer: (next: Uint8Array<ArrayBuffer>) => (body = next) };
};
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('withGzip keeps a body of megabytes compressed by its content', () => {
  beforeEach(() => {
    // As in the Node entry: the adapter replaces the global Response with its light one.
    getRequestListener(async () => new Response(null));
    compressed.brotli = compressed.deflate = 0;
  });

  it('sends the same body again as the Brotli it sent, without compressing it, and a changed body compressed anew', async () => {
    const { fetch, answer } = answering();
    const first = await bytesOf(await fetch(pull('gzip, deflate, br')));
    expect(compressed.brotli).toBe(1);

    answer(megabytesOfRows()); // equal bytes, another array: a new device's pull of the same kept view
    const again = await fetch(pull('gzip, deflate, br'));
    expect(again.headers.get('content-encoding')).toBe('br');
    expect((await bytesOf(again)).equals(first)).toBe(true);
    expect(compressed.brotli).toBe(1);

    answer(megabytesOfRows(1));
    const changed = await bytesOf(await fetch(pull('gzip, deflate, br')));
    expect(compressed.brotli).toBe(2);
    expect(brotliDecompressSync(changed).equals(Buffer.from(megabytesOfRows(1)))).toBe(true);
  });

  it('keeps gzip apart from Brotli, for a client that takes gzip alone', async () => {
    const { fetch } = answering();
    await bytesOf(await fetch(pull('gzip, deflate, br')));
    const gzip = await fetch(pull('gzip'));
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const first = await bytesOf(gzip);
    const pieces = compressed.deflate;
    expect(pieces).toBeGreaterThan(1);

    const again = await bytesOf(await fetch(pull('gzip')));
    expect(again.equals(first)).toBe(true);
    expect(gunzipSync(again).equals(Buffer.from(megabytesOfRows()))).toBe(true);
    expect(compressed.deflate).toBe(pieces);
  });

  it('keeps nothing of an answer the client left before its end', async () => {
    const { fetch } = answering();
    const left = await fetch(pull('gzip, deflate, br'));
    const reader = left.body!.getReader();
    await reader.read();
    await reader.cancel();
    const whole = await bytesOf(await fetch(pull('gzip, deflate, br')));
    expect(compressed.brotli).toBe(2);
    expect(brotliDecompressSync(whole).equals(Buffer.from(megabytesOfRows()))).toBe(true);
  });
});
