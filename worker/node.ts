/**
 * The embedded default: Node + a libSQL file + (later) local S3, mail outbox and payments.
 * `npm start` runs this through worker/dev/start.ts, which builds the client first when needed.
 */
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { MemoryPokeHub } from './sync/poke';
import { serverAreas } from './areas';
import { createApp, isCompressible } from './app';
import { withGzip } from './gzip';
import type { AppDeps } from './deps';
import { openDatabase } from './dev/database';
import { runMigrations } from './dev/migrate';
import { startLocalS3 } from './dev/local-s3';
import { DEMO_HOAS, DEMO_PASSWORD, seedDemoData } from './dev/seed';
import { connectLocalPayments, linkLocalSubscriptions } from './dev/local-payments';
import { runJobs } from './jobs/runner';
import { composeServerAreas } from './kit/server-area';
import { mailerFromEnv, paymentsFromEnv, storageFromEnv, storageOrigins, type ServiceEnv } from './services/from-env';
import { createLocalMailer } from './services/mailer';
import { isLocalPayments, LocalPayments } from './services/payments/local';
import { createS3Storage } from './services/storage/s3';
import { PBKDF2_ITERATIONS, setDummyIterations } from './services/passwords';
import { randomToken } from './services/tokens';
import { createAfterWrittenTasks } from './services/after-written';

// On Node below 22 the AWS SDK warns at its first S3 client that its releases after January 2027 will
// need Node 22 (NodeVersionSupportWarning). The locked SDK runs on Node 20, which the README names and
// CI uses; the SDK's own switch (aws/aws-sdk-js-v3#7983) silences that one warning, no other.
// Setting the variable to anything but `true` shows it again.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface NodeServerOptions {
  port: number;
  /** Listen address: 127.0.0.1 by default (this machine only); 0.0.0.0 to serve the network (README). */
  host?: string;
  /** Header a trusted reverse proxy sets to the client's address (e.g. `x-real-ip`); unset: the socket address. */
  clientIpHeader?: string | null;
  databaseUrl: string;
  dataDir: string;
  clientDir: string;
  appUrl?: string;
  jwtSecret?: string;
  seed?: boolean;
  /** PBKDF2 count for new hashes; browser tests lower it to stay fast (the count is stored in each hash). */
  passwordIterations?: number;
  log?: (line: string) => void;
  /** Provider keys (S3_*, RESEND_API_KEY, STRIPE_*); each absent one is replaced by its local default. */
  services?: ServiceEnv;
  /** Port of the local S3 (s3rver) when S3_ENDPOINT is unset; 0 picks a free one. */
  localS3Port?: number;
  /** How often the jobs runner ticks (ms). */
  jobsIntervalMs?: number;
  /** The most rows one pull sends of a whole view (worker/sync/pull.ts); tests set it small to see a first pull arrive in chunks. */
  pullRowBudget?: number;
}

export function readNodeOptions(env: NodeJS.ProcessEnv = process.env): NodeServerOptions {
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  return {
    port: Number(env.PORT ?? 8787),
    host: env.HOST || '127.0.0.1',
    clientIpHeader: env.CLIENT_IP_HEADER?.trim().toLowerCase() || null,
    databaseUrl: env.DATABASE_URL ?? `file:${join(dataDir, 'hoa.db')}`,
    dataDir,
    clientDir: resolve(env.CLIENT_DIR ?? 'dist/client'),
    appUrl: env.APP_URL,
    jwtSecret: env.JWT_SECRET,
    seed: env.SEED_DEMO_DATA !== 'false',
    services: env,
    localS3Port: env.LOCAL_S3_PORT ? Number(env.LOCAL_S3_PORT) : undefined,
  };
}

/**
 * The data folder holds the database (sessions, mail with reset links), the JWT secret and uploads:
 * readable by this user only. The database file is created 0600 before libSQL opens it (SQLite gives
 * its -wal and -shm files the same mode). A folder this user cannot write is a DataFolderError (one
 * line at start, no stack trace): each folder is tried with a file created and removed, as SQLite's
 * -wal and -shm files will be.
 */
