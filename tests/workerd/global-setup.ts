/**
 * Starts the local Hrana server on a fresh migrated and seeded libSQL file and a local S3 (s3rver),
 * then the Worker entry under `wrangler dev` pointed at them, and stops all after the run.
 * Ports come from 8861-8880. Payments go to the local provider (LOCAL_PAYMENTS, worker/cloudflare.ts),
 * whose objects live in the database: no network. It verifies webhooks with STRIPE_WEBHOOK_SECRET, so
 * the checks sign events the way Stripe would.
 */
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startHranaServer } from '../../worker/dev/hrana-server';
import { startLocalS3 } from '../../worker/dev/local-s3';
import { prepareDatabase, startWranglerDev, type RunningWrangler } from '../../worker/dev/wrangler-dev';
import { TEST_PASSWORD_ITERATIONS } from '../helpers/app';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Worker under wrangler dev, as http://localhost:<port>. */
    workerUrl: string;
    /** The libSQL file behind it, for checks that look at stored rows. */
    databasePath: string;
    /**
     * The same Worker without [assets], for the cron check: wrangler 4.86's
     * /cdn-cgi/handler/scheduled answers "exception" without calling the Worker when assets are
     * configured (workers-sdk #9882, fixed in a later miniflare).
     */
    cronWorkerUrl: string;
    /** The STRIPE_WEBHOOK_SECRET the Worker's local payment provider verifies webhooks with. */
    stripeWebhookSecret: string;
  }
}

const PORTS = { from: 8861, to: 8880 };

function isFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer()
      .once('error', () => done(false))
      .once('listening', () => probe.close(() => done(true)))
      .listen(port, '127.0.0.1');
  });
}

/** Free ports from the range, starting at a random one so that concurrent runs rarely pick the same. */
async function freePorts(count: number, avoid: Set<number>): Promise<number[]> {
  const size = PORTS.to - PORTS.from + 1;
  const start = Math.floor(Math.random() * size);
  const out: number[] = [];
  for (let i = 0; i < size && out.length < count; i++) {
    const port = PORTS.from + ((start + i) % size);
    if (!avoid.has(port) && (await isFree(port))) out.push(port);
  }
  if (out.length < count) throw new Error(`workerd checks need ${count} free ports in ${PORTS.from}-${PORTS.to}`);
  for (const port of out) avoid.add(port);
  return out;
}

/** wrangler.toml without its [assets] table. */
function withoutAssets(toml: string): string {
  const out: string[] = [];
  let skipping = false;
  for (const line of toml.split('\n')) {
    if (/^\s*\[/.test(line)) skipping = /^\s*\[assets\]/.test(line);
    if (!skipping) out.push(line);
  }
  return out.join('\n');
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'hoa-workerd-'));
  const databasePath = join(dir, 'worker.db');
  // Seeded with a low PBKDF2 count to stay fast; the Worker verifies with the count in each hash
  // and hashes new passwords with Workers' 100,000.
  await prepareDatabase(databasePath, TEST_PASSWORD_ITERATIONS);

  const taken = new Set<number>();
  const [hranaPort, s3Port] = await freePorts(2, taken);
  const authToken = crypto.randomUUID();
  const hrana = await startHranaServer({ databasePath, port: hranaPort, authToken });
  // Any origin of the range: the Worker's port is only known once wrangler has it.
  const origins = Array.from({ length: PORTS.to - PORTS.from + 1 }, (_, i) => `http://localhost:${PORTS.from + i}`);
  const s3 = await startLocalS3({ directory: join(dir, 's3'), port: s3Port, allowedOrigins: origins, reset: true });
  const stripeWebhookSecret = `whsec_${crypto.randomUUID().replaceAll('-', '')}`;

  mkdirSync('.wrangler', { recursive: true });
  const logPath = '.wrangler/workerd-tests.log';
  const log = createWriteStream(logPath);
  const output = (chunk: string) => log.write(chunk);
  // The cron check's copy of the config (see ProvidedContext.cronWorkerUrl), in .wrangler/ (gitignored,
  // one level down: relative paths are rewritten for that).
  const cronConfig = `.wrangler/workerd-tests-cron-${process.pid}.toml`;
  const relocated = withoutAssets(readFileSync('wrangler.toml', 'utf8'))
    .replace(/"(\.\.?\/[^"]*)"/g, '"../$1"')
    .replace(/^main = "(?!\.\.\/)(.*)"$/m, 'main = "../$1"');
  writeFileSync(cronConfig, relocated);

  const cleanUp = async () => {
    rmSync(cronConfig, { force: true });
    await hrana.close();
    await s3.close();
    log.end();
  };

  // Another run may take a port between the probe and wrangler's bind: then try other ports.
  let workerUrl = '';
  let running: RunningWrangler[] | undefined;
  let lastError: unknown;
  for (let attempt = 1; attempt <= 3 && !running; attempt++) {
    const [workerPort, inspectorPort, cronPort, cronInspectorPort] = await freePorts(4, taken);
    workerUrl = `http://localhost:${workerPort}`;
    const vars = {
      DATABASE_URL: hrana.url,
      DATABASE_AUTH_TOKEN: authToken,
      JWT_SECRET: `${crypto.randomUUID()}${crypto.randomUUID()}`,
      APP_URL: workerUrl,
      S3_ENDPOINT: s3.config.endpoint,
      S3_REGION: s3.config.region,
      S3_BUCKET: s3.config.bucket,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
      LOCAL_PAYMENTS: 'on',
      STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
    };
    const varsFile = join(dir, `worker-${attempt}.env`);
    const launches = await Promise.allSettled([
      startWranglerDev({ port: workerPort, inspectorPort, persistTo: join(dir, 'state'), output, vars, varsFile }),
      startWranglerDev({ port: cronPort, inspectorPort: cronInspectorPort, persistTo: join(dir, 'cron-state'), output, vars, varsFile, config: cronConfig }),
    ]);
    const failed = launches.find((r) => r.status === 'rejected');
    if (!failed) {
      running = launches.map((r) => (r as PromiseFulfilledResult<RunningWrangler>).value);
      break;
    }
    for (const r of launches) if (r.status === 'fulfilled') await r.value.stop();
    lastError = failed.reason;
    // Only an early exit (a port clash) is worth another try; a build error or a hang is not.
    if (!/exited with code/.test(String((failed.reason as Error)?.message))) break;
  }
  if (!running) {
    await cleanUp();
    console.error(readFileSync(logPath, 'utf8').slice(-4000));
    throw lastError;
  }
  const [worker, cronWorker] = running;
  console.log(`workerd: wrangler dev at ${workerUrl} (cron check at ${cronWorker.url}), Hrana on :${hranaPort}, S3 on :${s3Port}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s (log: ${logPath})`);

  project.provide('workerUrl', workerUrl);
  project.provide('databasePath', databasePath);
  project.provide('stripeWebhookSecret', stripeWebhookSecret);
  project.provide('cronWorkerUrl', cronWorker.url);

  return async () => {
    await Promise.all([worker.stop(), cronWorker.stop()]);
    await cleanUp();
    rmSync(dir, { recursive: true, force: true });
  };
}
