/**
 * The local S3 of the embedded default (Node only), files under `<dataDir>/s3`, with CORS for the
 * app's origin so the browser PUTs to presigned URLs exactly as in production. Two parts:
 *
 * - s3rver runs in its own process (./local-s3-process.ts) on a Unix socket in a private folder, so
 *   none of its failures (a full disk, an error nothing handles) can end the app; when it stops, the
 *   app answers storage requests 503 and starts it again.
 * - A guard in the app's process listens on 127.0.0.1 (the endpoint the app signs URLs for) and checks
 *   each request as S3 would before passing it on: s3rver verifies no V4 signature, so the guard does
 *   (./s3-signature.ts), with credentials made up for this run. A PUT must carry exactly the
 *   Content-Type and Content-Length its URL signed (anything else is SignatureDoesNotMatch), an upload
 *   URL must sign both, and no body may exceed the upload limit. Unsigned requests are refused, as a
 *   private bucket refuses them; only CORS preflights pass unsigned.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MAX_UPLOAD_BYTES } from '../../schema/uploads';
import type { S3StorageConfig } from '../services/storage/s3';
import type { FromLocalS3Process, LocalS3ProcessOptions, ToLocalS3Process } from './local-s3-process';
import { isRefusal, s3ErrorXml, verifyS3Signature, type S3Refusal } from './s3-signature';

export interface LocalS3 {
  config: S3StorageConfig & { endpoint: string };
  close(): Promise<void>;
  /** The s3rver process now running (undefined while it restarts). */
  readonly pid: number | undefined;
  /** Resolves when s3rver answers (again, after it stopped). */
  running(): Promise<void>;
}

export interface LocalS3Options {
  directory: string;
  /** The guard's port on 127.0.0.1; 0 picks a free one. */
  port?: number;
  bucket?: string;
  allowedOrigins: string[];
  /** Empty the folder when closing (tests). */
  reset?: boolean;
  /** Where a stop of s3rver is reported (one line each); console.error by default. */
  log?: (line: string) => void;
}

function corsXml(origins: string[]) {
  const rules = origins
    .map(
      (origin) => `<CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>`,
    )
    .join('\n');
  return `<CORSConfiguration>${rules}</CORSConfiguration>`;
}