function prepareDataDir(opts: NodeServerOptions) {
  const dbPath = opts.databaseUrl.startsWith('file:') ? opts.databaseUrl.slice('file:'.length).split('?')[0] : '';
  const dbFile = dbPath && dbPath !== ':memory:' ? resolve(dbPath) : null;
  const folders = [opts.dataDir, ...(dbFile && dirname(dbFile) !== opts.dataDir ? [dirname(dbFile)] : [])];
  for (const folder of folders) {
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      if (folder === opts.dataDir) chmodSync(folder, 0o700);
      const probe = join(folder, `.write-check-${process.pid}`);
      closeSync(openSync(probe, 'w', 0o600));
      rmSync(probe);
      if (dbFile && dirname(dbFile) === folder) {
        closeSync(openSync(dbFile, 'a', 0o600));
        chmodSync(dbFile, 0o600);
      }
    } catch (e) {
      throw cannotWrite(e, folder === opts.dataDir ? `the data folder ${folder}` : `the database folder ${folder}`, folder === opts.dataDir ? 'DATA_DIR' : 'DATABASE_URL');
    }
  }
}

/** A file-system refusal as one sentence saying what to fix; any other error as it is. */
function cannotWrite(e: unknown, what: string, setting: string): unknown {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (!code || !/^(EACCES|EPERM|EROFS|ENOTDIR|EEXIST|EISDIR|ENOSPC|EDQUOT)$/.test(code)) return e;
  return new DataFolderError(`Cannot write to ${what} (${code}): make it writable or set ${setting} to another folder.`);
}

