/**
 * Gzip for the Node entry (Cloudflare compresses at its edge, so the Worker has none of this).
 *
 * It wraps the app's `fetch` instead of being Hono middleware: Hono's compress() adds `Vary` after
 * the handler, which rebuilds every response it sees and took @hono/node-server off its fast path
 * (a list read lost 15 % of its CPU to it even when nothing was compressed). Here an answer that is
 * not compressed is returned untouched. zlib runs in the thread pool at level 3: 4–5× faster than
 * CompressionStream's default level for a few per cent more bytes (10,000-row pull: 22 ms → 5 ms).
 * Hashed assets never change, so each is compressed once. Other answers are kept compressed by
 * their content's hash: a REST read served from memory (worker/sync/counted.ts) would otherwise be
 * compressed again on every request (its gzip cost more than the rest of the request).
 */
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

const gzip = promisify(gzipCallback);

const COMPRESSIBLE = /^\s*(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;
/** Below this, the gzip header and a round trip to the thread pool cost more than the bytes saved. */
const THRESHOLD = 1024;
const LEVEL = 3;
/** Compressed answers kept by content, oldest dropped first past this many bytes. */
const KEPT_BYTES = 32 * 1024 * 1024;
/** Larger answers (a first pull) are not kept: they are rarely the same twice. */
const KEPT_MAX_RAW = 256 * 1024;

type Fetch = (req: Request, ...rest: any[]) => Response | Promise<Response>;

export interface GzipOptions {
  /** Which requests may be answered compressed (the rest are not even looked at). */
  when: (req: Request, path: string) => boolean;
}

/**
 * The text an answer was made from, when @hono/node-server's lightweight Response still holds it
 * (`c.json`, `c.body(string)`): reading it through `arrayBuffer()` builds the full Response first,
 * which cost more than the rest of a kept REST read. null otherwise (then the body is read).
 */
function stringBodyOf(res: Response): string | null {
  for (const key of Object.getOwnPropertySymbols(res)) {
    if (key.description !== 'cache') continue;
    const cached = (res as unknown as Record<symbol, unknown[] | undefined>)[key];
    return typeof cached?.[1] === 'string' ? cached[1] : null;
  }
  return null;
}

export function withGzip(fetch: Fetch, opts: GzipOptions): Fetch {
  const immutable = new Map<string, Uint8Array<ArrayBuffer>>();
  // Compressed answers by their text: a kept REST answer is the same string object on every
  // request, whose hash V8 keeps, so finding it costs no hashing of the body.
  const byText = new Map<string, Uint8Array<ArrayBuffer>>();
  let keptBytes = 0;
  const compressText = async (text: string) => {
    const found = byText.get(text);
    if (found) return found;
    const body = new Uint8Array(await gzip(Buffer.from(text), { level: LEVEL }));
    if (text.length > KEPT_MAX_RAW) return body;
    byText.set(text, body);
    keptBytes += text.length * 2 + body.byteLength;
    for (const [oldest, kept] of byText) {
      if (keptBytes <= KEPT_BYTES) break;
      byText.delete(oldest);
      keptBytes -= oldest.length * 2 + kept.byteLength;
    }
    return body;
  };
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
    const text = keep ? null : stringBodyOf(res);
    if (body) await res.body?.cancel();
    else if (text !== null) {
      if (text.length < THRESHOLD) return res;
      body = await compressText(text);
    } else {
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
