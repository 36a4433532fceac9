/**
 * `npm run dev:worker`: the real Worker entry (worker/cloudflare.ts) under `wrangler dev`, offline.
 *
 * In workerd the database client is @libsql/client/web, which speaks Hrana over HTTP, so this
 * migrates and seeds a libSQL file the way the Node entry does, serves it with the local Hrana server
 * (worker/dev/hrana-server.ts) on loopback, and points the Worker's DATABASE_URL at it.
 *
 * The file is `data/worker-dev.db`, not the Node entry's `data/hoa.db`: Workers' PBKDF2 stops at
 * 100,000 iterations, so the demo passwords here are hashed with that count, and the 600,000-iteration
 * hashes of `npm start` could not be verified by the Worker (see docs/decisions/080-worker-dev-database.md).
 *
 * tests/workerd uses the same functions with a temporary database and free ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { linkLocalSubscriptions } from './local-payments';
import { LocalPayments } from '../services/payments/local';
import { isLoopbackHost } from '../middleware/client-meta';
import { randomToken } from '../services/tokens';
import { WORKERS_PBKDF2_MAX } from '../services/passwords';
import { openDatabase } from './database';
import { startHranaServer, type RunningHranaServer } from './hrana-server';
import { startLocalS3 } from './local-s3';
import { runMigrations } from './migrate';
import { DEMO_HOAS, DEMO_PASSWORD, seedDemoData } from './seed';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Migrates a libSQL file and seeds the demo data into it when it is empty, like the Node entry; with
 * `localPayments` (the Worker runs with LOCAL_PAYMENTS=on), the seeded trials get their customer and
 * subscription in the local provider, as `npm start` gives them, so its portal shows them.
 */
export async function prepareDatabase(path: string, passwordIterations: number, opts: { localPayments?: { appUrl: string } } = {}): Promise<boolean> {
  const database = await openDatabase(`file:${path}`);
  try {
    await runMigrations(database);
    const seeded = await seedDemoData(database, { now: Date.now(), passwordIterations });
    if (opts.localPayments) {
      const clock = () => Date.now();
      // Nothing is delivered from here (no webhook connected): the secret only signs what is never sent.
      const payments = new LocalPayments({ database, appUrl: opts.localPayments.appUrl, webhookSecret: `whsec_local_${randomToken()}`, clock });
      await linkLocalSubscriptions({ database, clock, payments });
    }
    return seeded;
  } finally {
    database.client.close();
  }
}

export interface WranglerDevOptions {
  port: number;
  inspectorPort: number;
  /** The Worker's vars: DATABASE_URL (the Hrana server), JWT_SECRET, APP_URL, … */
  vars: Record<string, string>;
  /**
   * Where to write `vars` for wrangler (mode 0600): an env file keeps secrets off the command line.
   * wrangler then reads no `.dev.vars` of its own; `extraEnvFiles` come first and `vars` override them.
   */
  varsFile: string;
  extraEnvFiles?: string[];
  /** Where wrangler keeps local state (default .wrangler/state). */
  persistTo?: string;
  /** Another wrangler config than wrangler.toml (paths in it are relative to it). */
  config?: string;
  /** Where wrangler's output goes (default: inherited). */
  output?: (chunk: string) => void;
}

