import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { announcements } from '../../schema/tables';
import { MAX_POKE_STREAMS_PER_USER, MemoryPokeHub } from '../../worker/sync/poke';
import { createTestApp, type TestApp } from '../helpers/app';
import { DEMO, login } from '../helpers/http';
import { SyncTestClient } from './client';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

/** Reads server-sent events from a streaming response until `until` is seen or time runs out. */
async function readEvents(res: Response, until: string, timeoutMs = 2000): Promise<string[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: string[] = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !events.includes(until)) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((ok) => setTimeout(() => ok(null), deadline - Date.now()))]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      if (event) events.push(event);
    }
  }
  await reader.cancel();
  return events;
}

describe('pokes', () => {
  it('after a commit that changes synced rows, the affected users are poked over SSE; others are not', async () => {
    const hub = new MemoryPokeHub();
    t = await createTestApp({ pokes: hub });
    const ray = await login(t, DEMO.maple.resident2);
    const cedar = await login(t, DEMO.cedar.resident);
    const open = (token: string) => t!.app.request('http://localhost/api/sync/poke', { headers: { authorization: `Bearer ${token}` } });
    const rayStream = await open(ray.token);
    const cedarStream = await open(cedar.token);
    expect(rayStream.status).toBe(200);
    expect(rayStream.headers.get('content-type')).toContain('text/event-stream');
    expect(hub.connectionCount).toBe(2);

    // Ray marks an announcement read on another device: his streams get a poke, Cedar's does not.
    const phone = new SyncTestClient(t, ray.token);
    const [pool] = await t.deps.database.db.select({ id: announcements.id }).from(announcements).where(eq(announcements.title, 'Pool opening weekend'));
    const rayEvents = readEvents(rayStream, 'poke');
    const cedarEvents = readEvents(cedarStream, 'poke', 500);
    expect((await phone.push([phone.mutation('markAnnouncementRead', { id: pool.id })])).status).toBe(200);
    expect(await rayEvents).toEqual(['ready', 'poke']);
    expect(await cedarEvents).toEqual(['ready']);
    // Closed streams unsubscribe.
    expect(hub.connectionCount).toBe(0);
  });

  it('pokes go out only after commit, never for a rolled-back transaction', async () => {
    const poked: unknown[] = [];
    t = await createTestApp({ pokes: { poke: (targets) => poked.push(targets) } });
    const { bumpChanges } = await import('../../worker/sync/changes');
    await expect(
      t.deps.database.transaction(async (tx) => {
        await bumpChanges(t!.deps, tx, { userIds: ['u1'] });
        expect(poked).toEqual([]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(poked).toEqual([]);
    await t.deps.database.transaction((tx) => bumpChanges(t!.deps, tx, { hoaId: 'h1', rows: [{ space: 'announcement', id: 'a1' }], userIds: ['u1'] }));
    expect(poked).toEqual([{ hoaIds: ['h1'], userIds: ['u1'] }]);
  });

  it(`caps one user's open streams at ${MAX_POKE_STREAMS_PER_USER}: a new one ends the oldest`, async () => {
    const hub = new MemoryPokeHub();
    t = await createTestApp({ pokes: hub });
    const ray = await login(t, DEMO.maple.resident2);
    const rita = await login(t, DEMO.maple.resident);
    const open = (token: string) => t!.app.request('http://localhost/api/sync/poke', { headers: { authorization: `Bearer ${token}` } });
    const ritaStream = await open(rita.token);
    const streams = [];
    for (let i = 0; i < MAX_POKE_STREAMS_PER_USER + 5; i++) streams.push(await open(ray.token));
    expect(hub.connectionCount).toBe(MAX_POKE_STREAMS_PER_USER + 1);
    // The five oldest of Ray's streams have ended; the newest is open; Rita's is untouched.
    const ended = async (res: Response) => {
      const reader = res.body!.getReader();
      for (;;) {
        const { done } = await reader.read();
        if (done) return true;
      }
    };
    for (const stream of streams.slice(0, 5)) expect(await ended(stream)).toBe(true);
    await streams.at(-1)!.body!.cancel();
    await ritaStream.body!.cancel();
    for (const stream of streams.slice(5, -1)) await stream.body!.cancel();
    expect(hub.connectionCount).toBe(0);
  });

  it('a savepoint that rolls back takes its after-commit hooks with it; one that succeeds keeps them', async () => {
    const poked: unknown[] = [];
    t = await createTestApp({ pokes: { poke: (targets) => poked.push(targets) } });
    const { bumpChanges } = await import('../../worker/sync/changes');
    const deps = t.deps;
    await deps.database.transaction(async (tx) => {
      await expect(
        deps.database.savepoint(tx, async (sp) => {
          await bumpChanges(deps, sp, { userIds: ['refused'] });
          throw new Error('refused mutation');
        }),
      ).rejects.toThrow('refused mutation');
      await deps.database.savepoint(tx, (sp) => bumpChanges(deps, sp, { userIds: ['applied'] }));
    });
    expect(poked).toEqual([{ hoaIds: [], userIds: ['applied'] }]);
  });

  it('a transaction pokes once after its commit, for every HOA and user its changes reach', async () => {
    const poked: unknown[] = [];
    t = await createTestApp({ pokes: { poke: (targets) => poked.push(targets) } });
    const { bumpChanges } = await import('../../worker/sync/changes');
    const deps = t.deps;
    await deps.database.transaction(async (tx) => {
      for (const id of ['a', 'b', 'c']) await deps.database.savepoint(tx, (sp) => bumpChanges(deps, sp, { hoaId: 'hoa-1', rows: [{ space: 'announcement', id }], userIds: ['u1'] }));
      await bumpChanges(deps, tx, { visibilityUserIds: ['u2'] });
      expect(poked).toEqual([]);
    });
    expect(poked).toEqual([{ hoaIds: ['hoa-1'], userIds: ['u1', 'u2'] }]);
  });

  it('a change counter moves once per transaction, and again after a savepoint that moved it rolled back', async () => {
    t = await createTestApp();
    const { bumpChanges, readCounters } = await import('../../worker/sync/changes');
    const deps = t.deps;
    const { hoaId, userId } = { hoaId: 'hoa-x', userId: 'user-x' };
    const seqs = () => readCounters(deps.database.db, hoaId, userId);
    const rows = (...ids: string[]) => ids.map((id) => ({ space: 'announcement' as const, id }));

    await deps.database.transaction(async (tx) => {
      for (const id of ['a', 'b', 'c']) await deps.database.savepoint(tx, (sp) => bumpChanges(deps, sp, { hoaId, rows: rows(id), userIds: [userId] }));
    });
    expect(await seqs()).toMatchObject({ hoaSeq: 1, userSeq: 1 });

    // The first move happens inside a savepoint that rolls back: the next change must move it again.
    await deps.database.transaction(async (tx) => {
      await expect(
        deps.database.savepoint(tx, async (sp) => {
          await bumpChanges(deps, sp, { hoaId, rows: rows('d'), userIds: [userId] });
          throw new Error('refused mutation');
        }),
      ).rejects.toThrow('refused mutation');
      await deps.database.savepoint(tx, (sp) => bumpChanges(deps, sp, { hoaId, rows: rows('e'), userIds: [userId] }));
      await bumpChanges(deps, tx, { hoaId, rows: rows('f') });
    });
    expect(await seqs()).toMatchObject({ hoaSeq: 2, userSeq: 2 });
    // Every change of a transaction is logged under its one value; the refused one is not logged.
    const log = await deps.database.db.all<{ seq: number; rowId: string }>(sql`SELECT seq, row_id AS rowId FROM sync_change_log WHERE hoa_id = ${hoaId} ORDER BY row_id`);
    expect(log).toEqual(['a', 'b', 'c'].map((rowId) => ({ seq: 1, rowId })).concat(['e', 'f'].map((rowId) => ({ seq: 2, rowId }))));
  });

  it('without a hub that holds connections the poke route answers 204 (clients poll)', async () => {
    t = await createTestApp();
    const { token } = await login(t, DEMO.maple.resident);
    const res = await t.app.request('http://localhost/api/sync/poke', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(204);
    expect((await t.app.request('http://localhost/api/sync/poke')).status).toBe(401);
  });
});
