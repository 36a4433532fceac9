/**
 * Live pokes on Workers, under `wrangler dev` (the Worker entry, the poke room Durable Object, the
 * local Hrana server): one board member pushes a new draft, another board member of the HOA holds a
 * poke socket. Prints, per round, the time from the start of the push to the poke reaching the other
 * client, and to that client's pull holding the new row. Prints; asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHranaServer } from '../../worker/dev/hrana-server';
import { prepareDatabase, startWranglerDev } from '../../worker/dev/wrangler-dev';
import { TEST_PASSWORD_ITERATIONS } from '../helpers/app';
import { appOverHttp, call, DEMO, login } from '../helpers/http';
import { SyncTestClient } from '../sync/client';
import { median, ms, p95 } from './stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

/** A port the system has free right now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function bench() {
  const dir = mkdtempSync(join(tmpdir(), 'hoa-pokes-'));
  const databasePath = join(dir, 'worker.db');
  await prepareDatabase(databasePath, TEST_PASSWORD_ITERATIONS);
  const hrana = await startHranaServer({ databasePath, port: await freePort() });
  const port = await freePort();
  const worker = await startWranglerDev({
    port,
    inspectorPort: await freePort(),
    persistTo: join(dir, 'state'),
    vars: { DATABASE_URL: hrana.url, JWT_SECRET: `${crypto.randomUUID()}${crypto.randomUUID()}`, APP_URL: `http://localhost:${port}` },
    varsFile: join(dir, 'worker.env'),
    output: () => {},
  });
  try {
    const t = appOverHttp(worker.url);
    const [owner, board] = await Promise.all([login(t, DEMO.maple.superadmin), login(t, DEMO.maple.board)]);
    const offer = await call(t, 'GET', '/api/sync/poke', { token: board.token });
    const ws = new WebSocket(`${worker.url.replace(/^http/, 'ws')}${offer.json.url}`);
    let onPoke: (() => void) | null = null;
    ws.addEventListener('message', (e) => e.data === 'poke' && onPoke?.());
    await new Promise((ok, fail) => {
      ws.addEventListener('open', ok);
      ws.addEventListener('error', fail);
    });
    const pusher = new SyncTestClient(t, owner.token);
    const reader = new SyncTestClient(t, board.token);
    await reader.pull();

    const toPoke: number[] = [];
    const toRow: number[] = [];
    for (let i = 0; i < ROUNDS + 3; i++) {
      const id = crypto.randomUUID();
      const poked = new Promise<void>((ok) => (onPoke = ok));
      const started = performance.now();
      const push = pusher.push([pusher.mutation('createAnnouncementDraft', { id, title: `Poke ${i}`, message: '<p>Live.</p>', category: 'general', audience_type: 'all', custom_recipients: [], attachment: null })]);
      await poked;
      const pokedAt = performance.now();
      await reader.pull();
      const seen = performance.now();
      if ((await push).status !== 200 || ![...reader.data.keys()].some((k) => k.endsWith(id))) throw new Error(`round ${i}: the pull after the poke lacks the new draft`);
      // The first rounds warm the isolate and the room.
      if (i >= 3) {
        toPoke.push(pokedAt - started);
        toRow.push(seen - started);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    ws.close();
    console.log(`Pokes on Workers (wrangler dev, Durable Object room, local Hrana), ${ROUNDS} rounds; node ${process.version}, load average ${loadavg()[0].toFixed(1)}`);
    console.log(`  push start -> poke at the other client   median ${ms(median(toPoke))}  p95 ${ms(p95(toPoke))}`);
    console.log(`  push start -> its pull holds the row     median ${ms(median(toRow))}  p95 ${ms(p95(toRow))}`);
  } finally {
    await worker.stop();
    await hrana.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (typeof WebSocket === 'undefined') {
  // Node 20's WebSocket client is behind a flag: run again with it.
  const file = fileURLToPath(import.meta.url);
  spawnSync(process.execPath, ['--experimental-websocket', '--import', 'tsx', file], { stdio: 'inherit' });
} else {
  await bench();
}