/** JWT secret from the environment, else generated once and kept under data/. */
function jwtSecret(opts: NodeServerOptions): string {
  if (opts.jwtSecret) return opts.jwtSecret;
  const file = join(opts.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomToken() + randomToken();
  try {
    writeFileSync(file, secret, { mode: 0o600 });
  } catch (e) {
    throw cannotWrite(e, `the data folder ${opts.dataDir}`, 'DATA_DIR');
  }
  return secret;
}

export async function startNodeServer(options: NodeServerOptions) {
  const log = options.log ?? ((line: string) => console.log(line));
  const host = options.host ?? '127.0.0.1';
  // Port 0 (any free port, as benchmarks ask): chosen before anything writes the app's address into its links.
  const opts = { ...options, port: options.port === 0 ? await freePort(host) : options.port };
  prepareDataDir(opts);
  const secret = jwtSecret(opts);
  const database = await openDatabase(opts.databaseUrl, process.env.DATABASE_AUTH_TOKEN, { checkpointInBackground: true });
  await runMigrations(database);
  const appUrl = opts.appUrl ?? `http://localhost:${opts.port}`;
  const passwordIterations = opts.passwordIterations ?? PBKDF2_ITERATIONS;
  setDummyIterations(passwordIterations);

  // Platform services: the real provider where its keys are set, the local default otherwise.
  const serviceEnv = opts.services ?? {};
  const appOrigins = [...new Set([new URL(appUrl).origin, `http://localhost:${opts.port}`, `http://127.0.0.1:${opts.port}`])];
  const localS3 = serviceEnv.S3_ENDPOINT
    ? null
    : await startLocalS3({ directory: join(opts.dataDir, 's3'), port: opts.localS3Port ?? 0, allowedOrigins: appOrigins });
  const storage = storageFromEnv(serviceEnv) ?? createS3Storage(localS3!.config);
  const mailer = mailerFromEnv(serviceEnv) ?? createLocalMailer();
  const clock = () => Date.now();
  const payments =
    paymentsFromEnv(serviceEnv) ??
    // The local provider signs its events and verifies them in this process: a per-run secret will do.
    new LocalPayments({ database, appUrl, webhookSecret: `whsec_local_${randomToken()}`, clock });

  let nudge = () => {};
  const pokes = new MemoryPokeHub();
  const background = createAfterWrittenTasks();
  const deps: AppDeps = {
    database,
    clock,
    config: {
      jwtSecret: secret,
      appUrl,
      passwordIterations,
      clientIpHeader: opts.clientIpHeader ?? null,
      connectOrigins: [...storageOrigins(serviceEnv), ...(localS3 ? [localS3.config.endpoint] : [])],
      pullRowBudget: opts.pullRowBudget,
    },
    storage,
    mailer,
    payments,
    onEmailQueued: () => nudge(),
    // One process holds every sync client's poke stream.
    pokes,
    afterResponse: background.afterResponse,
    areas: composeServerAreas(serverAreas),
  };
  connectLocalPayments(deps);

  const seeded = opts.seed !== false && (await seedDemoData(database, { now: Date.now(), passwordIterations, storage }));
  // Seeded trials get their customer and subscription in the local provider, so its portal shows them.
  await linkLocalSubscriptions(deps);

  // The jobs runner: every few seconds, and at once when mail was queued. Never two runs at a time.
  let running: Promise<void> | null = null;
  let again = false;
  const tick = (only?: string[]) => {
    if (running) {
      again = true;
      return;
    }
    running = runJobs(deps, only).finally(() => {
      running = null;
      if (again) {
        again = false;
        tick(['deliver-email']);
      }
    });
  };
  nudge = () => void setTimeout(() => tick(['deliver-email']), 0);
  const jobsTimer = setInterval(() => tick(), opts.jobsIntervalMs ?? 5_000);
  jobsTimer.unref();

  const indexHtml = join(opts.clientDir, 'index.html');
  // Hashed assets never change: cache them for a year. Everything else revalidates. The build
  // writes Brotli and gzip copies of each file (vite/compress.ts), sent as the browser accepts.
  const assets = serveStatic({
    root: opts.clientDir,
    precompressed: true,
    onFound: (path, c) => {
      c.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      c.header('Vary', 'Accept-Encoding');
    },
  });
  const app = createApp(deps, {
    spa: async (c) => {
      const found = await assets(c, async () => {});
      if (found) return found;
      if (!existsSync(indexHtml)) return c.text('The client is not built yet: run `npm run build`.', 503);
      // SPA fallback: every client route gets index.html.
      c.header('Cache-Control', 'no-cache');
      return c.html(readFileSync(indexHtml, 'utf8'));
    },
  });

  let server: ServerType;
  try {
    server = await new Promise((ok, fail) => {
      const s = serve({ fetch: background.scoped(withGzip(app.fetch, { when: isCompressible(deps.areas) })), port: opts.port, hostname: host }, () => ok(s));
      s.once('error', fail);
    });
  } catch (e) {
    clearInterval(jobsTimer);
    await localS3?.close();
    database.client.close();
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new PortInUseError(`Port ${opts.port} on ${host} is already in use (another \`npm start\`?). Stop that process, or start on another port: PORT=${opts.port + 1} npm start`);
    }
    throw e;
  }

  log(`HOA app listening on ${appUrl}${host === '127.0.0.1' ? ' (this machine only; HOST=0.0.0.0 serves the network)' : ` (bound to ${host})`}`);
  if (seeded) log('Seeded demo data.');
  if (localS3) log(`Local S3 (s3rver) at ${localS3.config.endpoint}, files under ${join(opts.dataDir, 's3')}`);
  if (mailer.kind === 'local') log(`Mail is not sent (RESEND_API_KEY unset): read it at ${appUrl}/dev/mail`);
  if (payments.kind === 'local') log(`Local payments (STRIPE_SECRET_KEY unset): pages under ${appUrl}/dev/pay, test card 4242 4242 4242 4242`);
  log(`Demo logins (password ${DEMO_PASSWORD}):`);
  for (const hoa of DEMO_HOAS) log(`  ${hoa.name}: ${hoa.people.map((p) => `${p.email} (${p.role})`).join(', ')}`);

  const close = async () => {
    clearInterval(jobsTimer);
    // Open poke streams would keep the server from closing.
    pokes.closeAll();
    await new Promise<void>((done) => server.close(() => done()));
    await background.drain();
    await running;
    if (isLocalPayments(payments)) await payments.flush();
    await localS3?.close();
    database.client.close();
  };
  return { app, deps, server, close, drainBackground: background.drain, localS3 };
}

/** A port no process listens on now, on `host`. */
function freePort(host: string): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, host, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => ok(port));
    });
  });
}

/** Why `npm start` cannot go on, in one sentence saying what to fix: printed without a stack trace. */
export class StartupError extends Error {}
/** `npm start` on a port another process holds. */
export class PortInUseError extends StartupError {}
/** A data (or database) folder this user cannot write: read-only, another owner's, full. */
export class DataFolderError extends StartupError {}

/** Runs the server until SIGINT or SIGTERM, then closes it cleanly (3 s at most). */
export async function runUntilSignalled(opts: NodeServerOptions = readNodeOptions()) {
  let running: Awaited<ReturnType<typeof startNodeServer>>;
  try {
    running = await startNodeServer(opts);
  } catch (e) {
    if (!(e instanceof StartupError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
  const stop = (signal: string) => {
    console.log(`\n${signal}: shutting down`);
    running.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

// Run directly: `tsx worker/node.ts`
if (import.meta.url === `file://${process.argv[1]}`) await runUntilSignalled();
