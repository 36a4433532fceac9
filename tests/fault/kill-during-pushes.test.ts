/**
 * A crash in the middle of a burst of pushes: the Node server (its own process, a libSQL file) is
 * killed with SIGKILL while four clients push new drafts, then started again on the same file.
 * Every mutation the server acknowledged is there, none is there twice, the clients' re-sent
 * mutations are applied once, and SQLite's integrity check passes.
 */
import { createClient } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBenchServer, type BenchServer } from '../bench/bench-server';
import { appOverHttp, DEMO, login } from '../helpers/http';
import { SyncTestClient } from '../sync/client';

const CLIENTS = 4;
const BATCH = 5;
/** The kill comes once this many mutations were acknowledged, with more pushes in flight. */
const KILL_AFTER_ACKED = 60;

const dir = mkdtempSync(join(tmpdir(), 'hoa-fault-'));
let server: BenchServer | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** One client pushing numbered drafts in batches until the server is gone. */
class Pusher {
  readonly ids: string[] = [];
  acked = 0;
  constructor(readonly client: SyncTestClient) {}

  draft(n: number) {
    this.ids[n - 1] ??= crypto.randomUUID();
    const m = this.client.mutation('createAnnouncementDraft', { id: this.ids[n - 1], title: `Fault draft ${n}`, message: '<p>Pushed in a burst.</p>', category: 'general', audience_type: 'all', custom_recipients: [], attachment: null });
    return { ...m, id: n };
  }

  async burst(): Promise<void> {
    for (let next = 1; ; next += BATCH) {
      const batch = Array.from({ length: BATCH }, (_, i) => this.draft(next + i));
      try {
        const r = await this.client.push(batch);
        if (r.status !== 200) return;
        this.acked = next + BATCH - 1;
      } catch {
        return; // the server is gone
      }
    }
  }
}

describe('a server killed during a burst of pushes', () => {
  it('keeps every acknowledged mutation, doubles none, and applies re-sent ones once', async () => {
    const port = await freePort();
    server = await startBenchServer({ dataDir: dir, port, host: '127.0.0.1' });
    const t = appOverHttp(server.url);
    const board = await login(t, DEMO.maple.board);
    const pushers = Array.from({ length: CLIENTS }, () => new Pusher(new SyncTestClient(t, board.token)));

    const bursts = Promise.all(pushers.map((p) => p.burst()));
    while (pushers.reduce((sum, p) => sum + p.acked, 0) < KILL_AFTER_ACKED) await new Promise((r) => setTimeout(r, 5));
    await server.kill();
    await bursts;
    const acked = pushers.map((p) => p.acked);
    const sent = pushers.map((p) => p.ids.length);
    // Some pushes were in flight: sent beyond what was acknowledged.
    expect(sent.some((n, i) => n > acked[i])).toBe(true);

    server = await startBenchServer({ dataDir: dir, port, host: '127.0.0.1' });
    const db = createClient({ url: `file:${join(dir, 'bench.db')}` });
    const stored = async () => {
      const rows = await db.execute("SELECT id, COUNT(*) AS n FROM announcements WHERE title LIKE 'Fault draft %' GROUP BY id");
      return new Map(rows.rows.map((r) => [String(r.id), Number(r.n)]));
    };
    try {
      const afterCrash = await stored();
      const appliedAll: number[] = [];
      for (const [i, p] of pushers.entries()) {
        await p.client.pull();
        const applied = p.client.lastMutationID;
        appliedAll.push(applied);
        // Nothing acknowledged is lost; what the server counts as done is exactly what it stored.
        expect(applied).toBeGreaterThanOrEqual(acked[i]);
        p.ids.forEach((id, n) => expect(afterCrash.get(id) ?? 0).toBe(n < applied ? 1 : 0));
      }

      console.log(`kill -9 during pushes: per client acknowledged ${acked.join('/')}, sent ${sent.join('/')}, found applied after restart ${appliedAll.join('/')}`);
      // Replicache sends every mutation not yet confirmed again: each is applied once.
      for (const p of pushers) {
        expect((await p.client.push(p.ids.map((_, n) => p.draft(n + 1)))).status).toBe(200);
        await p.client.pull();
        expect(p.client.lastMutationID).toBe(p.ids.length);
      }
      const afterResend = await stored();
      expect(afterResend.size).toBe(sent.reduce((a, b) => a + b, 0));
      expect([...afterResend.values()].every((n) => n === 1)).toBe(true);

      await server.stop();
      server = undefined;
      const check = await db.execute('PRAGMA integrity_check');
      expect(check.rows.map((r) => r[0])).toEqual(['ok']);
    } finally {
      db.close();
    }
  }, 90_000);
});
