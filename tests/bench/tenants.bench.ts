/**
 * A thousand HOAs: one HOA's sign-in, REST lists, initial pull, pull after a change and push, measured
 * in a database holding `TENANTS` HOAs of realistic size (tests/bench/tenants-seed.ts; 1,000 by
 * default) and in a database holding that HOA alone, side by side with the ratio against the goal
 * (within 10 %), the database file sizes and the load average. Both apps run in this process through
 * the real HTTP handlers (app.request) on libSQL files, as the sync benchmark does, and the two are
 * measured turn about, so a busy moment on the machine falls on both. Both files also hold the demo's
 * two small HOAs (the test app seeds them). Every answer is computed (no kept answers): the figures
 * are the database's work. Each figure is printed in wall time and in this process's CPU time (where
 * SQLite runs too), the steadier of the two on a shared machine. Prints figures; asserts nothing.
 *
 * `TENANTS=50 npx tsx tests/bench/tenants.bench.ts` for a quick run; `RUNS` (61) rounds per figure;
 * `HOA` the measured HOA's number (default a large one from the middle on); `TENANTS_KEEP` a folder
 * where the shared file is kept for the next run of the same size.
 */
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { rateLimits } from '../../schema/tables';
import { DEMO_PASSWORD } from '../../worker/dev/seed-kit';
import { hashPassword } from '../../worker/services/passwords';
import { setKeptAnswers } from '../../worker/sync/counted';
import { createTestApp, TEST_PASSWORD_ITERATIONS, type TestApp } from '../helpers/app';
import { call, login } from '../helpers/http';
import { SyncTestClient } from '../sync/client';
import { goal, median, p95 } from './stats';
import { SEED_VERSION, seedTenants, tenantEmail, tenantSize } from './tenants-seed';

const TENANTS = Number(process.env.TENANTS ?? 1000);
// 61: at 15 rounds the same file's ratios moved by ±15 % between runs; at 61, by a few per cent.
const RUNS = Number(process.env.RUNS ?? 61);
const WARMUP = 3;
/** A large HOA (300 addresses or more, where a read has the most rows) from the middle on, unless `HOA` names one. */
const MEASURED = process.env.HOA ? Number(process.env.HOA) : Array.from({ length: TENANTS }, (_, n) => n).find((n) => n >= TENANTS / 2 && tenantSize(n) >= 300) ?? Math.floor(TENANTS / 2);
// Every answer computed from the database (worker/sync/counted.ts keeps repeated ones otherwise).
setKeptAnswers(false);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

/** The database file's size once its write-ahead log is folded in. */
const databasePath = (t: TestApp) => t.databaseUrl.replace(/^file:/, '');
async function fileSize(t: TestApp) {
  await t.deps.database.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  return statSync(databasePath(t)).size;
}
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * A test app over `numbers`' HOAs. With `TENANTS_KEEP` (a folder) the seeded file is kept there and
 * used again by the next run of the same size (seeding a thousand takes minutes).
 */
async function prepare(numbers: number[], label: string) {
  const kept = process.env.TENANTS_KEEP && numbers.length > 1 ? join(process.env.TENANTS_KEEP, `tenants-${numbers.length}-v${SEED_VERSION}.db`) : null;
  if (kept && existsSync(kept)) {
    const t = await createTestApp({}, { database: { from: kept } });
    const size = await fileSize(t);
    console.log(`${label}: ${numbers.length} HOAs, kept from an earlier run (${kept}); database file ${mib(size)}`);
    return { t, size };
  }
  const t = await createTestApp();
  const passwordHash = await hashPassword(DEMO_PASSWORD, TEST_PASSWORD_ITERATIONS);
  const seeded = await seedTenants(t.deps.database, numbers, { now: t.clock(), passwordHash });
  const size = await fileSize(t);
  console.log(`${label}: ${numbers.length} HOA${numbers.length === 1 ? '' : 's'}, ${seeded.rows.toLocaleString('en-US')} rows seeded in ${(seeded.ms / 1000).toFixed(1)} s; database file ${mib(size)}; load average ${load()}`);
  if (kept) {
    mkdirSync(dirname(kept), { recursive: true });
    copyFileSync(databasePath(t), kept);
  }
  return { t, size };
}

/** One HOA as its people use it: a board member and the owner, each with a synced client, and a resident who files requests. */
async function session(t: TestApp) {
  const board = await login(t, tenantEmail(MEASURED, 'board'));
  const owner = await login(t, tenantEmail(MEASURED, 'owner'));
  const resident = await login(t, tenantEmail(MEASURED, 'resident'));
  // The owner's client stays; the board member's initial pulls start new groups (a person's oldest are let go).
  const ben = new SyncTestClient(t, owner.token);
  ben.columns = true;
  await ben.pull();
  const rita = new SyncTestClient(t, resident.token);
  await rita.pull();
  return { t, board, ben, rita, rows: ben.data.size };
}
type Session = Awaited<ReturnType<typeof session>>;

