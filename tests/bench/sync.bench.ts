/**
 * Sync benchmark: `npm run bench:sync`. One HOA with 1k, 10k and 50k synced rows (announcements),
 * pulled by a board member through the real HTTP handlers (app.request, JSON included) on a libSQL
 * file, in the compact patch the app asks for (sync/patch-columns.ts). Then the streamed first pull
 * of 100,000 rows (BENCH_STREAM_ROWS), in chunks of the server's row budget. Prints figures; asserts nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { loadavg } from 'node:os';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { announcements, users } from '../../schema/tables';
import { bumpChanges } from '../../worker/sync/changes';
import { handlePull, serializePullResponse } from '../../worker/sync/pull';
import { COLUMNS_PATCH_QUERY, expandPatch, type CompactPatchOperation } from '../../sync/patch-columns';
import { createTestApp, type TestApp } from '../helpers/app';
import { DEMO, login } from '../helpers/http';
import { SyncTestClient, type PendingMutation } from '../sync/client';
import { seedExtraAnnouncements } from './extra-rows';
import { goal, median, ms, p95 } from './stats';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,50000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const STREAM_ROWS = Number(process.env.BENCH_STREAM_ROWS ?? 100_000);


/** `n` sent announcements (ids `bench-000000` on, which the rounds below read back), a minute apart. */
const seedRows = (t: TestApp, n: number) => seedExtraAnnouncements(t.deps.database, n, { idOf: (j) => `bench-${String(j).padStart(6, '0')}`, now: t.clock(), newestMinutesAgo: 0 });

/** Wall time, and this process's CPU time (user + system): on a loaded machine the second is the fairer figure. */
async function timed<T>(fn: () => Promise<T>): Promise<[number, T, number]> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const out = await fn();
  const used = process.cpuUsage(cpu);
  return [performance.now() - start, out, (used.user + used.system) / 1000];
}

const DRAFT = {
  title: 'Gate code changes tonight',
  message: '<p>The new code is on the <em>notice board</em>; ask the <strong>board</strong> if it fails.</p>',
  category: 'urgent',
  audience_type: 'all',
  custom_recipients: [],
  attachment: null,
};

interface PushRounds {
  wall: number[];
  cpu: number[];
  pull: number[];
  /** The first push of the kind, not counted: its code is not yet compiled (sanitising, the mutator's schemas). */
  first: number;
}

/**
 * Pushes of 100 mutations from `make(round, i)`, each followed by the pull that brings the 100
 * changes back: one first push (printed, not counted), then five counted.
 */
async function pushRounds(board: SyncTestClient, make: (round: number, i: number) => PendingMutation): Promise<PushRounds> {
  const out: PushRounds = { wall: [], cpu: [], pull: [], first: 0 };
  for (let round = -1; round < 5; round++) {
    const before = board.lastMutationID;
    const mutations = Array.from({ length: 100 }, (_, i) => make(round, i));
    const [wall, res, cpu] = await timed(() => board.push(mutations));
    if (res.status !== 200) throw new Error(`push ${res.status}`);
    const [pulled, after] = await timed(() => board.pull());
    if (board.lastMutationID !== before + 100 || after.patch.length !== 100) throw new Error('push did not apply 100 mutations');
    if (round < 0) {
      out.first = wall;
      continue;
    }
    out.wall.push(wall);
    out.cpu.push(cpu);
    out.pull.push(pulled);
  }
  return out;
}

