/**
 * Gzip for the Node entry (Cloudflare compresses at its edge, so the Worker has none of this).
 *
 * It wraps the app's `fetch` instead of being Hono middleware: Hono's compress() adds `Vary` after
 * the handler, which rebuilds every response it sees and took @hono/node-server off its fast path
 * (a list read lost 15 % of its CPU to it even when nothing was compressed). Here an answer that is
 * not compressed is returned untouched. zlib runs in the thread pool at level 3: 4–5× faster than
 * CompressionStream's default level for a few per cent more bytes (10,000-row pull: 22 ms → 5 ms).
 * Hashed assets are sent from the copies the build compressed (vite/compress.ts, serveStatic's
 * `precompressed`); one the build left without a copy is compressed here once. Other answers are kept compressed by
 * their content's hash: a REST read served from memory (worker/sync/counted.ts) would otherwise be
 * compressed again on every request (its gzip cost more than the rest of the request). A body of
 * megabytes (a first pull) is sent as Brotli at quality 1 when the client accepts it (every browser
 * does): at 10,000 announcements 15 % fewer bytes than gzip at level 3 for half its CPU time, and
 * as fast to decompress (docs/decisions/247-initial-pull-speed.md). It is compressed as a stream in
 * pieces, so the first bytes leave while the rest is compressed. A client that takes only gzip gets
 * gzip in pieces compressed side by side. Such a body is kept compressed too, by its SHA-256: a new
 * device's first pull of a view whose parts are kept (worker/sync/counted.ts) is the same bytes as
 * the last one's, and compressing it was about a fifth of the pull's time on a two-core host.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { constants, crc32, createBrotliCompress, deflateRaw as deflateRawCallback, gzip as gzipCallback } from 'node:zlib';

const gzip = promisify(gzipCallback);
const deflateRaw = promisify(deflateRawCallback);

const COMPRESSIBLE = /^\s*(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;
/** Below this, the gzip header and a round trip to the thread pool cost more than the bytes saved. */
const THRESHOLD = 1024;
const LEVEL = 3;
/** Compressed answers kept by content, oldest dropped first past this many bytes. */
const KEPT_BYTES = 32 * 1024 * 1024;
/** Larger texts are not kept by their text, which is rarely the same twice (a body of megabytes is kept by its hash, `compressLarge`). */
const KEPT_MAX_RAW = 256 * 1024;
/** Compressed bodies of megabytes kept by their content's hash, oldest dropped first past this many bytes. */
const KEPT_LARGE_BYTES = 16 * 1024 * 1024;
/** From this size on, a body is compressed in pieces of `PIECE` bytes (`brotliInPieces`, `gzipInPieces`). */
const PIECES_FROM = 1024 * 1024;
const PIECE = 512 * 1024;
/** Brotli's quality for bodies of megabytes: 0 sends 30 % more bytes, 2 and up cost 2–4× the time for 5 % fewer. */
const BROTLI_QUALITY = 1;
/** A gzip member's header: deflate, no name or time, unknown OS (RFC 1952). */
const GZIP_HEADER = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

type Fetch = (req: Request, ...rest: any[]) => Response | Promise<Response>;

export interface GzipOptions {
  /** Which requests may be answered compressed (the rest are not even looked at). */
  when: (req: Request, path: string) => boolean;
}

/** The adapter's symbol for a light Response's parts: it is not exported, so it is found on the first answer that has it. */
let cacheSymbol: symbol | undefined;

/**
 * The text or bytes an answer was made from, when @hono/node-server's lightweight Response still
 * holds them (`c.json`, `c.body(string | Uint8Array)`): reading them through `arrayBuffer()` builds
 * the full Response first, which cost more than the rest of a kept REST read (and copied a first
 * pull's megabytes). null otherwise (then the body is read).
 */
function bodyOf(res: Response): string | Uint8Array<ArrayBuffer> | null {
  cacheSymbol ??= Object.getOwnPropertySymbols(res).find((key) => key.description === 'cache');
  const body = cacheSymbol ? (res as unknown as Record<symbol, unknown[] | undefined>)[cacheSymbol]?.[1] : undefined;
  return typeof body === 'string' || body instanceof Uint8Array ? (body as string | Uint8Array<ArrayBuffer>) : null;
}

/** The URL's path, without building a URL (a parse per request, for a string the Request already holds). */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const query = url.indexOf('?', start);
  return query < 0 ? url.slice(start) : url.slice(start, query);
}

/**
 * One gzip member made of pieces compressed apart, as pigz does: each piece a raw deflate stream
 * ending on a byte boundary (sync flush), the last one final, then the CRC-32 and length of the
 * whole. The thread pool compresses the pieces side by side (a 6 MB pull on one thread took longer
 * than the SQL that wrote it), and the answer starts leaving when its first piece is done. Each
 * piece starts without the previous one's window, which costs a few bytes per piece.
 */