interface Timing {
  wall: number;
  /** This process's CPU time (user + system), where SQLite runs too: on a busy machine the fairer figure. */
  cpu: number;
}

async function timed(fn: () => Promise<unknown>): Promise<Timing> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await fn();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
}

/** What one round measures: a request (or two) of the HOA's people each, by name. */
const OPERATIONS: Record<string, (s: Session) => Promise<Record<string, Timing>>> = {
  'sign-in': async (s) => ({ 'sign-in': await timed(() => login(s.t, tenantEmail(MEASURED, 'board'))) }),
  lists: async (s) => ({
    'GET /api/invoices': await timed(async () => expect200(await call(s.t, 'GET', '/api/invoices', { token: s.board.token }))),
    'GET /api/users': await timed(async () => expect200(await call(s.t, 'GET', '/api/users', { token: s.board.token }))),
  }),
  'initial pull': async (s) => {
    // Each a new client group: the limit on new sessions a person starts is forgotten first (not timed).
    await s.t.write((tx) => tx.delete(rateLimits));
    const fresh = new SyncTestClient(s.t, s.board.token);
    fresh.columns = true;
    return { 'initial pull (board)': await timed(() => fresh.pull()) };
  },
  // The push of a resident's new request, then the board's pull that brings it.
  change: async (s) => ({
    'push (a resident files a request)': await timed(() =>
      s.rita.push([s.rita.mutation('createRequest', { id: crypto.randomUUID(), title: 'Gate sticks', description: '<p>The pool gate sticks again.</p>', category: 'Maintenance', photo_url: null })]),
    ),
    'pull after that change (owner)': await timed(async () => {
      const answer = await s.ben.pull();
      if (!answer.patch?.length) throw new Error(`the pull after the change brought nothing: ${JSON.stringify(answer)}`);
    }),
  }),
};

function expect200(r: { status: number }) {
  if (r.status !== 200) throw new Error(`answered ${r.status}`);
}

const startLoad = load();
console.log(`A thousand HOAs: ${TENANTS} HOAs against HOA ${MEASURED} alone; ${RUNS} rounds per figure; load average ${startLoad} at the start`);
const alone = await prepare([MEASURED], 'alone');
const many = await prepare(
  Array.from({ length: TENANTS }, (_, n) => n),
  'shared',
);
const sessions = [await session(alone.t), await session(many.t)];
if (sessions[0].rows !== sessions[1].rows) throw new Error(`the HOA differs between the files: ${sessions[0].rows} and ${sessions[1].rows} synced rows`);
console.log(`HOA ${MEASURED}: ${tenantSize(MEASURED)} addresses, ${sessions[0].rows} rows in the board's initial pull; load average ${load()} when measuring starts\n`);

console.log(`${''.padEnd(34)} ${'wall time p50 / p95 (ms)'.padStart(26)}          ${'CPU time p50 (ms)'.padStart(22)}`);
console.log(`${'operation'.padEnd(34)} ${'alone'.padStart(12)} ${'shared'.padStart(13)}  ratio   ${'alone'.padStart(6)} ${'shared'.padStart(7)}  ratio  (goal: shared at most 1.1× alone)`);
const pair = (xs: number[]) => `${median(xs).toFixed(1)} / ${p95(xs).toFixed(1)}`.padStart(12);
for (const run of Object.values(OPERATIONS)) {
  const times = new Map<string, [Timing[], Timing[]]>();
  for (let round = 0; round < WARMUP + RUNS; round++) {
    // Turn about, the first of the two changing each round.
    for (const i of round % 2 ? [1, 0] : [0, 1]) {
      const measured = await run(sessions[i]);
      if (round < WARMUP) continue;
      for (const [name, timing] of Object.entries(measured)) {
        if (!times.has(name)) times.set(name, [[], []]);
        times.get(name)![i].push(timing);
      }
    }
  }
  for (const [name, [aloneT, sharedT]] of times) {
    const [wallA, wallS, cpuA, cpuS] = [aloneT, sharedT, aloneT, sharedT].map((ts, k) => ts.map((x) => (k < 2 ? x.wall : x.cpu)));
    const wall = median(wallS) / median(wallA);
    const cpu = median(cpuS) / median(cpuA);
    // Faster when shared is as good as within: the goal is a ceiling on shared ÷ alone.
    const verdict = (r: number) => goal(r, 1.1, '×');
    console.log(
      `${name.padEnd(34)} ${pair(wallA)} ${pair(wallS).padStart(13)}  ${wall.toFixed(2)} ${verdict(wall).padEnd(6)} ${median(cpuA).toFixed(1).padStart(6)} ${median(cpuS).toFixed(1).padStart(7)}  ${cpu.toFixed(2)} ${verdict(cpu)}`,
    );
  }
}
console.log(`\ndatabase files: alone ${mib(alone.size)}, shared ${mib(many.size)}; load average ${load()} at the end (${startLoad} at the start)`);
await alone.t.close();
await many.t.close();
