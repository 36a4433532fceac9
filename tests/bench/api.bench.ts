/**
 * API benchmark: the real Node entry in its own process, loaded by autocannon from this one (50
 * connections). Each endpoint is printed with its rate next to the floor measured in the same run
 * (`GET /api/health`: routing, middleware and JSON, no database), at the demo size and with 10,000
 * more announcements in the HOA; then every REST list, kept and computed afresh, at the demo size and
 * with `BENCH_LIST_ROWS` more rows in each list (default 10,000; e.g. `10000,100000`).
 * `BENCH_LISTS_ONLY=1` runs only the lists; `BENCH_LISTS` (a pattern) picks which. Prints figures; asserts nothing.
 */
import autocannon from 'autocannon';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COLUMNS_PATCH_QUERY, expandPatch, type CompactPatchOperation } from '../../sync/patch-columns';
import { startBenchServer } from './bench-server';
import { goal } from './stats';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

async function signIn(url: string, email = 'board@maplegrove.test') {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Password123' }) });
  const body = (await res.json()) as { accessToken: string };
  return body.accessToken;
}

/** What a browser accepts (the Node entry sends a first pull as Brotli then, worker/gzip.ts), or gzip alone. */
const BROWSER_ENCODINGS = 'gzip, deflate, br';

/**
 * A pause before each timed pull: a new group's view is written after its answer (decision 279), and
 * a pull started at once would wait behind the last one's, which no single client does.
 */
const PULL_PAUSE_MS = 150;

/**
 * An initial pull as the app's puller makes it (the browser's encodings accepted unless `accept`
 * says otherwise, the compact patch of sync/patch-columns.ts unless `plain`): its cookie, its JSON
 * size, the bytes on the wire, the time until the body is in and decompressed (`ms`), and the time
 * to read it back into Replicache's operations (`readMs`: JSON.parse and expandPatch, the browser's part).
 */