export interface RunningWrangler {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `wrangler dev` on 127.0.0.1:<port> and resolves once /api/health answers. */
export async function startWranglerDev(opts: WranglerDevOptions, readyTimeoutMs = 90_000): Promise<RunningWrangler> {
  // wrangler.toml serves [assets] from dist/client; wrangler refuses to start when it is missing.
  mkdirSync(join(ROOT, 'dist/client'), { recursive: true });
  const args = [join(ROOT, 'node_modules/wrangler/bin/wrangler.js'), 'dev', '--ip', '127.0.0.1', '--port', String(opts.port), '--inspector-port', String(opts.inspectorPort), '--show-interactive-dev-session=false', '--log-level', opts.output ? 'warn' : 'info'];
  writeFileSync(opts.varsFile, envFileText(opts.vars), { mode: 0o600 });
  for (const file of [...(opts.extraEnvFiles ?? []), opts.varsFile]) args.push('--env-file', file);
  if (opts.persistTo) args.push('--persist-to', opts.persistTo);
  if (opts.config) args.push('--config', opts.config);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    // Its own process group, so stopping it also stops workerd.
    detached: true,
    stdio: opts.output ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    // Offline: no metrics, and no fetch of Cloudflare's Request.cf sample (a placeholder is used).
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
  // wrangler keeps running (and watching) after a failed build; when its output is ours, fail fast.
  let buildFailed = false;
  if (opts.output) {
    const output = opts.output;
    const read = (chunk: string) => {
      if (chunk.includes('Build failed')) buildFailed = true;
      output(chunk);
    };
    child.stdout?.setEncoding('utf8').on('data', read);
    child.stderr?.setEncoding('utf8').on('data', read);
  }
  let exited: number | null | undefined;
  // wrangler runs in a group of its own, so it would outlive this process if it died first.
  const killOnExit = () => {
    try {
      if (exited === undefined && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.once('exit', killOnExit);
  child.on('exit', (code) => {
    exited = code;
    process.off('exit', killOnExit);
  });

  const stop = async () => {
    if (exited !== undefined || child.pid === undefined) return;
    const gone = new Promise<void>((done) => child.once('exit', () => done()));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const killTimer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5_000);
    await gone;
    clearTimeout(killTimer);
  };

  const url = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exited !== undefined) throw new Error(`wrangler dev exited with code ${exited} before it answered`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (buildFailed || Date.now() > deadline) {
      await stop();
      throw new Error(buildFailed ? 'wrangler dev could not build the Worker (see its output)' : `wrangler dev did not answer /api/health within ${readyTimeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, child, stop };
}

function envFileText(vars: Record<string, string>): string {
  return Object.entries(vars)
    .map(([key, value]) => {
      if (!/^[A-Z_][A-Z0-9_]*$/i.test(key) || /["\\\n\r$]/.test(value)) throw new Error(`Cannot write ${key} to an env file`);
      return `${key}="${value}"\n`;
    })
    .join('');
}

/** A JWT secret kept under data/ so sessions survive restarts. */
function devSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomToken() + randomToken();
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function main() {
  const dataDir = resolve(process.env.DATA_DIR ?? join(ROOT, 'data'));
  mkdirSync(dataDir, { recursive: true });
  const port = Number(process.env.PORT ?? 8787);
  const hranaPort = Number(process.env.HRANA_PORT ?? 8788);
  const inspectorPort = Number(process.env.INSPECTOR_PORT ?? 9229);
  const dbPath = join(dataDir, 'worker-dev.db');
  const appUrl = process.env.APP_URL ?? `http://localhost:${port}`;

  // The local providers, as `npm start` has them, for each service .dev.vars gives no key for (a key
  // there wins). The Worker takes local payments and mail only with APP_URL on this machine.
  const devVars = join(ROOT, '.dev.vars');
  const keyed = new Set(existsSync(devVars) ? [...readFileSync(devVars, 'utf8').matchAll(/^\s*([A-Z0-9_]+)\s*=\s*\S/gm)].map((m) => m[1]) : []);
  const onThisMachine = isLoopbackHost(new URL(appUrl).hostname);
  const localPayments = !keyed.has('STRIPE_SECRET_KEY') && onThisMachine;
  const localMail = !keyed.has('RESEND_API_KEY') && onThisMachine;
  const seeded = await prepareDatabase(dbPath, WORKERS_PBKDF2_MAX, localPayments ? { localPayments: { appUrl } } : {}).catch((err) => {
    // Before the first deploy there is one initial migration, regenerated when tables change.
    if (/already exists/.test(String(err?.message))) console.error(`\n${dbPath} predates the current migrations: delete it to start afresh.\n`);
    throw err;
  });
  const hrana: RunningHranaServer = await startHranaServer({ databasePath: dbPath, port: hranaPort, log: (line) => console.log(line) });
  // Files: the local S3 (s3rver, loopback), as `npm start` starts it, unless .dev.vars names a bucket.
  const origins = [...new Set([new URL(appUrl).origin, `http://localhost:${port}`, `http://127.0.0.1:${port}`])];
  const s3 = keyed.has('S3_ENDPOINT') ? null : await startLocalS3({ directory: join(dataDir, 'worker-dev-s3'), port: Number(process.env.LOCAL_S3_PORT ?? 0), allowedOrigins: origins });
  const s3Vars: Record<string, string> = s3
    ? { S3_ENDPOINT: s3.config.endpoint, S3_REGION: s3.config.region, S3_BUCKET: s3.config.bucket, S3_ACCESS_KEY_ID: s3.config.accessKeyId, S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey }
    : {};
  const closeLocal = async () => {
    await hrana.close();
    await s3?.close();
  };
  const worker = await startWranglerDev({
    port,
    inspectorPort,
    vars: {
      DATABASE_URL: hrana.url,
      JWT_SECRET: devSecret(join(dataDir, 'worker-dev-jwt-secret')),
      APP_URL: appUrl,
      ...s3Vars,
      ...(localPayments ? { LOCAL_PAYMENTS: 'on' } : {}),
      ...(localMail ? { LOCAL_MAIL: 'on' } : {}),
    },
    varsFile: join(dataDir, 'worker-dev.env'),
    // A developer's own .dev.vars (provider keys, say) still applies; the values above win.
    extraEnvFiles: existsSync(devVars) ? [devVars] : [],
  }).catch(async (err) => {
    await closeLocal();
    throw err;
  });

  console.log(`\nWorker (wrangler dev) on ${appUrl} — database ${dbPath} via ${hrana.url}${seeded ? ' (demo data seeded)' : ''}`);
  console.log(`Demo logins (password ${DEMO_PASSWORD}):`);
  for (const hoa of DEMO_HOAS) console.log(`  ${hoa.name}: ${hoa.people.map((p) => `${p.email} (${p.role})`).join(', ')}`);
  if (s3) console.log(`Files in a local S3 (no S3_ENDPOINT in .dev.vars): ${s3.config.endpoint}, under ${join(dataDir, 'worker-dev-s3')}`);
  if (localMail) console.log(`Mail is not sent (no RESEND_API_KEY in .dev.vars): read it at ${appUrl}/dev/mail`);
  if (localPayments) console.log(`Local payments (no STRIPE_SECRET_KEY in .dev.vars): pages under ${appUrl}/dev/pay, test card 4242 4242 4242 4242`);
  if (!existsSync(join(ROOT, 'dist/client/index.html'))) console.log('The client is not built: only /api/* answers. Run `npm run build` for the app.');

  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${why}: shutting down`);
    await worker.stop();
    await closeLocal();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  worker.child.on('exit', () => void stop('wrangler exited'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await main();
}
