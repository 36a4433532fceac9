/**
 * No tenant stalls another through the sync push: a push commits in short slices (other writers go
 * between them), stops at its cap and answers the prefix it applied, a user's pushes share a
 * per-minute budget, a client group keeps a bounded number of clients, a pull without a cookie on a
 * current group does not wait for the writer, and mail is rendered after commit. A real Replicache
 * with 1,000 changes queued offline drains on its own while another HOA works.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { Replicache } from 'replicache';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emailOutbox, requests, syncClients } from '../../schema/tables';
import { clientMutators } from '../../sync/mutators';
import { drainingPusher } from '../../client/lib/draining-pusher';
import { requestFiledEmail } from '../../worker/emails';
import { queueEmail } from '../../worker/services/email';
import { MAX_CLIENTS_PER_GROUP, PUSH_LIMITS, PUSH_RATE } from '../../worker/sync/push';
import { NEW_GROUP_MESSAGE, NEW_GROUP_RATE } from '../../worker/sync/groups';
import { createTestApp, type TestApp } from '../helpers/app';
import { DEMO, login, socketEnv } from '../helpers/http';
import { signedInClient, SyncTestClient } from './client';

let t: TestApp | undefined;
const limits = { ...PUSH_LIMITS };
const rate = { ...PUSH_RATE };
afterEach(async () => {
  Object.assign(PUSH_LIMITS, limits);
  Object.assign(PUSH_RATE, rate);
  vi.unstubAllGlobals();
  await t?.close();
  t = undefined;
});

const clientFor = signedInClient;
const filing = (title: string) => ({ id: crypto.randomUUID(), title, description: '<p>Found on the walk.</p>', category: 'Maintenance' as const, photo_url: null });
const filedTitled = async (prefix: string) =>
  (await t!.deps.database.db.select({ n: sql<number>`count(*)` }).from(requests).where(like(requests.title, `${prefix}%`)))[0].n;
const lastMutationIdOf = async (clientId: string) =>
  (await t!.deps.database.db.select({ id: syncClients.lastMutationId }).from(syncClients).where(eq(syncClients.id, clientId)))[0]?.id ?? 0;
const tick = () => new Promise<void>((ok) => setImmediate(ok));

describe('a push shares the writer', () => {
  it('commits in slices: a write queued while a push runs goes before the push ends', async () => {
    t = await createTestApp();
    // Only the slices are under test here: the push's own time cap must not end it on a busy machine.
    PUSH_LIMITS.ms = 600_000;
    const rita = await clientFor(t, DEMO.maple.resident);
    const n = PUSH_LIMITS.sliceMutations * 4;
    const push = rita.push(Array.from({ length: n }, (_, i) => rita.mutation('createRequest', filing(`Slice ${i}`))));
    let pushDone = false;
    void push.then(() => (pushDone = true));
    // Wait until a part of the push is committed, then ask for the writer.
    let partial = 0;
    while (!pushDone && (partial = await lastMutationIdOf(rita.clientID)) === 0) await tick();
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(n);
    let writeDoneFirst = false;
    await t.write(async () => {
      writeDoneFirst = !pushDone;
    });
    expect(writeDoneFirst).toBe(true);
    expect((await push).status).toBe(200);
    expect(await filedTitled('Slice ')).toBe(n);
  });

  it('stops at its cap and answers the prefix; the rest, pushed again, applies once', async () => {
    t = await createTestApp();
    PUSH_LIMITS.mutations = 20;
    const rita = await clientFor(t, DEMO.maple.resident);
    const queued = Array.from({ length: 50 }, (_, i) => rita.mutation('createRequest', filing(`Capped ${i}`)));
    const answers: unknown[] = [];
    for (let pushes = 0; pushes < 10; pushes++) {
      const r = await rita.push(queued);
      expect(r.status).toBe(200);
      answers.push(r.json);
      if (!r.json.unprocessed) break;
    }
    expect(answers).toEqual([{ unprocessed: 30 }, { unprocessed: 10 }, {}]);
    expect(await filedTitled('Capped ')).toBe(50);
    expect(await lastMutationIdOf(rita.clientID)).toBe(50);
  });

  it("a user's pushes share a per-minute budget: 429 with Retry-After once it is spent", async () => {
    t = await createTestApp();
    PUSH_RATE.limit = 30;
    const rita = await clientFor(t, DEMO.maple.resident);
    const queued = Array.from({ length: 40 }, (_, i) => rita.mutation('createRequest', filing(`Budget ${i}`)));
    expect((await rita.push(queued)).json).toEqual({ unprocessed: 10 });
    const refused = await rita.push(queued);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(refused.json.message).toBe('Too many changes at once. The rest will be sent in a moment.');
    // Another user of the same HOA has a budget of their own.
    const ray = await clientFor(t, DEMO.maple.resident2);
    expect((await ray.push([ray.mutation('createRequest', filing('Budget ray'))])).status).toBe(200);
    t.clock.advance(PUSH_RATE.windowMs);
    expect((await rita.push(queued)).json).toEqual({});
    expect(await filedTitled('Budget ')).toBe(41);
  });

  it('a client group keeps a bounded number of clients: new ones forget the least recently active', async () => {
    t = await createTestApp();
    const rita = await clientFor(t, DEMO.maple.resident);
    for (let round = 0; round < 3; round++) {
      const strangers = Array.from({ length: 60 }, () => ({ id: 1, clientID: `c-${crypto.randomUUID()}`, name: 'noSuchChange', args: {}, timestamp: Date.now() }));
      expect((await rita.push(strangers)).status).toBe(200);
    }
    const [{ n }] = await t.deps.database.db.select({ n: sql<number>`count(*)` }).from(syncClients).where(eq(syncClients.clientGroupId, rita.clientGroupID));
    expect(n).toBe(MAX_CLIENTS_PER_GROUP);
    // The client pushing now is among those kept and goes on where it was.
    await rita.push([rita.mutation('createRequest', filing('Kept client'))]);
    expect(await lastMutationIdOf(rita.clientID)).toBe(1);
  });
});

describe('new client groups', () => {
  it('one user may start only so many per window (each first pull writes a whole view)', async () => {
    t = await createTestApp();
    const { token } = await login(t, DEMO.maple.resident);
    for (let i = 0; i < NEW_GROUP_RATE.limit; i++) expect((await new SyncTestClient(t, token).rawPull(null)).status).toBe(200);
    const refused = await new SyncTestClient(t, token).rawPull(null);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(NEW_GROUP_MESSAGE);
    const pushed = await new SyncTestClient(t, token).push([]);
    expect(pushed.status).toBe(429);
    t.clock.advance(NEW_GROUP_RATE.windowMs);
    expect((await new SyncTestClient(t, token).rawPull(null)).status).toBe(200);
  });
});

describe('reads stay off the writer', () => {
  it('a pull without a cookie on a current group answers while the writer is held', async () => {
    t = await createTestApp();
    const rita = await clientFor(t, DEMO.maple.resident);
    const first = await rita.pull();
    let release!: () => void;
    const held = t.write(() => new Promise<void>((ok) => (release = ok)));
    await tick();
    const outcome = await Promise.race([rita.rawPull(null).then((r) => r), new Promise<'waited'>((ok) => setTimeout(() => ok('waited'), 3_000))]);
    release();
    await held;
    expect(outcome).not.toBe('waited');
    const reset = outcome as Awaited<ReturnType<SyncTestClient['rawPull']>>;
    expect(reset.status).toBe(200);
    expect(reset.json.cookie).toEqual(first.cookie);
    expect(reset.json.patch[0]).toEqual({ op: 'clear' });
    // The same view the stored one describes: a pull at that cookie has nothing new.
    expect((await rita.rawPull(reset.json.cookie)).json.patch).toEqual([]);
  });

  it('mail is queued with its inputs and rendered after the commit, before the caller goes on', async () => {
    t = await createTestApp();
    let insideTransaction: { html: string; props: string | null } | undefined;
    const id = await t.deps.database.transaction(async (tx) => {
      const queued = await queueEmail(t!.deps, tx, {
        hoaId: null,
        to: 'board@example.test',
        ...requestFiledEmail({ hoaName: 'Maple', residentName: 'Rita', title: 'Leak', category: 'Plumbing', descriptionHtml: '<p>Water</p>', url: 'http://localhost:8787/requests/r1' }),
      });
      [insideTransaction] = await tx.select({ html: emailOutbox.html, props: emailOutbox.props }).from(emailOutbox).where(eq(emailOutbox.id, queued));
      return queued;
    });
    expect(insideTransaction).toMatchObject({ html: '' });
    expect(insideTransaction!.props).toContain('"title":"Leak"');
    const [after] = await t.deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(after).toMatchObject({ subject: 'New request: Leak', props: null });
    expect(after.html).toContain('http://localhost:8787/requests/r1');
  });
});

describe('a long offline backlog', () => {
  it('1,000 changes queued offline drain on their own, while another HOA signs in, pushes and pulls', { timeout: 240_000 }, async () => {
    t = await createTestApp();
    const ben = await login(t, DEMO.maple.board);
    let online = false;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!online) throw new TypeError('fetch failed');
      const request = new Request(input, init);
      return t!.app.fetch(request, socketEnv() as never);
    });
    const rep = new Replicache({
      name: `backlog-${crypto.randomUUID()}`,
      kvStore: 'mem',
      pullInterval: null,
      pushURL: 'http://localhost/api/sync/push',
      pullURL: 'http://localhost/api/sync/pull',
      auth: `Bearer ${ben.token}`,
      mutators: clientMutators,
    });
    rep.pusher = drainingPusher(rep);
    try {
      for (let i = 0; i < 1000; i++) await rep.mutate.createRequest(filing(`Walk ${i}`));
      expect((await rep.experimentalPendingMutations()).length).toBe(1000);

      // Back online: one push starts the drain; the pusher sends what the server left, until none.
      online = true;
      void rep.push({ now: true }).catch(() => {});
      const cedar = { email: DEMO.cedar.resident, client: await clientFor(t, DEMO.cedar.resident) };
      await cedar.client.pull();
      const slowest = { signIn: 0, push: 0, pull: 0 };
      const timed = async (kind: keyof typeof slowest, work: () => Promise<unknown>) => {
        const start = performance.now();
        await work();
        slowest[kind] = Math.max(slowest[kind], performance.now() - start);
      };
      const started = performance.now();
      let rounds = 0;
      while ((await filedTitled('Walk ')) < 1000) {
        if (performance.now() - started > 200_000) throw new Error(`backlog not drained: ${await filedTitled('Walk ')} of 1000`);
        rounds++;
        await timed('signIn', () => login(t!, cedar.email));
        await timed('push', () => cedar.client.push([cedar.client.mutation('createRequest', filing(`Cedar ${rounds}`))]));
        await timed('pull', () => cedar.client.pull());
      }
      console.log(`backlog drained in ${((performance.now() - started) / 1000).toFixed(1)} s; another HOA meanwhile (${rounds} rounds), slowest ms:`, slowest);
      // Generous bounds (CI shares two cores; one push once held everyone for 40 s); the tight
      // figures are the benchmark's (tests/bench/push-fairness.bench.ts).
      expect(rounds).toBeGreaterThan(1);
      expect(slowest.signIn).toBeLessThan(6_000);
      expect(slowest.push).toBeLessThan(6_000);
      expect(slowest.pull).toBeLessThan(6_000);

      // Exactly once, and the cache learns it: nothing stays pending.
      expect(await filedTitled('Walk ')).toBe(1000);
      await vi.waitFor(
        async () => {
          await rep.pull({ now: true }).catch(() => {});
          expect((await rep.experimentalPendingMutations()).length).toBe(0);
        },
        { timeout: 30_000, interval: 200 },
      );
      const [{ n }] = await t.deps.database.db
        .select({ n: sql<number>`count(DISTINCT ${requests.title})` })
        .from(requests)
        .where(and(like(requests.title, 'Walk %')));
      expect(n).toBe(1000);
    } finally {
      online = false;
      await rep.close();
    }
  });
});