async function benchSize(n: number) {
  // The database as the Node entry opens it (WAL checkpoints in a worker thread).
  const t = await createTestApp({}, { database: { checkpointInBackground: true } });
  try {
    const hoaId = await seedRows(t, n);
    // The whole view in one pull, as before the row budget: these figures stay comparable (the streamed pull is measured below).
    t.deps.config.pullRowBudget = n + 10_000;
    const { token } = await login(t, DEMO.maple.board);
    const board = new SyncTestClient(t, token);

    // The initial pull of a new client group, five times: the server's part (the request until its
    // body's bytes are read), the client's part (decoding and parsing them, as fetch's json() does),
    // and the bytes on the wire as the Node entry sends them (worker/gzip.ts: Brotli at quality 1 to a
    // browser, gzip at level 3 to a client that takes gzip alone). Each
    // round also times the pull alone (handlePull and its serialising, without the HTTP handler),
    // alternating with the request so both see the same database (it grows a CVR per pull). The
    // process's first pull runs before them: printed, not counted (code not yet compiled).
    const [me] = await t.deps.database.db.select().from(users).where(eq(users.email, DEMO.maple.board));
    const actor = { userId: me.id, hoaId, role: me.role, sessionId: 'bench' };
    const pullAlone = async (groupId: string) => {
      const started = performance.now();
      serializePullResponse(await handlePull(t.deps, actor, { pullVersion: 1, clientGroupID: groupId, cookie: null }, { format: 'columns' }));
      return performance.now() - started;
    };
    const cold = await pullAlone('bench-cold');
    const server: number[] = [];
    const parse: number[] = [];
    const pullOnly: number[] = [];
    let rows = 0;
    let bytes = new Uint8Array();
    for (let i = 0; i < 5; i++) {
      const fresh = new SyncTestClient(t, token);
      const started = performance.now();
      const res = await t.app.request(`http://localhost/api/sync/pull?${COLUMNS_PATCH_QUERY}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ pullVersion: 1, clientGroupID: fresh.clientGroupID, cookie: null, profileID: 'p1', schemaVersion: '1' }),
      });
      bytes = new Uint8Array(await res.arrayBuffer());
      const read = performance.now();
      rows = expandPatch((JSON.parse(new TextDecoder().decode(bytes)) as { patch: CompactPatchOperation[] }).patch).length - 1;
      server.push(read - started);
      parse.push(performance.now() - read);
      pullOnly.push(await pullAlone(`bench-only-${i}`));
    }
    const wire = gzipSync(bytes, { level: 3 }).length;
    const brotliWire = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }).length;
    await board.pull();

    const noop: number[] = [];
    const noopCpu: number[] = [];
    for (let i = 0; i < ROUNDS * 3; i++) {
      const [wall, , cpu] = await timed(() => board.pull());
      noop.push(wall);
      noopCpu.push(cpu);
    }

    const oneChange: number[] = [];
    const oneChangeCpu: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const id = `bench-${String((i * 7919) % n).padStart(6, '0')}`;
      await t.deps.database.transaction(async (tx) => {
        await tx.update(announcements).set({ title: `Edited ${i}`, version: sql`${announcements.version} + 1` }).where(eq(announcements.id, id));
        await bumpChanges(t.deps, tx, { hoaId, rows: [{ space: 'announcement', id }] });
      });
      const [elapsed, res, cpu] = await timed(() => board.pull());
      if (res.patch.length !== 1) throw new Error(`expected one put, got ${res.patch.length}`);
      oneChange.push(elapsed);
      oneChangeCpu.push(cpu);
    }

    // Pushes of 100 mutations, five times each, each followed by the pull that brings them back:
    // read marks (a savepoint, a lookup, an insert each; the user's counter), then new drafts (rich
    // text sanitised, HOA-wide rows logged for every board member's pull).
    const reads = await pushRounds(board, (round, i) => board.mutation('markAnnouncementRead', { id: `bench-${String(((round + 1) * 100 + i) % n).padStart(6, '0')}` }));
    const drafts = await pushRounds(board, () => board.mutation('createAnnouncementDraft', { id: crypto.randomUUID(), ...DRAFT }));
    const pushLine = (what: string, r: PushRounds) =>
      `  push 100 ${what}  median ${ms(median(r.wall))}  (${Math.round(100 / (median(r.wall) / 1000)).toLocaleString('en-US')} mutations/s; ${r.wall.length} runs, slowest ${ms(Math.max(...r.wall))}; cpu median ${ms(median(r.cpu))}; the first push ${ms(r.first)}), then pull median ${ms(median(r.pull))}`;

    console.log(
      [
        `rows ${n.toLocaleString('en-US')} (load average ${loadavg()[0].toFixed(1)} at the end)`,
        `  initial pull        server median ${ms(median(server))} (${rows} rows, ${Math.round(rows / (median(server) / 1000)).toLocaleString('en-US')} rows/s), client decode and parse ${ms(median(parse))}; ${(bytes.byteLength / 1048576).toFixed(2)} MiB of JSON, ${(brotliWire / 1024).toFixed(0)} KiB as Brotli (quality 1), ${(wire / 1024).toFixed(0)} KiB gzipped (level 3)`,
        `    of which the pull itself  median ${ms(median(pullOnly))} (${Math.round(rows / (median(pullOnly) / 1000)).toLocaleString('en-US')} rows/s; handlePull and serialising, without the HTTP handler); the process's first pull ${ms(cold)}`,
        `  no-op pull          median ${ms(median(noop))}  p95 ${ms(p95(noop))}  (${noop.length} runs; cpu median ${ms(median(noopCpu))})`,
        `  pull after 1 change median ${ms(median(oneChange))}  p95 ${ms(p95(oneChange))}  (${oneChange.length} runs; cpu median ${ms(median(oneChangeCpu))})`,
        pushLine('read marks', reads),
        pushLine('new drafts', drafts),
      ].join('\n'),
    );
  } finally {
    t.close();
  }
}

