import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { announcementReads, announcements, syncClients, syncNotices, users } from '../../schema/tables';
import { announcementKey, announcementReadKey, type SyncedAnnouncement } from '../../sync/areas/announcements';
import type { SyncedNotice } from '../../sync/areas/notices';
import { bumpChanges, pruneChangeLog, purgeStaleClientGroups } from '../../worker/sync/changes';
import { CVR_VERSIONS_KEPT } from '../../worker/sync/cvr';
import { recordRejection } from '../../worker/sync/notices';
import { createApp } from '../../worker/app';
import { openDatabase } from '../../worker/dev/database';
import { badRequest } from '../../worker/domain/errors';
import { createTestApp, type TestApp } from '../helpers/app';
import { DEMO, login } from '../helpers/http';
import { SyncTestClient } from './client';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

async function setup() {
  t = await createTestApp();
  return t;
}

async function announcementId(t: TestApp, title: string): Promise<string> {
  const [row] = await t.deps.database.db.select({ id: announcements.id }).from(announcements).where(eq(announcements.title, title));
  return row.id;
}

async function clientFor(t: TestApp, email: string, group?: string) {
  const { token } = await login(t, email);
  return new SyncTestClient(t, token, group);
}

const titles = (c: SyncTestClient) => c.values<SyncedAnnouncement>('announcement/').map((a) => a.title).sort();

describe('pull: visibility and the initial view', () => {
  it('a resident gets published announcements addressed to them, their own read markers, nothing of another HOA', async () => {
    const t = await setup();
    const rita = await clientFor(t, DEMO.maple.resident);
    const first = await rita.pull();
    expect(first.patch[0]).toEqual({ op: 'clear' });
    expect(first.cookie).toEqual({ order: 1 });
    expect(titles(rita)).toEqual(['Annual dues are due March 1', 'Pool opening weekend', 'Results: Elect two directors to the Maple Grove board for 2027']);
    // Residents get neither the author nor the audience list.
    expect(rita.values<SyncedAnnouncement>('announcement/').every((a) => a.createdBy === null && a.customRecipients.length === 0)).toBe(true);
    expect(rita.keys('announcementRead/')).toEqual([]);

    const ray = await clientFor(t, DEMO.maple.resident2);
    await ray.pull();
    expect(titles(ray)).toEqual(['Annual dues are due March 1', 'Pool opening weekend', 'Results: Elect two directors to the Maple Grove board for 2027', 'Water shut-off on Birch Court']);
    expect(ray.keys('announcementRead/')).toEqual([announcementReadKey(await announcementId(t, 'Annual dues are due March 1'))]);
  });

  it('board and superadmin see every announcement of their HOA, drafts included, with author and recipients', async () => {
    const t = await setup();
    const board = await clientFor(t, DEMO.maple.board);
    await board.pull();
    expect(titles(board)).toEqual([
      'Annual dues are due March 1',
      'Board meeting agenda',
      'Holiday lights contest',
      'Pool opening weekend',
      'Results: Elect two directors to the Maple Grove board for 2027',
      'Spring landscaping schedule',
      'Water shut-off on Birch Court',
    ]);
    const custom = board.data.get(announcementKey(await announcementId(t, 'Water shut-off on Birch Court'))) as SyncedAnnouncement;
    expect(custom.customRecipients).toHaveLength(1);
    expect(custom.createdBy?.name).toBe('Ben Board');
    const cedar = await clientFor(t, DEMO.cedar.superadmin);
    await cedar.pull();
    expect(titles(cedar)).toEqual(['Parking rules update', 'Results: Elect two directors to the Cedar Park board for 2027', 'Tree trimming next week', 'Welcome to the Cedar Park portal']);
  });

  it('a pull with nothing new keeps the cookie and sends nothing', async () => {
    const t = await setup();
    const rita = await clientFor(t, DEMO.maple.resident);
    const first = await rita.pull();
    const second = await rita.pull();
    expect(second).toEqual({ cookie: first.cookie, lastMutationIDChanges: {}, patch: [] });
    // A change Rita cannot see (a board-only draft) moves the HOA counter but sends her nothing.
    const draft = await announcementId(t, 'Spring landscaping schedule');
    await t.deps.database.transaction(async (tx) => {
      await tx.update(announcements).set({ title: 'Spring landscaping plan', version: sql`${announcements.version} + 1` }).where(eq(announcements.id, draft));
      await bumpChanges(t.deps, tx, { hoaId: (await tx.select().from(announcements).where(eq(announcements.id, draft)))[0].hoaId, rows: [{ space: 'announcement', id: draft }] });
    });
    const third = await rita.pull();
    expect(third).toEqual({ cookie: first.cookie, lastMutationIDChanges: {}, patch: [] });
  });
});

