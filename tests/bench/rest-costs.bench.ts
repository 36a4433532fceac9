/**
 * Where a REST list's answer spends its time when it is computed (the first read after a change), in
 * one process and without a socket: each list's first page through the app (`app.request`, as the
 * board member), computed and kept, beside `GET /api/health` (the API benchmark's floor), and the
 * part of the computed answer spent in the database client's `execute` (SQLite and the rows it
 * returns; the Node entry's client is synchronous, so its time is the call's). With
 * `BENCH_LIST_ROWS` (default 10,000; e.g. `0,10000`) more rows in every list, as api.bench.ts seeds them,
 * and twenty read marks for each (members who read the announcements).
 *
 * Per list, µs per answer (median of `BENCH_ROUNDS` rounds of `BENCH_ANSWERS` answers, computed and
 * kept in turn), and each as a multiple of a health answer: api.bench.ts's goals are computed ≥ 0.5×
 * the floor's rate and kept ≥ 0.8×, that is at most 2× and 1.25× a health answer's time. Over HTTP
 * each request also pays the socket and the parser, the same for all, so the ratios there are
 * higher than these. Prints figures; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNodeServer } from '../../worker/node';
import { setKeptAnswers } from '../../worker/sync/counted';
import { benchNodeOptions } from './bench-server';
import { READ_MARKS_PER_ROW, seedExtraAnnouncements, seedExtraRows, seedReadMarks } from './extra-rows';
import { median } from './stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 300);
const LISTS = ['/api/announcements', '/api/requests', '/api/violations', '/api/invoices', '/api/documents', '/api/users'];
const sizes = (process.env.BENCH_LIST_ROWS ?? '10000').split(',').map(Number);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

/** Time in the database client's `execute` since the last `take()`: the client is wrapped where drizzle and the domain call it. */
function timeDatabase(client: { execute: (...args: never[]) => unknown }) {
  const execute = client.execute.bind(client);
  let spent = 0;
  client.execute = (...args: never[]) => {
    const started = performance.now();
    try {
      return execute(...args);
    } finally {
      spent += performance.now() - started;
    }
  };
  return {
    take() {
      const t = spent;
      spent = 0;
      return t;
    },
  };
}

for (const extra of sizes) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hoa-rest-costs-'));
  const running = await startNodeServer(benchNodeOptions(dataDir));

  try {
    const { database } = running.deps;
    if (extra > 0) {
      const hoaId = await seedExtraAnnouncements(database, extra);
      await seedExtraRows(database.client, hoaId, extra);
      await seedReadMarks(database.client, hoaId, READ_MARKS_PER_ROW * extra);
    }
    const signIn = await running.app.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'board@maplegrove.test', password: 'Password123' }) });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}` };
    const db = timeDatabase(database.client as unknown as { execute: (...args: never[]) => unknown });

    /** µs per answer of `path` over `ANSWERS` answers in a row, and µs of it in the database client. */
    const answer = async (path: string, auth: boolean) => {
      db.take();
      const started = performance.now();
      for (let i = 0; i < ANSWERS; i++) {
        const res = await running.app.request(path, auth ? { headers } : {});
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        await res.text();
      }
      return { us: ((performance.now() - started) * 1000) / ANSWERS, dbUs: (db.take() * 1000) / ANSWERS };
    };

    console.log(`lists with ${extra ? `${extra.toLocaleString('en-US')} + demo rows each and ${(READ_MARKS_PER_ROW * extra).toLocaleString('en-US')} read marks` : 'the demo rows'}, in process, median of ${ROUNDS} rounds of ${ANSWERS} answers; load average ${load()}`);
    // Warm: the statements prepared, the code compiled, the kept answers made.
    for (const path of LISTS) for (let i = 0; i < 50; i++) await (await running.app.request(path, { headers })).text();
    const health: number[] = [];
    for (let r = 0; r < ROUNDS; r++) health.push((await answer('/api/health', false)).us);
    const floor = median(health);
    console.log(`  GET /api/health${' '.repeat(21)} ${floor.toFixed(0).padStart(5)} µs`);
    for (const path of LISTS) {
      const computed: number[] = [];
      const computedDb: number[] = [];
      const kept: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        setKeptAnswers(false);
        const c = await answer(path, true);
        setKeptAnswers(true);
        const k = await answer(path, true);
        computed.push(c.us);
        computedDb.push(c.dbUs);
        kept.push(k.us);
      }
      const [c, cDb, k] = [median(computed), median(computedDb), median(kept)];
      const times = (us: number) => `${(us / floor).toFixed(1)}×`;
      console.log(
        `  GET ${path.padEnd(32)} computed ${c.toFixed(0).padStart(5)} µs (${times(c)} health; in the database client ${cDb.toFixed(0)} µs, ${times(cDb)}; the rest ${(c - cDb).toFixed(0)} µs)  kept ${k.toFixed(0).padStart(4)} µs (${times(k)})`,
      );
    }
    console.log(`  (goals over HTTP: computed within 2× a health answer's time, kept within 1.25×); load average ${load()}`);
  } finally {
    setKeptAnswers(true);
    await running.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
process.exit(0);
