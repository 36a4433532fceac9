import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../worker/app';
import type { Tx } from '../../worker/db';
import type { AppDeps } from '../../worker/deps';
import { openDatabase } from '../../worker/dev/database';
import { runMigrations } from '../../worker/dev/migrate';
import { seedDemoData } from '../../worker/dev/seed';
import { connectLocalPayments } from '../../worker/dev/local-payments';
import { serverAreas } from '../../worker/areas';
import { composeServerAreas } from '../../worker/kit/server-area';
import { createLocalMailer } from '../../worker/services/mailer';
import { LocalPayments } from '../../worker/services/payments/local';
import { setDummyIterations } from '../../worker/services/passwords';
import { createBackgroundTasks } from '../../worker/services/background';
import type { FileStorage } from '../../worker/services/storage/types';
import { fakeStorage, TEST_WEBHOOK_SECRET } from './services';

/** Tests hash with a low PBKDF2 count so the suite stays fast; the count is recorded in each hash. */
export const TEST_PASSWORD_ITERATIONS = 1_000;

export const START_TIME = Date.parse('2026-11-21T12:00:00Z');

/** A clock tests can move: `clock.advance(ms)`. */
export function fakeClock(start = START_TIME) {
  let now = start;
  const clock = () => now;
  clock.advance = (ms: number) => {
    now += ms;
  };
  clock.set = (ms: number) => {
    now = ms;
  };
  return clock;
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  /** Waits for the work requests left to run after their response (`deps.afterResponse`). */
  drainBackground(): Promise<void>;
  /** Test set-up writes, through the app's one writer like every write (`database.db` only reads). */
  write<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  clock: ReturnType<typeof fakeClock>;
  /** The libSQL file URL, so a test can open a second app on the same database (a "restart"). */
  databaseUrl: string;
  /** Waits for work left to run after responses, then closes the database and removes its folder. */
  close(): Promise<void>;
}

type StoredFile = Parameters<FileStorage['put']>[0];

let template: Promise<{ file: string; files: StoredFile[] }> | undefined;

/**
 * The migrated database with the demo data at START_TIME, built once per test process and copied for
 * each app: migrating and seeding were most of an app's start (about a second, 165 apps a run).
 * The seed's stored files are kept to be put into each app's storage.
 */
function seededTemplate() {
  template ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoa-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'template.db');
    const database = await openDatabase(`file:${file}`);
    await runMigrations(database);
    const files: StoredFile[] = [];
    const recorder: FileStorage = { ...fakeStorage(), put: async (f) => void files.push(f) };
    setDummyIterations(TEST_PASSWORD_ITERATIONS);
    await seedDemoData(database, { now: START_TIME, passwordIterations: TEST_PASSWORD_ITERATIONS, storage: recorder });
    // Closing folds the write-ahead log into the file (worker/dev/file-client.ts), so a copy of the file alone is whole.
    database.client.close();
    return { file, files };
  })();
  return template;
}

/**
 * A fresh libSQL file database, migrated and seeded with the demo data, behind createApp.
 * `database.checkpointInBackground`: as the Node entry opens it (benchmarks). `database.from`: a copy
 * of that database file instead (one a benchmark seeded and kept; it must hold the demo data too),
 * brought to the newest migrations.
 */
export async function createTestApp(
  overrides: Partial<Omit<AppDeps, 'database' | 'clock' | 'config'>> & { config?: Partial<AppDeps['config']> } = {},
  options: { database?: { checkpointInBackground?: boolean; from?: string } } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'hoa-test-'));
  const databaseUrl = `file:${join(dir, 'test.db')}`;
  const seeded = await seededTemplate();
  copyFileSync(options.database?.from ?? seeded.file, join(dir, 'test.db'));
  const database = await openDatabase(databaseUrl, undefined, { checkpointInBackground: options.database?.checkpointInBackground });
  // A kept file may predate the newest migrations (the template has them all: nothing to do).
  if (options.database?.from) await runMigrations(database);
  const clock = fakeClock();
  setDummyIterations(TEST_PASSWORD_ITERATIONS);
  const { config, ...rest } = overrides;
  const storage = rest.storage ?? fakeStorage();
  // The seed's files, stored as the seed stores them (a test's own storage gets them too).
  for (const file of seeded.files) await storage.put(file);
  const background = createBackgroundTasks();
  const deps: AppDeps = {
    database,
    clock,
    config: {
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
      appUrl: 'http://localhost:8787',
      passwordIterations: TEST_PASSWORD_ITERATIONS,
      // As on Node: the socket address counts, no header is believed (tests pass `ip` to `call`).
      clientIpHeader: null,
      connectOrigins: [],
      ...config,
    },
    // Platform services: recorded fake storage, the local mailer and the local payment provider.
    storage,
    mailer: createLocalMailer(),
    payments: new LocalPayments({ database, appUrl: 'http://localhost:8787', webhookSecret: TEST_WEBHOOK_SECRET, clock }),
    afterResponse: background.afterResponse,
    areas: composeServerAreas(serverAreas),
    ...rest,
  };
  connectLocalPayments(deps);
  const app = createApp(deps);
  return {
    app,
    deps,
    clock,
    databaseUrl,
    drainBackground: background.drain,
    write: (fn) => database.transaction(fn),
    async close() {
      await background.drain();
      database.client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