describe('push: exactly once, in order', () => {
  it("pushes a closed client's pending mutations from another session of the same user (mutation recovery), once", async () => {
    const t = await setup();
    const pool = await announcementId(t, 'Pool opening weekend');
    // The first tab queued a change and closed before pushing it.
    const closed = await clientFor(t, DEMO.maple.resident);
    const pending = closed.mutation('markAnnouncementRead', { id: pool });
    // Later, a new sign-in (another session) recovers it: same client group and client, a new token.
    const again = await login(t, DEMO.maple.resident);
    const recovering = new SyncTestClient(t, again.token, closed.clientGroupID, closed.clientID);
    expect((await recovering.push([pending])).status).toBe(200);
    expect((await recovering.push([pending])).status).toBe(200);
    await recovering.pull();
    expect(recovering.lastMutationID).toBe(1);
    expect(recovering.keys('announcementRead/')).toEqual([announcementReadKey(pool)]);
    // Another user may not push for that group.
    const ray = await login(t, DEMO.maple.resident2);
    expect((await new SyncTestClient(t, ray.token, closed.clientGroupID, closed.clientID).push([pending])).status).toBe(403);
  });

  it('applies each mutation once across duplicated and retried pushes, and stops at a gap', async () => {
    const t = await setup();
    const rita = await clientFor(t, DEMO.maple.resident);
    await rita.pull();
    const pool = await announcementId(t, 'Pool opening weekend');
    const dues = await announcementId(t, 'Annual dues are due March 1');
    const m1 = rita.mutation('markAnnouncementRead', { id: pool });
    const m2 = rita.mutation('markAnnouncementRead', { id: dues });
    const m3 = rita.mutation('markAnnouncementRead', { id: pool });

    // Out of order: m2 before m1 is a gap, nothing is applied.
    expect((await rita.push([m2, m1])).status).toBe(200);
    let [client] = await t.deps.database.db.select().from(syncClients).where(eq(syncClients.id, rita.clientID));
    expect(client.lastMutationId).toBe(0);

    expect((await rita.push([m1, m2])).status).toBe(200);
    expect((await rita.push([m1, m2])).status).toBe(200); // duplicate request
    expect((await rita.push([m2, m3])).status).toBe(200); // retry overlapping the processed ones
    const m5 = { ...rita.mutation('markAnnouncementRead', { id: pool }), id: 5 };
    expect((await rita.push([m5])).status).toBe(200); // from the future: ignored
    [client] = await t.deps.database.db.select().from(syncClients).where(eq(syncClients.id, rita.clientID));
    expect(client.lastMutationId).toBe(3);

    const reads = await t.deps.database.db.select().from(announcementReads).where(eq(announcementReads.userId, await userIdOf(t, DEMO.maple.resident)));
    expect(reads.map((r) => r.announcementId).sort()).toEqual([pool, dues].sort());

    const pulled = await rita.pull();
    expect(pulled.lastMutationIDChanges).toEqual({ [rita.clientID]: 3 });
    expect(rita.keys('announcementRead/')).toEqual([announcementReadKey(pool), announcementReadKey(dues)].sort());
  });

  it('two clients of one user converge on the same state', async () => {
    const t = await setup();
    const laptop = await clientFor(t, DEMO.maple.resident2);
    const phone = await clientFor(t, DEMO.maple.resident2);
    await laptop.pull();
    await phone.pull();
    const pool = await announcementId(t, 'Pool opening weekend');
    const water = await announcementId(t, 'Water shut-off on Birch Court');
    await laptop.push([laptop.mutation('markAnnouncementRead', { id: pool })]);
    await phone.push([phone.mutation('markAnnouncementRead', { id: water }), phone.mutation('markAnnouncementRead', { id: pool })]);
    await laptop.pull();
    await phone.pull();
    expect(laptop.lastMutationID).toBe(1);
    expect(phone.lastMutationID).toBe(2);
    expect(Object.fromEntries(laptop.data)).toEqual(Object.fromEntries(phone.data));
    expect(laptop.keys('announcementRead/')).toHaveLength(3);
  });
});

async function userIdOf(t: TestApp, email: string) {
  const [u] = await t.deps.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u.id;
}

