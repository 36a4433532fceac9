/**
 * The embedded default: Node + a libSQL file + (later) local S3, mail outbox and payments.
 * `npm start` runs this through worker/dev/start.ts, which builds the client first when needed.
 */
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createApp } from './app';
import type { AppDeps } from './deps';
import { openDatabase } from './dev/database';
import { runMigrations } from './dev/migrate';
import { DEMO_HOAS, DEMO_PASSWORD, seedDemoData } from './dev/seed';
import { PBKDF2_ITERATIONS, setDummyIterations } from './services/passwords';
import { randomToken } from './services/tokens';

export interface NodeServerOptions {
  port: number;
  databaseUrl: string;
  dataDir: string;
  clientDir: string;
  appUrl?: string;
  jwtSecret?: string;
  seed?: boolean;
  /** PBKDF2 count for new hashes; browser tests lower it to stay fast (the count is stored in each hash). */
  passwordIterations?: number;
  log?: (line: string) => void;
}

export function readNodeOptions(env: NodeJS.ProcessEnv = process.env): NodeServerOptions {
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  return {
    port: Number(env.PORT ?? 8787),
    databaseUrl: env.DATABASE_URL ?? `file:${join(dataDir, 'hoa.db')}`,
    dataDir,
    clientDir: resolve(env.CLIENT_DIR ?? 'dist/client'),
    appUrl: env.APP_URL,
    jwtSecret: env.JWT_SECRET,
    seed: env.SEED_DEMO_DATA !== 'false',
  };
}

/** JWT secret from the environment, else generated once and kept under data/. */
function jwtSecret(opts: NodeServerOptions): string {
  if (opts.jwtSecret) return opts.jwtSecret;
  const file = join(opts.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomToken() + randomToken();
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function startNodeServer(opts: NodeServerOptions) {
  const log = opts.log ?? ((line: string) => console.log(line));
  mkdirSync(opts.dataDir, { recursive: true });
  const database = await openDatabase(opts.databaseUrl, process.env.DATABASE_AUTH_TOKEN);
  await runMigrations(database);
  const appUrl = opts.appUrl ?? `http://localhost:${opts.port}`;
  const passwordIterations = opts.passwordIterations ?? PBKDF2_ITERATIONS;
  setDummyIterations(passwordIterations);

  const deps: AppDeps = {
    database,
    clock: () => Date.now(),
    config: {
      jwtSecret: jwtSecret(opts),
      appUrl,
      passwordIterations,
      localMode: true,
      connectOrigins: [],
    },
  };

  const seeded = opts.seed !== false && (await seedDemoData(database, { now: Date.now(), passwordIterations }));

  const indexHtml = join(opts.clientDir, 'index.html');
  // Hashed assets never change: cache them for a year. Everything else revalidates.
  const assets = serveStatic({
    root: opts.clientDir,
    onFound: (path, c) => {
      c.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
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

  const server: ServerType = await new Promise((ok) => {
    const s = serve({ fetch: app.fetch, port: opts.port, hostname: '0.0.0.0' }, () => ok(s));
  });

  log(`HOA app listening on ${appUrl}`);
  if (seeded) log('Seeded demo data.');
  log(`Demo logins (password ${DEMO_PASSWORD}):`);
  for (const hoa of DEMO_HOAS) log(`  ${hoa.name}: ${hoa.people.map((p) => `${p.email} (${p.role})`).join(', ')}`);

  const close = async () => {
    await new Promise<void>((done) => server.close(() => done()));
    database.client.close();
  };
  return { app, deps, server, close };
}

// Run directly: `tsx worker/node.ts`
if (import.meta.url === `file://${process.argv[1]}`) {
  const running = await startNodeServer(readNodeOptions());
  const stop = (signal: string) => {
    console.log(`\n${signal}: shutting down`);
    running.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