/** A first pull as the app's puller makes it: the compact patch, pulled again at once while the cookie says `more`. */
async function pullChunk(t: TestApp, token: string, clientGroupID: string, cookie: unknown) {
  const res = await t.app.request(`http://localhost/api/sync/pull?${COLUMNS_PATCH_QUERY}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pullVersion: 1, clientGroupID, cookie, profileID: 'p1', schemaVersion: '1' }),
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const body = JSON.parse(new TextDecoder().decode(bytes)) as { cookie: { more?: boolean }; patch: CompactPatchOperation[] };
  return { bytes, cookie: body.cookie, rows: expandPatch(body.patch).filter((op) => op.op === 'put').length };
}

const brotli = (bytes: Uint8Array) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }).length;

/**
 * The streamed first pull of `n` rows at the server's default row budget, three times: the time to
 * the first chunk (its rows usable: received and parsed), to the last, the chunks, and the bytes on
 * the wire (JSON, Brotli quality 1 as a browser gets it, gzip level 3), each chunk compressed alone.
 */
async function benchStream(n: number) {
  const t = await createTestApp({}, { database: { checkpointInBackground: true } });
  try {
    await seedRows(t, n);
    const { token } = await login(t, DEMO.maple.board);
    const runs: { first: number; last: number; chunks: number; rows: number; json: number; brotli: number; gzip: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const groupId = `bench-stream-${i}`;
      const started = performance.now();
      const run = { first: 0, last: 0, chunks: 0, rows: 0, json: 0, brotli: 0, gzip: 0 };
      let cookie: unknown = null;
      const bodies: Uint8Array[] = [];
      do {
        const chunk = await pullChunk(t, token, groupId, cookie);
        if (run.chunks++ === 0) run.first = performance.now() - started;
        cookie = chunk.cookie;
        run.rows += chunk.rows;
        bodies.push(chunk.bytes);
      } while ((cookie as { more?: boolean }).more);
      run.last = performance.now() - started;
      // Compressed after the clock stopped (the bench's own work, not the pull's).
      for (const bytes of bodies) {
        run.json += bytes.byteLength;
        run.brotli += brotli(bytes);
        run.gzip += gzipSync(bytes, { level: 3 }).length;
      }
      runs.push(run);
    }
    const first = median(runs.map((r) => r.first));
    const last = median(runs.map((r) => r.last));
    const r = runs[0];
    console.log(
      [
        `streamed first pull of ${n.toLocaleString('en-US')} rows (load average ${loadavg()[0].toFixed(1)} at the end; ${runs.length} runs, medians)`,
        `  first chunk usable ${ms(first)}, last chunk ${ms(last)} (${r.chunks} chunks, ${r.rows.toLocaleString('en-US')} rows) ${goal(Math.round((first / last) * 100), 25, '% of the time to the last chunk')}`,
        `  bytes on the wire: ${(r.json / 1048576).toFixed(2)} MiB of JSON, ${(r.brotli / 1024).toFixed(0)} KiB as Brotli (quality 1), ${(r.gzip / 1024).toFixed(0)} KiB gzipped (level 3)`,
      ].join('\n'),
    );
  } finally {
    t.close();
  }
}

console.log(`Sync benchmark (libSQL file, in-process HTTP, board member sees every row); node ${process.version}, load average ${loadavg()[0].toFixed(1)}`);
for (const n of SIZES) await benchSize(n);
if (STREAM_ROWS > 0) await benchStream(STREAM_ROWS);