describe('push: rejected mutations', () => {
  it('advances lastMutationID, rolls the mutator back, and syncs a notice the user can dismiss', async () => {
    const t = await setup();
    const rita = await clientFor(t, DEMO.maple.resident);
    await rita.pull();
    const pool = await announcementId(t, 'Pool opening weekend');
    const original = t.deps.areas.mutators.markAnnouncementRead;
    // A mutator that writes, then fails a domain rule: its write must not survive.
    t.deps.areas.mutators.markAnnouncementRead = async (deps, tx, actor, args) => {
      await original(deps, tx, actor, args);
      throw badRequest('Refused after writing');
    };
    try {
      const r = await rita.push([rita.mutation('markAnnouncementRead', { id: pool })]);
      expect(r.status).toBe(200);
    } finally {
      t.deps.areas.mutators.markAnnouncementRead = original;
    }
    const ritaId = await userIdOf(t, DEMO.maple.resident);
    expect(await t.deps.database.db.select().from(announcementReads).where(eq(announcementReads.userId, ritaId))).toEqual([]);

    // A draft (invisible to residents), an unknown mutator and bad arguments are rejected too.
    const draft = await announcementId(t, 'Spring landscaping schedule');
    await rita.push([
      rita.mutation('markAnnouncementRead', { id: draft }),
      rita.mutation('noSuchMutator', {}),
      rita.mutation('markAnnouncementRead', { id: '' }),
      rita.mutation('markAnnouncementRead', { id: pool }),
    ]);
    const pulled = await rita.pull();
    expect(pulled.lastMutationIDChanges).toEqual({ [rita.clientID]: 5 });
    const notices = rita.values<SyncedNotice>('notice/').sort((a, b) => a.createdAt - b.createdAt || a.message.localeCompare(b.message));
    expect(notices.map((n) => [n.mutationName, n.message]).sort()).toEqual(
      [
        ['markAnnouncementRead', 'Refused after writing'],
        ['markAnnouncementRead', 'Announcement not found'],
        ['unknown', 'Unknown change type'],
        ['markAnnouncementRead', 'Id is required'],
      ].sort(),
    );
    expect(notices.find((n) => n.message === 'Announcement not found')?.argsSummary).toBe(JSON.stringify({ id: draft }));
    // The valid one after them was applied.
    expect(rita.keys('announcementRead/')).toEqual([announcementReadKey(pool)]);

    const dismissed = notices[0];
    await rita.push([rita.mutation('dismissNotice', { id: dismissed.id })]);
    const after = await rita.pull();
    expect(after.patch).toContainEqual({ op: 'del', key: `notice/${dismissed.id}` });
    expect(rita.keys('notice/')).toHaveLength(3);
    const [row] = await t.deps.database.db.select().from(syncNotices).where(eq(syncNotices.id, dismissed.id));
    expect(row.dismissedAt).not.toBeNull();
  });

  it('a temporary failure stops the push without advancing', async () => {
    const t = await setup();
    const rita = await clientFor(t, DEMO.maple.resident);
    const pool = await announcementId(t, 'Pool opening weekend');
    const original = t.deps.areas.mutators.markAnnouncementRead;
    t.deps.areas.mutators.markAnnouncementRead = async () => {
      throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    };
    try {
      const r = await rita.push([rita.mutation('markAnnouncementRead', { id: pool })]);
      expect(r.status).toBe(503);
    } finally {
      t.deps.areas.mutators.markAnnouncementRead = original;
    }
    // The whole transaction rolled back: not even the client row was kept.
    expect(await t.deps.database.db.select().from(syncClients).where(eq(syncClients.id, rita.clientID))).toEqual([]);
    expect(await t.deps.database.db.select().from(syncNotices)).toEqual([]);
    // The retry of the same mutation goes through.
    rita.nextMutationID = 1;
    expect((await rita.push([rita.mutation('markAnnouncementRead', { id: pool })])).status).toBe(200);
    await rita.pull();
    expect(rita.lastMutationID).toBe(1);
    expect(rita.keys('announcementRead/')).toEqual([announcementReadKey(pool)]);
  });
});