const PROCESS_FILE = fileURLToPath(new URL('./local-s3-process.ts', import.meta.url));
/** The child runs TypeScript as the app does: through tsx's loader. */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
/** Hop-by-hop headers: each connection's own, never passed on. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'expect', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer'];

/** What the guard refuses beyond a bad signature: an upload URL that does not pin type and size, a body without a length or over the limit. */
function uploadRefusal(req: IncomingMessage, form: 'query' | 'header', signed: Set<string>): S3Refusal | null {
  if (req.method !== 'PUT') return null;
  if (form === 'query' && !(signed.has('content-type') && signed.has('content-length'))) {
    return { status: 403, code: 'AccessDenied', message: 'An upload URL must sign the Content-Type and Content-Length of the file.' };
  }
  const length = req.headers['content-length'];
  if (length === undefined || !/^\d+$/.test(length)) return { status: 411, code: 'MissingContentLength', message: 'You must provide the Content-Length HTTP header.' };
  if (Number(length) > MAX_UPLOAD_BYTES) return { status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size.' };
  return null;
}

export async function startLocalS3(opts: LocalS3Options): Promise<LocalS3> {
  const bucket = opts.bucket ?? 'hoa-local';
  const log = opts.log ?? ((line: string) => console.error(line));
  // Made up for this run: whoever signs for this S3 must have got them from the app.
  const credentials = { accessKeyId: `LOCAL${randomBytes(8).toString('hex').toUpperCase()}`, secretAccessKey: randomBytes(30).toString('base64url') };
  mkdirSync(opts.directory, { recursive: true, mode: 0o700 });
  // The socket lives in a folder only this user can enter: the guard is the only way in.
  const socketDir = mkdtempSync(join(tmpdir(), 'hoa-s3-'));
  const processOptions: LocalS3ProcessOptions = {
    directory: opts.directory,
    socketPath: join(socketDir, 's3.sock'),
    bucket,
    corsXml: corsXml(opts.allowedOrigins),
    reset: opts.reset ?? false,
    credentials,
  };

  // ---- The s3rver process, started again whenever it stops on its own ----
  let child: ChildProcess | null = null;
  let up: Promise<void>;
  let closing = false;
  let failuresInARow = 0;
  let restartTimer: NodeJS.Timeout | undefined;

  const spawnProcess = (): Promise<void> => {
    const c = fork(PROCESS_FILE, [], { execArgv: ['--import', TSX_LOADER], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child = c;
    const startedAt = Date.now();
    const started = new Promise<void>((resolve, reject) => {
      c.once('message', (m: FromLocalS3Process) => (m.type === 'ready' ? resolve() : reject(new Error(`The local S3 did not start: ${m.message}`))));
      c.once('exit', (code, signal) => reject(new Error(`The local S3 did not start (exit ${code ?? signal})`)));
      c.once('error', reject);
    });
    c.once('exit', (code, signal) => {
      if (child === c) child = null;
      if (closing) return;
      failuresInARow = Date.now() - startedAt > 30_000 ? 1 : failuresInARow + 1;
      const delay = Math.min(5_000, 100 * 2 ** Math.min(failuresInARow, 6));
      log(`Local S3 stopped (${code ?? signal}); the app answers storage requests 503 until it runs again (in ${delay} ms).`);
      up = new Promise<void>((resolve) => {
        restartTimer = setTimeout(() => {
          if (closing) return resolve();
          up = spawnProcess();
          up.then(resolve, () => resolve());
        }, delay);
      });
      up.catch(() => {});
    });
    c.send({ type: 'start', options: processOptions } satisfies ToLocalS3Process);
    return started;
  };
  up = spawnProcess();
  try {
    await up;
  } catch (e) {
    closing = true;
    (child as ChildProcess | null)?.kill('SIGKILL');
    rmSync(socketDir, { recursive: true, force: true });
    throw e;
  }

  // ---- The guard ----
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const corsFor = (req: IncomingMessage): Record<string, string> => {
    const origin = req.headers.origin;
    return origin && opts.allowedOrigins.includes(origin) ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};
  };
  const answer = (req: IncomingMessage, res: ServerResponse, refusal: S3Refusal, extra: Record<string, string> = {}) => {
    if (res.headersSent) return void res.destroy();
    const body = s3ErrorXml(refusal, req.url?.split('?')[0] ?? '/');
    // The body may still be arriving (12 MB on a URL signed for 100 bytes): answer, then close.
    res.writeHead(refusal.status, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(body), Connection: 'close', ...corsFor(req), ...extra });
    res.end(body);
  };

  const pass = (req: IncomingMessage, res: ServerResponse) => {
    if (!child) return answer(req, res, { status: 503, code: 'ServiceUnavailable', message: 'The local S3 is starting again. Please try again.' }, { 'Retry-After': '1' });
    const headers = { ...req.headers };
    for (const h of HOP_BY_HOP) delete headers[h];
    const upstream = httpRequest({ socketPath: processOptions.socketPath, method: req.method, path: req.url, headers, agent }, (reply) => {
      const replyHeaders = { ...reply.headers };
      for (const h of HOP_BY_HOP) delete replyHeaders[h];
      res.writeHead(reply.statusCode ?? 502, replyHeaders);
      pipeline(reply, res, () => {});
    });
    upstream.on('error', () => answer(req, res, { status: 503, code: 'ServiceUnavailable', message: 'The local S3 stopped while answering. Please try again.' }, { 'Retry-After': '1' }));
    pipeline(req, upstream, (e) => {
      if (e) upstream.destroy();
    });
  };

  const guard = createServer((req, res) => {
    req.on('error', () => {});
    res.on('error', () => {});
    try {
      // CORS preflights carry no signature in any S3.
      if (req.method === 'OPTIONS') return pass(req, res);
      const verdict = verifyS3Signature({ method: req.method ?? '', url: req.url ?? '/', headers: req.headers }, credentials, Date.now());
      if (isRefusal(verdict)) return answer(req, res, verdict);
      const refusal = uploadRefusal(req, verdict.form, verdict.signedHeaders);
      if (refusal) return answer(req, res, refusal);
      pass(req, res);
    } catch (e) {
      answer(req, res, { status: 500, code: 'InternalError', message: e instanceof Error ? e.message : String(e) });
    }
  });
  guard.on('clientError', (_e, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    guard.once('error', reject);
    guard.listen(opts.port ?? 0, '127.0.0.1', () => {
      guard.off('error', reject);
      resolve();
    });
  });
  guard.on('error', (e) => log(`Local S3 guard: ${e.message}`));
  const { port } = guard.address() as AddressInfo;

  return {
    config: { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket, ...credentials },
    get pid() {
      return child?.pid;
    },
    running: () => up,
    async close() {
      closing = true;
      clearTimeout(restartTimer);
      await new Promise<void>((resolve) => {
        guard.close(() => resolve());
        guard.closeAllConnections();
      });
      agent.destroy();
      const c = child;
      if (c && c.exitCode === null && c.signalCode === null) {
        const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
        c.send({ type: 'close' } satisfies ToLocalS3Process);
        const timer = setTimeout(() => c.kill('SIGKILL'), 3_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
