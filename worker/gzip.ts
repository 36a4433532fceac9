/**
 * Gzip for the Node entry (Cloudflare compresses at its edge, so the Worker has none of this).
 *
 * It wraps the app's `fetch` instead of being Hono middleware: Hono's compress() adds `Vary` after
 * the handler, which rebuilds every response it sees and took @hono/node-server off its fast path
 * (a list read lost 15 % of its CPU to it even when nothing was compressed). Here an answer that is
 * not compressed is returned untouched. zlib runs in the thread pool at level 3: 4–5× faster than
 * CompressionStream's default level for a few per cent more bytes (10,000-row pull: 22 ms → 5 ms).
 * Hashed assets never change, so each is compressed once.
 */
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

const gzip = promisify(gzipCallback);

const COMPRESSIBLE = /^\s*(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;
/** Below this, the gzip header and a round trip to the thread pool cost more than the bytes saved. */
const THRESHOLD = 1024;
const LEVEL = 3;

type Fetch = (req: Request, ...rest: any[]) => Response | Promise<Response>;

export interface GzipOptions {
  /** Which requests may be answered compressed (the rest are not even looked at). */
  when: (req: Request, path: string) => boolean;
}

export function withGzip(fetch: Fetch, opts: GzipOptions): Fetch {
  const immutable = new Map<string, Uint8Array<ArrayBuffer>>();
  return async (req, ...rest) => {
    const res = await fetch(req, ...rest);
    if (!/\bgzip\b/i.test(req.headers.get('accept-encoding') ?? '') || req.method === 'HEAD') return res;
    const path = new URL(req.url).pathname;
    if (!opts.when(req, path) || res.status !== 200 || res.headers.has('content-encoding')) return res;
    if (!COMPRESSIBLE.test(res.headers.get('content-type') ?? '')) return res;
    const cacheControl = res.headers.get('cache-control') ?? '';
    if (/\bno-transform\b/i.test(cacheControl)) return res;
    const keep = cacheControl.includes('immutable');

    let body: Uint8Array<ArrayBuffer> | undefined = keep ? immutable.get(path) : undefined;
    if (body) await res.body?.cancel();
    else {
      const raw = new Uint8Array(await res.arrayBuffer());
      if (raw.byteLength < THRESHOLD) return new Response(raw, { status: res.status, headers: res.headers });
      body = new Uint8Array(await gzip(raw, { level: LEVEL }));
      if (keep) immutable.set(path, body);
    }
    const headers = new Headers(res.headers);
    headers.set('content-encoding', 'gzip');
    headers.delete('content-length');
    if (!/accept-encoding/i.test(headers.get('vary') ?? '')) headers.append('vary', 'Accept-Encoding');
    return new Response(body, { status: res.status, headers });
  };
}