describe('visibility changes', () => {
  it('deletes an announcement whose audience no longer includes the user', async () => {
    const t = await setup();
    const rita = await clientFor(t, DEMO.maple.resident);
    await rita.pull();
    const dues = await announcementId(t, 'Annual dues are due March 1');
    expect(rita.data.has(announcementKey(dues))).toBe(true);
    await t.deps.database.transaction(async (tx) => {
      const [row] = await tx
        .update(announcements)
        .set({ audienceType: 'board', version: sql`${announcements.version} + 1` })
        .where(eq(announcements.id, dues))
        .returning();
      await bumpChanges(t.deps, tx, { hoaId: row.hoaId, rows: [{ space: 'announcement', id: dues }] });
    });
    const pulled = await rita.pull();
    expect(pulled.patch).toEqual([{ op: 'del', key: announcementKey(dues) }]);
    expect(rita.data.has(announcementKey(dues))).toBe(false);
  });

  it('a role change resets the view: a demoted board member loses the drafts', async () => {
    const t = await setup();
    const ben = await clientFor(t, DEMO.maple.board);
    await ben.pull();
    expect(titles(ben)).toContain('Spring landscaping schedule');
    const benId = await userIdOf(t, DEMO.maple.board);
    await t.deps.database.transaction(async (tx) => {
      await tx.update(users).set({ role: 'resident', version: sql`${users.version} + 1` }).where(eq(users.id, benId));
      await bumpChanges(t.deps, tx, { visibilityUserIds: [benId] });
    });
    ben.token = (await login(t, DEMO.maple.board)).token;
    const pulled = await ben.pull();
    expect(pulled.patch[0]).toEqual({ op: 'clear' });
    expect(titles(ben)).toEqual(['Annual dues are due March 1', 'Pool opening weekend', 'Results: Elect two directors to the Maple Grove board for 2027']);
  });

  it('a deleted announcement is deleted from the cache', async () => {
    const t = await setup();
    const board = await clientFor(t, DEMO.maple.board);
    await board.pull();
    const agenda = await announcementId(t, 'Board meeting agenda');
    await t.deps.database.transaction(async (tx) => {
      const [row] = await tx.delete(announcements).where(eq(announcements.id, agenda)).returning();
      await bumpChanges(t.deps, tx, { hoaId: row.hoaId, rows: [{ space: 'announcement', id: agenda }] });
    });
    expect((await board.pull()).patch).toEqual([{ op: 'del', key: announcementKey(agenda) }]);
  });
});

describe('client groups', () => {
  it('answers ClientStateNotFound for a cookie of a client group the server does not know', async () => {
    const t = await setup();
    const rita = await clientFor(t, DEMO.maple.resident);
    const r = await rita.rawPull({ order: 4 });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ error: 'ClientStateNotFound' });
    // A cookie from the future (database restored from an older backup) too.
    await rita.pull();
    expect((await rita.rawPull({ order: 99 })).json).toEqual({ error: 'ClientStateNotFound' });
  });

  it("refuses another user's client group on pull and push", async () => {
    const t = await setup();
    const rita = await clientFor(t, DEMO.maple.resident);
    await rita.pull();
    await rita.push([rita.mutation('markAnnouncementRead', { id: await announcementId(t, 'Pool opening weekend') })]);
    const ray = await clientFor(t, DEMO.maple.resident2, rita.clientGroupID);
    expect((await ray.rawPull(null)).status).toBe(403);
    expect((await ray.rawPull(rita.cookie)).status).toBe(403);
    expect((await ray.push([ray.mutation('dismissNotice', { id: 'x' })])).status).toBe(403);
    // And a client id that belongs to another group.
    const sneaky = new SyncTestClient(t, ray.token, `cg-${crypto.randomUUID()}`, rita.clientID);
    expect((await sneaky.push([sneaky.mutation('dismissNotice', { id: 'x' })])).status).toBe(403);
    expect((await rita.rawPull(null, rita.clientGroupID)).status).toBe(200);
  });

  it('an old cookie gets what changed since it', async () => {
    const t = await setup();
    const rita = await clientFor(t, DEMO.maple.resident);
    const first = await rita.pull();
    const pool = await announcementId(t, 'Pool opening weekend');
    await rita.push([rita.mutation('markAnnouncementRead', { id: pool })]);
    await rita.pull();
    // The response to the pull above was "lost": the client pulls again with its older cookie.
    const retry = await rita.rawPull(first.cookie);
    expect(retry.json.patch).toEqual([{ op: 'put', key: announcementReadKey(pool), value: expect.objectContaining({ announcementId: pool }) }]);
    expect(retry.json.lastMutationIDChanges).toEqual({ [rita.clientID]: 1 });
  });

  it('a cookie older than the kept CVR versions gets a reset', async () => {
    const t = await setup();
    const rita = await clientFor(t, DEMO.maple.resident);
    const first = await rita.pull();
    const ritaId = await userIdOf(t, DEMO.maple.resident);
    for (let i = 0; i < CVR_VERSIONS_KEPT + 1; i++) {
      await t.deps.database.transaction((tx) => recordRejection(t.deps, tx, { userId: ritaId, hoaId: rita.hoaId, role: 'resident', sessionId: 's' }, { clientId: 'c', mutationId: i + 1, mutationName: 'x', argsSummary: '{}', message: `m${i}` }));
      await rita.pull();
    }
    expect(rita.keys('notice/')).toHaveLength(CVR_VERSIONS_KEPT + 1);
    const stale = await rita.rawPull(first.cookie);
    expect(stale.json.patch[0]).toEqual({ op: 'clear' });
    // A clear, then everything Rita sees (three announcements, her requests, the public documents, her dues, invoices, ledger lines and violations, her saved list views, the published open meetings and their agendas, the votes, her architectural applications, the resident directory, her own member row, the notices).
    expect(stale.json.patch).toHaveLength(1 + rita.keys('').length);
    const own = rita.keys('request/').length + rita.keys('document/').length + rita.keys('due/').length + rita.keys('invoice/').length + rita.keys('ledger/').length + rita.keys('violation/').length + rita.keys('listView/').length + rita.keys('meeting/').length + rita.keys('meetingItem/').length + rita.keys('vote/').length + rita.keys('voteBallot/').length + rita.keys('application/').length + rita.keys('directoryEntry/').length;
    expect(rita.keys('member/')).toEqual([`member/${ritaId}`]);
    expect(rita.keys('')).toHaveLength(3 + own + 1 + CVR_VERSIONS_KEPT + 1);
  });

  it('after a server restart (new app, same database file) a pull answers a diff, not a reset', async () => {
    const t = await setup();
    const rita = await clientFor(t, DEMO.maple.resident);
    await rita.pull();
    const pool = await announcementId(t, 'Pool opening weekend');

    const database = await openDatabase(t.databaseUrl);
    try {
      const restarted = createApp({ ...t.deps, database });
      const again = new SyncTestClient({ app: restarted } as TestApp, rita.token, rita.clientGroupID, rita.clientID);
      again.cookie = rita.cookie;
      for (const [k, v] of rita.data) again.data.set(k, v);
      const noop = await again.pull();
      expect(noop.patch).toEqual([]);
      await again.push([{ ...again.mutation('markAnnouncementRead', { id: pool }) }]);
      const diff = await again.pull();
      expect(diff.patch).toEqual([{ op: 'put', key: announcementReadKey(pool), value: expect.objectContaining({ announcementId: pool }) }]);
      expect(diff.patch.some((op: { op: string }) => op.op === 'clear')).toBe(false);
    } finally {
      database.client.close();
    }
    const [count] = await t.deps.database.db
      .select({ n: sql<number>`count(*)` })
      .from(announcementReads)
      .where(and(eq(announcementReads.announcementId, pool)));
    expect(count.n).toBe(3);
  });
});

