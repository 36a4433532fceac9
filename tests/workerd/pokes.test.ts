/**
 * Pokes on Workers: GET /api/sync/poke offers a WebSocket with a single-use ticket; the socket
 * lives in the HOA's Durable Object (worker/sync/poke-room.ts, hibernation API) and is poked after
 * each commit that changed what its user may see — HOA-wide rows reach the whole HOA, a user's own
 * rows only that user, another HOA nobody.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SyncTestClient } from '../sync/client';
import { call, DEMO, login, workerApp } from './http';
import { db } from './db';


type Login = Awaited<ReturnType<typeof login>>;

/** A socket with the pokes it received, opened the way the client opens it. */
interface OpenSocket {
  ws: WebSocket;
  pokes: number[];
  nextPoke(timeoutMs?: number): Promise<number>;
}

async function offer(who: Login) {
  const r = await call('GET', '/api/sync/poke', { token: who.token });
  expect(r.status).toBe(200);
  expect(r.json.transport).toBe('websocket');
  return r.json.url as string;
}

const socketUrl = (path: string) => `${inject('workerUrl').replace(/^http/, 'ws')}${path}`;

/** Opens `path`; resolves with the socket once open, or null when the server refused it. */
function open(path: string): Promise<OpenSocket | null> {
  return new Promise((resolve) => {
    const ws = new WebSocket(socketUrl(path));
    const pokes: number[] = [];
    const waiting: ((at: number) => void)[] = [];
    ws.addEventListener('message', (e) => {
      if (e.data !== 'poke') return;
      const at = performance.now();
      pokes.push(at);
      waiting.splice(0).forEach((w) => w(at));
    });
    ws.addEventListener('open', () =>
      resolve({
        ws,
        pokes,
        nextPoke: (timeoutMs = 5_000) =>
          new Promise((ok, fail) => {
            waiting.push(ok);
            setTimeout(() => fail(new Error('no poke arrived')), timeoutMs);
          }),
      }),
    );
    // A refused upgrade (401) is an error event; the close may never follow it.
    ws.addEventListener('error', () => resolve(null));
    ws.addEventListener('close', () => resolve(null));
  });
}

const quiet = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('pokes in workerd', () => {
  // One sign-in each for the file: the whole workerd run shares the per-address sign-in limit.
  let owner: Login, rita: Login, cedar: Login;
  const sockets: OpenSocket[] = [];
  beforeAll(async () => {
    [owner, rita, cedar] = await Promise.all([login(DEMO.maple.superadmin), login(DEMO.maple.resident), login(DEMO.cedar.resident)]);
  });
  afterAll(() => sockets.forEach((s) => s.ws.close()));

  const connect = async (who: Login) => {
    const socket = await open(await offer(who));
    expect(socket).not.toBeNull();
    sockets.push(socket!);
    return socket!;
  };

  it('admits a ticket once, and never an access token in its place; a ticket is no access token', async () => {
    const url = await offer(rita);
    const first = await open(url);
    expect(first).not.toBeNull();
    sockets.push(first!);
    expect(await open(url)).toBeNull();
    expect(await open(`/api/sync/poke-socket?ticket=${encodeURIComponent(rita.token)}`)).toBeNull();
    expect(await open('/api/sync/poke-socket')).toBeNull();

    const ticket = decodeURIComponent(url.split('ticket=')[1]);
    expect((await call('POST', '/api/sync/pull', { token: ticket, body: {} })).status).toBe(401);
  });

  it("pokes the HOA's sockets after a push changed HOA-wide rows, not another HOA's", async () => {
    const [ritaSocket, cedarSocket] = [await connect(rita), await connect(cedar)];
    const board = new SyncTestClient(workerApp, owner.token);
    const poked = ritaSocket.nextPoke();
    const pushed = await board.push([
      board.mutation('createAnnouncementDraft', { id: crypto.randomUUID(), title: 'Workerd poke', message: '<p>Poke.</p>', category: 'general', audience_type: 'all', custom_recipients: [], attachment: null }),
    ]);
    expect(pushed.status).toBe(200);
    await poked;
    await quiet(500);
    expect(cedarSocket.pokes).toHaveLength(0);
  });

  it("pokes only the user whose own rows changed (a read mark), in their HOA's room", async () => {
    const [ownerSocket, ritaSocket] = [await connect(owner), await connect(rita)];
    const published = await db.execute({
      sql: "SELECT a.id FROM announcements a JOIN users u ON u.hoa_id = a.hoa_id WHERE u.email = ? AND a.status = 'sent' AND a.deleted_at IS NULL LIMIT 1",
      args: [DEMO.maple.superadmin],
    });
    const client = new SyncTestClient(workerApp, owner.token);
    const poked = ownerSocket.nextPoke();
    expect((await client.push([client.mutation('markAnnouncementRead', { id: published.rows[0].id })])).status).toBe(200);
    await poked;
    await quiet(500);
    expect(ritaSocket.pokes).toHaveLength(0);
  });
});