async function initialPull(url: string, token: string, clientGroupID: string, plain = false, accept = BROWSER_ENCODINGS) {
  await new Promise((r) => setTimeout(r, PULL_PAUSE_MS));
  const body = JSON.stringify({ pullVersion: 1, clientGroupID, cookie: null, profileID: 'bench', schemaVersion: '1' });
  const started = performance.now();
  const { wire, text, encoding } = await new Promise<{ wire: number; text: string; encoding: string }>((resolve, reject) => {
    const req = request(`${url}/api/sync/pull${plain ? '' : `?${COLUMNS_PATCH_QUERY}`}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': accept, authorization: `Bearer ${token}` } }, (res) => {
      // Decompressed once it is all in: a gunzip stream in this process (as the bytes arrive) was slower.
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        resolve({ wire: raw.length, encoding: encoding ?? 'identity', text: (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
  const ms = performance.now() - started;
  const json = JSON.parse(text) as { cookie: unknown; patch: CompactPatchOperation[] };
  const rows = expandPatch(json.patch).length - 1;
  return { cookie: json.cookie, rows, ms, readMs: performance.now() - started - ms, bytes: text.length, wire, encoding };
}

/**
 * Initial pulls each made just after one change in the HOA (the board pins or unpins the newest
 * announcement): the first reset after a change, whose parts are the last reset's patched with the
 * rows changed since (worker/sync/column-parts.ts), not computed whole. Pulled as the HOA's
 * superadmin, so the board member's new groups stay within their limit. Sorted times (ms).
 */
async function pullsAfterAChange(url: string, boardToken: string, rounds = 5): Promise<number[]> {
  const viewer = await signIn(url, 'owner@maplegrove.test');
  const board = { authorization: `Bearer ${boardToken}`, 'content-type': 'application/json' };
  const { docs } = (await (await fetch(`${url}/api/announcements`, { headers: board })).json()) as { docs: { _id: string; pinned: boolean }[] };
  let pinned = docs[0].pinned;
  // The role's parts kept at the current count of changes.
  await initialPull(url, viewer, `bench-${crypto.randomUUID()}`);
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    pinned = !pinned;
    const pin = await fetch(`${url}/api/announcements/${docs[0]._id}/pinned`, { method: 'PUT', headers: board, body: JSON.stringify({ pinned }) });
    if (pin.status !== 200) throw new Error(`pinning answered ${pin.status}`);
    times.push((await initialPull(url, viewer, `bench-${crypto.randomUUID()}`)).ms);
  }
  return times.sort((a, b) => a - b);
}

interface Figures {
  rps: number;
  p99: number;
  errors: number;
}

async function load(url: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string; requests?: autocannon.Request[] } = {}): Promise<Figures> {
  await new Promise((r) => setTimeout(r, 1_000));
  const result = await autocannon({ url: `${url}${path}`, connections: CONNECTIONS, duration: SECONDS, method: (init.method ?? 'GET') as 'GET', headers: init.headers, body: init.body, requests: init.requests });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/**
 * Pulls of one client group that each send the newest cookie the group was given, as Replicache
 * does. A fixed cookie went stale as soon as the server's jobs wrote in the HOA (the demo's mail
 * deliveries, seconds after the start), and from then on every pull was computed against it and
 * stored one more version of the view: the "nothing new" line measured stale pulls, at 0.01–0.07×
 * the floor, not the cheap path. A change during the run is now sent once, then pulls find nothing new.
 */
function pullsFollowingTheCookie(clientGroupID: string, cookie: unknown): autocannon.Request[] {
  let latest = cookie as { order: number };
  return [
    {
      method: 'POST',
      path: '/api/sync/pull',
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ pullVersion: 1, clientGroupID, cookie: latest, profileID: 'bench', schemaVersion: '1' }) }),
      onResponse: (status, body) => {
        if (status !== 200) return;
        const given = (JSON.parse(body) as { cookie?: { order: number } }).cookie;
        if (given && given.order > latest.order) latest = given;
      },
    },
  ];
}

const row = (name: string, f: Figures, floor?: Figures) =>
  `  ${name.padEnd(36)} ${f.rps.toFixed(0).padStart(7)} req/s  p99 ${String(f.p99).padStart(5)} ms${floor ? `  ${(f.rps / floor.rps).toFixed(2)}× the floor` : ''}${f.errors ? `  (${f.errors} errors)` : ''}`;

// Kept answers (worker/sync/counted.ts) serve a repeated read from memory; the last run computes
// every answer, as the first read after a change does.
for (const [extra, kept] of process.env.BENCH_LISTS_ONLY ? [] : ([[0, true], [10_000, true], [10_000, false]] as const)) {
  // The shared starter stops the whole process group: a SIGTERM to `npx` alone left the server
  // running and its stdout pipe open, so the bench never exited after its last phase.
  const server = await startBenchServer({ extraAnnouncements: extra, keptAnswers: kept, host: '127.0.0.1' });
  const { url } = server;
  try {
    const token = await signIn(url);
    const auth = { authorization: `Bearer ${token}` };
    const group = `bench-${crypto.randomUUID()}`;
    const first = await initialPull(url, token, group);
    // One pull is at the mercy of whatever else the machine runs: five more, each a new client group.
    // With kept answers each is sent the parts the last one got (worker/sync/counted.ts
    // `keptResetParts`); with none kept, each is computed, as the first reset after a change is.
    const pulls: number[] = [];
    const reads: number[] = [];
    for (let i = 0; i < 5; i++) {
      const pull = await initialPull(url, token, `bench-${crypto.randomUUID()}`);
      pulls.push(pull.ms);
      reads.push(pull.readMs);
    }
    pulls.sort((a, b) => a - b);
    reads.sort((a, b) => a - b);
    const pullLoad = loadavg();
    if (process.env.BENCH_PULL_ONLY) {
      // Only the first pulls, compact and plain, for a quick look while changing them; then the
      // compact one again, alternating the browser's encodings (Brotli) with gzip alone (four each: a
      // user may start 20 client groups per ten minutes, worker/sync/groups.ts).
      const plains: number[] = [];
      for (let i = 0; i < 5; i++) plains.push((await initialPull(url, token, `bench-${crypto.randomUUID()}`, true)).ms);
      const [browser, gzipOnly]: number[][] = [[], []];
      let gzipWire = 0;
      for (let i = 0; i < 4; i++) {
        browser.push((await initialPull(url, token, `bench-${crypto.randomUUID()}`)).ms);
        const g = await initialPull(url, token, `bench-${crypto.randomUUID()}`, false, 'gzip');
        gzipOnly.push(g.ms);
        gzipWire = g.wire;
      }
      const mid = (xs: number[]) => (xs.sort((a, b) => a - b), (xs[1] + xs[2]) / 2);
      console.log(`  initial pulls, ${kept ? 'reset parts kept' : 'each computed'} (ms): ${pulls.map((p) => p.toFixed(0)).join(' ')}, read ${reads.map((p) => p.toFixed(0)).join(' ')}; plain ${plains.sort((a, b) => a - b).map((p) => p.toFixed(0)).join(' ')}; ${first.rows} rows, ${(first.wire / 1024).toFixed(1)} KiB on the wire (${first.encoding})`);
      console.log(`  alternating, median of 4: ${first.encoding} ${mid(browser).toFixed(0)} ms (${Math.round((first.rows / mid(browser)) * 1000).toLocaleString('en-US')} rows/s), gzip alone ${mid(gzipOnly).toFixed(0)} ms (${Math.round((first.rows / mid(gzipOnly)) * 1000).toLocaleString('en-US')} rows/s, ${(gzipWire / 1024).toFixed(1)} KiB) ${extra >= 10_000 ? goal((first.rows / mid(browser)) * 1000, 200_000, 'rows/s over HTTP', true) : ''}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
      if (kept) {
        const changed = await pullsAfterAChange(url, token);
        console.log(`  after a change, parts patched (ms): ${changed.map((p) => p.toFixed(0)).join(' ')}, median ${changed[2].toFixed(0)} ms (${Math.round((first.rows / changed[2]) * 1000).toLocaleString('en-US')} rows/s) ${extra >= 10_000 ? goal((first.rows / changed[2]) * 1000, 200_000, 'rows/s over HTTP', true) : ''}`);
      }
      continue;
    }
    console.log(`announcements in the HOA: ${extra ? `${extra} + demo` : 'demo (6)'}${kept ? '' : ', nothing kept (every answer computed)'}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const floor = await load(url, '/api/health');
    // Between runs the server finishes what the last one left in flight, so no run pays for another.
    console.log(row('GET /api/health (floor)', floor));
    // The goals: at least half the floor's rate computed afresh, 0.8 kept; p99 within 25 ms.
    const list = await load(url, '/api/announcements', { headers: auth });
    console.log(`${row('GET /api/announcements', list, floor)}  ${goal(list.rps / floor.rps, kept ? 0.8 : 0.5, '× the floor', true)} ${goal(list.p99, 25, 'ms p99')}`);
    const rate = (ms: number) => `${((first.rows / ms) * 1000).toFixed(0)} rows/s`;
    const pullGoal = (ms: number) => (extra >= 10_000 ? goal((first.rows / ms) * 1000, 200_000, 'rows/s over HTTP', true) : '');
    if (!kept) {
      console.log(`  initial pull, each computed: ${first.rows} rows, median of 5 ${pulls[2].toFixed(0)} ms (${rate(pulls[2])}) ${pullGoal(pulls[2])}, fastest ${pulls[0].toFixed(0)} ms; load average ${pullLoad.map((l) => l.toFixed(2)).join(' ')} when pulled`);
      continue;
    }
    console.log(row('  the same, gzip accepted', await load(url, '/api/announcements', { headers: { ...auth, 'accept-encoding': 'gzip' } }), floor));
    console.log(row('GET /api/auth/profile', await load(url, '/api/auth/profile', { headers: auth }), floor));
    console.log(row('POST /api/sync/pull (nothing new)', await load(url, '/api/sync/pull', { headers: { ...auth, 'content-type': 'application/json' }, requests: pullsFollowingTheCookie(group, first.cookie) }), floor));
    const plain = await initialPull(url, token, `bench-${crypto.randomUUID()}`, true);
    console.log(
      `  initial pull, reset parts kept: ${first.rows} rows, median of 5 ${pulls[2].toFixed(0)} ms (${rate(pulls[2])}) ${pullGoal(pulls[2])}, fastest ${pulls[0].toFixed(0)} ms (${rate(pulls[0])}), the process's first ${first.ms.toFixed(0)} ms; then reading it into operations median ${reads[2].toFixed(0)} ms; ${(first.bytes / 1024).toFixed(1)} KiB of JSON, ${(first.wire / 1024).toFixed(1)} KiB on the wire (${first.encoding}); load average ${pullLoad.map((l) => l.toFixed(2)).join(' ')} when pulled`,
    );
    const changed = await pullsAfterAChange(url, token);
    console.log(`  initial pull just after a change, parts patched: median of 5 ${changed[2].toFixed(0)} ms (${rate(changed[2])}) ${pullGoal(changed[2])}, fastest ${changed[0].toFixed(0)} ms`);
    console.log(
      `  the same as Replicache's plain patch (an operation per row): ${plain.ms.toFixed(0)} ms once, read in ${plain.readMs.toFixed(0)} ms, ${(plain.bytes / 1024).toFixed(1)} KiB of JSON, ${(plain.wire / 1024).toFixed(1)} KiB on the wire`,
    );
  } finally {
    await server.stop();
  }
}

/** The REST lists the board reads, each at its default page (the first). */
const LISTS = ['/api/announcements', '/api/requests', '/api/violations', '/api/invoices', '/api/documents', '/api/users'].filter((path) => new RegExp(process.env.BENCH_LISTS ?? '').test(path));
const listRows = (process.env.BENCH_LIST_ROWS ?? '10000').split(',').map(Number);

// Each list kept and computed afresh (as the first read after a change: the page is computed, the
// count stays kept), at the demo size and with many more rows in every list.
for (const extra of [0, ...listRows]) {
  for (const kept of [true, false]) {
    const server = await startBenchServer({ extraAnnouncements: extra, extraRows: extra, keptAnswers: kept, host: '127.0.0.1' });
    try {
      const auth = { authorization: `Bearer ${await signIn(server.url)}` };
      console.log(`lists with ${extra ? `${extra} + demo rows each` : 'the demo rows'}, ${kept ? 'kept answers' : 'every page computed'}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
      let before = await load(server.url, '/api/health');
      console.log(row('GET /api/health (floor)', before));
      for (const path of LISTS) {
        const list = await load(server.url, path, { headers: auth });
        // The floor moves with the machine (5,000 to 8,400 req/s within one run here): each list is
        // set against the mean of the floor measured just before and just after it.
        const after = await load(server.url, '/api/health');
        const floor = { rps: (before.rps + after.rps) / 2, p99: Math.max(before.p99, after.p99), errors: before.errors + after.errors };
        console.log(`${row(`GET ${path}`, list, floor)}  ${goal(list.rps / floor.rps, kept ? 0.8 : 0.5, '× the floor', true)} ${goal(list.p99, 25, 'ms p99')}  floor ${floor.rps.toFixed(0)} req/s  load ${loadavg()[0].toFixed(2)}`);
        before = after;
      }
    } finally {
      await server.stop();
    }
  }
}