describe('housekeeping', () => {
  it('after the change log is pruned, a pull recomputes the whole view and still sends only the difference', async () => {
    const t = await setup();
    const board = await clientFor(t, DEMO.maple.board);
    await board.pull();
    const agenda = await announcementId(t, 'Board meeting agenda');
    await t.deps.database.transaction(async (tx) => {
      const [row] = await tx.update(announcements).set({ title: 'Board meeting agenda (revised)', version: sql`${announcements.version} + 1` }).where(eq(announcements.id, agenda)).returning();
      await bumpChanges(t.deps, tx, { hoaId: row.hoaId, rows: [{ space: 'announcement', id: agenda }] });
    });
    t.clock.advance(31 * 86_400_000);
    // The agenda's change, and the board member's first sign-in of that day (the list shows its day).
    expect(await pruneChangeLog(t.deps, 30 * 86_400_000)).toBe(2);
    board.token = (await login(t, DEMO.maple.board)).token;
    const pulled = await board.pull();
    // The difference: the agenda, and the board member's own row (today's sign-in).
    expect(pulled.patch).toHaveLength(2);
    expect(pulled.patch).toEqual(
      expect.arrayContaining([
        { op: 'put', key: announcementKey(agenda), value: expect.objectContaining({ title: 'Board meeting agenda (revised)' }) },
        { op: 'put', key: expect.stringMatching(/^member\//), value: expect.objectContaining({ email: DEMO.maple.board, lastLoginDay: Math.floor(t.clock() / 86_400_000) * 86_400_000 }) },
      ]),
    );
  });

  it('a purged idle client group gets ClientStateNotFound, then starts over', async () => {
    const t = await setup();
    const rita = await clientFor(t, DEMO.maple.resident);
    await rita.pull();
    t.clock.advance(91 * 86_400_000);
    rita.token = (await login(t, DEMO.maple.resident)).token;
    expect(await purgeStaleClientGroups(t.deps, 90 * 86_400_000)).toBe(1);
    expect((await rita.rawPull()).json).toEqual({ error: 'ClientStateNotFound' });
    const fresh = new SyncTestClient(t, rita.token);
    expect((await fresh.pull()).patch[0]).toEqual({ op: 'clear' });
  });
});
