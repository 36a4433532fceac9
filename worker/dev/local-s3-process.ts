/**
 * The local S3's own process (started by worker/dev/local-s3.ts, never imported by the app): s3rver
 * on a Unix socket in a private folder, reachable only through the guard in the app's process. Its
 * failures stay here: an error nothing handles ends this process, the app answers 503 for storage
 * meanwhile and starts it again. s3rver's object writes are replaced by one that handles its write
 * stream's errors (a full disk, ENOSPC): the PUT then fails with a 500 and leaves no object behind,
 * instead of s3rver answering 200 for a file it never wrote, or the error ending the process.
 *
 * Protocol (IPC): the parent sends `{ type: 'start', options }`, this answers `{ type: 'ready' }`
 * or `{ type: 'failed', message }`; `{ type: 'close' }` closes s3rver (emptying it when `reset`) and exits.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';

export interface LocalS3ProcessOptions {
  directory: string;
  socketPath: string;
  bucket: string;
  corsXml: string;
  reset: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string };
}

export type ToLocalS3Process = { type: 'start'; options: LocalS3ProcessOptions } | { type: 'close' };
export type FromLocalS3Process = { type: 'ready' } | { type: 'failed'; message: string };

const require = createRequire(import.meta.url);

interface StoredObject {
  bucket: string;
  key: string;
  metadata: Record<string, string>;
  content: Buffer | NodeJS.ReadableStream;
}
interface FilesystemStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
  putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
}

/** s3rver's putObject with its stream errors handled: a failed write rejects (500) and removes the partial file. */
function handleWriteErrors() {
  const Store = require('s3rver/lib/stores/filesystem') as { prototype: FilesystemStore };
  Store.prototype.putObject = async function putObject(this: FilesystemStore, object: StoredObject) {
    const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(dirname(objectPath), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const source = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : (object.content as NodeJS.ReadableStream);
    try {
      await pipeline(source, counted, createWriteStream(objectPath));
    } catch (e) {
      await rm(objectPath, { force: true }).catch(() => {});
      throw e;
    }
    const digest = md5.digest('hex');
    await this.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
}

async function start(options: LocalS3ProcessOptions): Promise<S3rver> {
  handleWriteErrors();
  // s3rver answers only requests signed with a key it knows: the guard's, which this run made up.
  const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } };
  DUMMY_ACCOUNT.createKeyPair(options.credentials.accessKeyId, options.credentials.secretAccessKey);
  const server = new S3rver({
    silent: true,
    directory: options.directory,
    resetOnClose: options.reset,
    vhostBuckets: false,
    configureBuckets: [{ name: options.bucket, configs: [options.corsXml] }],
  });
  await server.configureBuckets();
  await rm(options.socketPath, { force: true });
  server.httpServer = await server.listen(options.socketPath);
  return server;
}

const send = (message: FromLocalS3Process) => process.send?.(message);
let server: S3rver | null = null;

// Anything nothing handled: one line for the app's log, then exit; the app starts a new process.
process.on('uncaughtException', (e) => {
  console.error(`Local S3 stopped: ${(e as NodeJS.ErrnoException).code ?? ''} ${e.message}`.replace(/\s+/g, ' '));
  process.exit(1);
});
process.on('unhandledRejection', (e) => {
  console.error(`Local S3 stopped: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
// The app went away (even by kill -9): nothing is left listening.
process.on('disconnect', () => process.exit(0));
// Ctrl-C and a group's SIGTERM reach this process too: the app closes it itself, after its own requests.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});

process.on('message', (message: ToLocalS3Process) => {
  if (message.type === 'start') {
    start(message.options).then(
      (s) => {
        server = s;
        send({ type: 'ready' });
      },
      (e: unknown) => {
        send({ type: 'failed', message: e instanceof Error ? e.message : String(e) });
        process.exit(1);
      },
    );
  } else if (message.type === 'close') {
    const closing = server ? server.close() : Promise.resolve();
    closing.finally(() => process.exit(0));
  }
});
