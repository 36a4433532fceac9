/**
 * Push fairness: `npx tsx tests/bench/push-fairness.bench.ts`. A board member of one HOA pushes
 * 1,000 new requests (one push, then the rest as the app's pusher sends it: worker/sync/push.ts caps
 * a push and answers `unprocessed`), while a resident of another HOA signs in, pushes one change and
 * pulls, over and over. Prints each kind's latency with and without the backlog in flight, and the
 * machine's load average. Real HTTP handlers (app.request) on a libSQL file; passwords hashed with
 * the tests' iteration count, so a sign-in's figure is its waiting, not PBKDF2. Asserts nothing.
 */
import { loadavg } from 'node:os';
import { createTestApp, type TestApp } from '../helpers/app';
import { DEMO, login } from '../helpers/http';
import { SyncTestClient } from '../sync/client';
import { median, ms, p95 } from './stats';

const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 1000);
const kinds = ['signIn', 'push', 'pull'] as const;
type Samples = Record<(typeof kinds)[number], number[]>;

const filing = (title: string) => ({ id: crypto.randomUUID(), title, description: '<p>Seen on the inspection walk.</p>', category: 'Maintenance' as const, photo_url: null });

async function otherTenantRound(t: TestApp, cedar: SyncTestClient, samples: Samples, round: number) {
  const timed = async (kind: keyof Samples, work: () => Promise<unknown>) => {
    const start = performance.now();
    await work();
    samples[kind].push(performance.now() - start);
  };
  await timed('signIn', () => login(t, DEMO.cedar.resident));
  await timed('push', () => cedar.push([cedar.mutation('createRequest', filing(`Cedar ${round}`))]));
  await timed('pull', () => cedar.pull());
}

const line = (label: string, xs: number[]) =>
  `  ${label.padEnd(8)} n=${String(xs.length).padStart(3)}  min ${ms(Math.min(...xs))}  median ${ms(median(xs))}  p95 ${ms(p95(xs))}  max ${ms(Math.max(...xs))}`;

async function main() {
  const t = await createTestApp();
  const ben = new SyncTestClient(t, (await login(t, DEMO.maple.board)).token);
  const cedar = new SyncTestClient(t, (await login(t, DEMO.cedar.resident)).token);
  await cedar.pull();

  const quiet: Samples = { signIn: [], push: [], pull: [] };
  for (let i = 0; i < 30; i++) await otherTenantRound(t, cedar, quiet, i);

  const backlog = Array.from({ length: BACKLOG }, (_, i) => ben.mutation('createRequest', filing(`Walk ${i}`)));
  const busy: Samples = { signIn: [], push: [], pull: [] };
  const pushes: number[] = [];
  const drainStart = performance.now();
  let draining = true;
  const drain = (async () => {
    for (;;) {
      const start = performance.now();
      const r = await ben.push(backlog);
      pushes.push(performance.now() - start);
      if (r.status !== 200 || !r.json.unprocessed) return r.status;
    }
  })().finally(() => (draining = false));
  let round = 0;
  while (draining) await otherTenantRound(t, cedar, busy, 1000 + round++);
  const status = await drain;
  const drained = performance.now() - drainStart;

  console.log(`push fairness: ${BACKLOG} mutations pushed by one user of Maple Grove (last answer ${status}), Cedar Park working meanwhile`);
  console.log(`  backlog drained in ${(drained / 1000).toFixed(2)} s over ${pushes.length} pushes (each ${pushes.map((p) => Math.round(p)).join(', ')} ms)`);
  console.log(' another HOA, nothing else running:');
  for (const k of kinds) console.log(line(k, quiet[k]));
  console.log(' another HOA, while the backlog is pushed:');
  for (const k of kinds) console.log(line(k, busy[k]));
  console.log(`  load average: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  await t.close();
}

await main();