function gzipInPieces(raw: Uint8Array, sent: (whole: Uint8Array<ArrayBuffer>) => void): ReadableStream<Uint8Array> {
  const count = Math.ceil(raw.byteLength / PIECE);
  const pieces = Array.from({ length: count }, (_, i) =>
    deflateRaw(raw.subarray(i * PIECE, (i + 1) * PIECE), { level: LEVEL, finishFlush: i === count - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH }),
  );
  // A failure is reported by the stream, when it reaches that piece.
  for (const piece of pieces) piece.catch(() => {});
  // Computed on this thread while the pool compresses.
  const trailer = new Uint8Array(8);
  const view = new DataView(trailer.buffer);
  view.setUint32(0, crc32(raw) >>> 0, true);
  view.setUint32(4, raw.byteLength >>> 0, true);
  let next = 0;
  const out: Uint8Array[] = [GZIP_HEADER];
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(GZIP_HEADER);
    },
    async pull(controller) {
      if (next === count) {
        controller.enqueue(trailer);
        controller.close();
        sent(Buffer.concat([...out, trailer]));
        return;
      }
      const piece = new Uint8Array(await pieces[next++]);
      out.push(piece);
      controller.enqueue(piece);
    },
  });
}

/** A body of megabytes as one Brotli stream, fed in pieces: each leaves once the thread pool has compressed it. */
function brotliInPieces(raw: Uint8Array, sent: (whole: Uint8Array<ArrayBuffer>) => void): ReadableStream<Uint8Array> {
  const brotli = createBrotliCompress({
    params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength },
  });
  for (let at = 0; at < raw.byteLength; at += PIECE) brotli.write(raw.subarray(at, at + PIECE));
  brotli.end();
  const out: Buffer[] = [];
  return new ReadableStream<Uint8Array>({
    start(controller) {
      brotli.on('data', (chunk: Buffer) => (out.push(chunk), controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))));
      brotli.once('end', () => (controller.close(), sent(Buffer.concat(out))));
      brotli.once('error', (e) => controller.error(e));
    },
    cancel() {
      brotli.destroy();
    },
  });
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
  // Bodies of megabytes compressed, by encoding and SHA-256 (hashing 3.7 MB: about 3 ms; Brotli: 8–12 ms).
  const large = new Map<string, Uint8Array<ArrayBuffer>>();
  let largeBytes = 0;
  const keepLarge = (key: string, body: Uint8Array<ArrayBuffer>) => {
    if (body.byteLength > KEPT_LARGE_BYTES || large.has(key)) return;
    large.set(key, body);
    largeBytes += body.byteLength;
    for (const [oldest, kept] of large) {
      if (largeBytes <= KEPT_LARGE_BYTES) break;
      large.delete(oldest);
      largeBytes -= kept.byteLength;
    }
  };
  const compressLarge = (raw: Uint8Array, encoding: 'br' | 'gzip'): Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> => {
    const key = `${encoding}:${createHash('sha256').update(raw).digest('base64')}`;
    const found = large.get(key);
    if (found) {
      // Used again: the last to go.
      large.delete(key);
      large.set(key, found);
      return found;
    }
    const sent = (whole: Uint8Array<ArrayBuffer>) => keepLarge(key, whole);
    return encoding === 'br' ? brotliInPieces(raw, sent) : gzipInPieces(raw, sent);
  };
  return async (req, ...rest) => {
    const res = await fetch(req, ...rest);
    const accepted = req.headers.get('accept-encoding') ?? '';
    if (!/\bgzip\b/i.test(accepted) || req.method === 'HEAD') return res;
    const path = pathOf(req.url);
    if (!opts.when(req, path) || res.status !== 200 || res.headers.has('content-encoding')) return res;
    if (!COMPRESSIBLE.test(res.headers.get('content-type') ?? '')) return res;
    const cacheControl = res.headers.get('cache-control') ?? '';
    if (/\bno-transform\b/i.test(cacheControl)) return res;
    const keep = cacheControl.includes('immutable');

    let encoding = 'gzip';
    let body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | undefined = keep ? immutable.get(path) : undefined;
    const held = keep ? null : bodyOf(res);
    if (body) await res.body?.cancel();
    else if (typeof held === 'string') {
      if (held.length < THRESHOLD) return res;
      body = await compressText(held);
    } else {
      const raw = held ?? new Uint8Array(await res.arrayBuffer());
      if (raw.byteLength < THRESHOLD) return held ? res : new Response(raw, { status: res.status, headers: res.headers });
      if (raw.byteLength >= PIECES_FROM && !keep) {
        const chosen = /\bbr\b/i.test(accepted) ? 'br' : 'gzip';
        [encoding, body] = [chosen, compressLarge(raw, chosen)];
      } else {
        body = new Uint8Array(await gzip(raw, { level: LEVEL }));
        if (keep) immutable.set(path, body);
      }
    }
    // An answer the app built itself (its body held) is not sent: its headers are changed in place, as a
    // copy cost more than finding the kept gzip. Others (a fetched one) may have immutable headers.
    const headers = held !== null ? res.headers : new Headers(res.headers);
    headers.set('content-encoding', encoding);
    headers.delete('content-length');
    if (!/accept-encoding/i.test(headers.get('vary') ?? '')) headers.append('vary', 'Accept-Encoding');
    return new Response(body, { status: res.status, headers });
  };
}
