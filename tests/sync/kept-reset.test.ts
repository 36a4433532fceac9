/**
 * A reset's parts are kept under the change counters (worker/sync/counted.ts `keptResetParts`): a
 * client group starting afresh is sent the bytes the last one got while nothing they show has
 * changed, a change is in the next reset at once, and a part that reads the viewer's id is never
 * another viewer's. The first reset after a few changes patches the parts kept under the HOA's
 * earlier count of changes (worker/sync/column-parts.ts): the changed rows are taken out and their
 * current values put at the end, and the group holds exactly what a reset computed afresh gives it,
 * whatever the changed rows' text holds; past the change log's floor the part is computed again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../schema/roles';
import { pruneChangeLog } from '../../worker/sync/changes';
import { setKeptAnswers } from '../../worker/sync/counted';
import { handlePull } from '../../worker/sync/pull';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { heldData, newCompactGroup, SyncTestClient } from './client';

let t: TestApp | undefined;
afterEach(() => {
  setKeptAnswers(true);
  t?.close();
  t = undefined;
});

const newGroup = (token: string) => newCompactGroup(t!, token);

const draft = { title: 'Pool opens Saturday', message: '<p>From 9 am.</p>', category: 'general', audience_type: 'all', custom_recipients: [], attachment: null };

describe('a reset pull keeps its parts', () => {
  it('a second new group gets the first one’s bytes; after a change, the change', async () => {
    t = await createTestApp();
    const session = await login(t, DEMO.maple.board);
    const first = await newGroup(session.token);
    const actor = { userId: session.user._id as string, hoaId: first.hoaId, role: session.user.role as Role, sessionId: 'test' };
    const pullAfresh = async (group: string) => {
      const answer = await handlePull(t!.deps, actor, { pullVersion: 1, clientGroupID: group, cookie: null }, { format: 'columns' });
      if (!('patch' in answer)) throw new Error('no patch');
      return answer.patch.ops.filter((op) => typeof op !== 'string');
    };
    const [a, b] = [await pullAfresh('kept-a'), await pullAfresh('kept-b')];
    expect(b.length).toBeGreaterThan(1);
    // The very bytes: nothing wrote them again.
    b.forEach((part, i) => expect(part).toBe(a[i]));
    expect(heldData(await newGroup(session.token))).toEqual(heldData(first));

    const created = await call(t, 'POST', '/api/announcements', { token: session.token, body: draft });
    expect(created.status).toBe(201);
    await first.pull();
    const after = await newGroup(session.token);
    expect(heldData(after)).toEqual(heldData(first));
    expect([...after.data.values()].some((v) => (v as { title?: string }).title === draft.title)).toBe(true);
    const c = await pullAfresh('kept-c');
    expect(c.some((part, i) => part !== a[i])).toBe(true);
  });

  it('each resident gets what a computed reset gives them, whoever pulled before', async () => {
    t = await createTestApp();
    const residents = [await login(t, DEMO.maple.resident), await login(t, DEMO.maple.resident2)];
    const kept = [];
    for (const r of [...residents, ...residents]) kept.push(heldData(await newGroup(r.token)));
    setKeptAnswers(false);
    const computed = [];
    for (const r of residents) computed.push(heldData(await newGroup(r.token)));
    expect(kept).toEqual([...computed, ...computed]);
    // The two see different things (their own requests, their read marks): a shared part would show here.
    expect(computed[0]).not.toEqual(computed[1]);
  });
  it('a new group sent kept parts is answered before its view is written, and that view is what it was sent', async () => {
    t = await createTestApp();
    const session = await login(t, DEMO.maple.board);
    const first = await newGroup(session.token);
    const actor = { userId: session.user._id as string, hoaId: first.hoaId, role: session.user.role as Role, sessionId: 'test' };
    const entriesOf = async (group: string) =>
      Number(
        (await t!.deps.database.client.execute({ sql: 'SELECT count(*) AS n FROM sync_cvr_entries e JOIN sync_client_groups g ON g.number = e.group_number WHERE g.id = ? AND e.deleted = 0', args: [group] })).rows[0].n,
      );

    const answer = await handlePull(t.deps, actor, { pullVersion: 1, clientGroupID: 'early', cookie: null }, { format: 'columns' });
    if (!('patch' in answer)) throw new Error('no patch');
    // Answered, the view not yet written: that waits for the response to go out.
    expect(await entriesOf('early')).toBe(0);
    await t.drainBackground();
    // Every row sent, and no other (the patch's first operation is the clear).
    const sent = first.data.size;
    expect(answer.patch.size - 1).toBe(sent);
    expect(await entriesOf('early')).toBe(sent);

    // The group goes on from that view: nothing new, then exactly a change.
    const early = new SyncTestClient(t, session.token, 'early');
    early.columns = true;
    early.cookie = answer.cookie;
    expect((await early.pull()).patch).toEqual([]);
    const created = await call(t, 'POST', '/api/announcements', { token: session.token, body: draft });
    expect(created.status).toBe(201);
    await early.pull();
    expect(early.lastPatch.map((op) => `${op.op} ${'key' in op ? op.key : ''}`)).toEqual([`put announcement/${(created.json as { _id: string })._id}`]);
  });

  it('a failure after the early answer leaves no view behind: the next pull is told to start over, and starting over works', async () => {
    t = await createTestApp();
    const session = await login(t, DEMO.maple.board);
    const first = await newGroup(session.token);
    // The disk fails as the view is written, after the answer has gone.
    await t.deps.database.client.execute("CREATE TRIGGER entries_fail BEFORE INSERT ON sync_cvr_entries BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END");
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const early = await newGroup(session.token);
      expect(heldData(early)).toEqual(heldData(first));
      await t.drainBackground();
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('rolled back'), expect.objectContaining({ message: expect.stringContaining('disk I/O error') }));
      await t.deps.database.client.execute('DROP TRIGGER entries_fail');
      // Nothing half-written: no group, no entry; Replicache starts a new group on this answer.
      expect(await early.pull()).toMatchObject({ error: 'ClientStateNotFound' });
      const groups = await t.deps.database.client.execute({ sql: 'SELECT count(*) AS n FROM sync_client_groups WHERE id = ?', args: [early.clientGroupID] });
      expect(Number(groups.rows[0].n)).toBe(0);
      expect(heldData(await newGroup(session.token))).toEqual(heldData(first));
    } finally {
      logged.mockRestore();
    }
  });

  it('with nothing kept, the first reset writes its view before it answers; the next new group is answered first, computed', async () => {
    t = await createTestApp();
    setKeptAnswers(false);
    const session = await login(t, DEMO.maple.board);
    const entriesOf = async (group: string) =>
      Number((await t!.deps.database.client.execute({ sql: 'SELECT count(*) AS n FROM sync_cvr_entries e JOIN sync_client_groups g ON g.number = e.group_number WHERE g.id = ?', args: [group] })).rows[0].n);
    const actor = { userId: session.user._id as string, hoaId: '', role: session.user.role as Role, sessionId: 'test' };
    const pullAfresh = (group: string) => handlePull(t!.deps, { ...actor, hoaId: new SyncTestClient(t!, session.token).hoaId }, { pullVersion: 1, clientGroupID: group, cookie: null }, { format: 'columns' });

    // No earlier reset tells its size: the view is written first, in case it must come in chunks.
    const first = await pullAfresh('computed-a');
    if (!('patch' in first)) throw new Error('no patch');
    expect(await entriesOf('computed-a')).toBe(first.patch.size - 1);
    // The last one was well within the budget: computed, answered, then written.
    const second = await pullAfresh('computed-b');
    if (!('patch' in second)) throw new Error('no patch');
    expect(await entriesOf('computed-b')).toBe(0);
    await t.drainBackground();
    expect(await entriesOf('computed-b')).toBe(second.patch.size - 1);
    expect(second.patch.size).toBe(first.patch.size);
  });
});

/** What a new group holds when every part is computed afresh: the reference a patched reset must equal. */
async function computedView(token: string) {
  setKeptAnswers(false);
  try {
    return heldData(await newGroup(token));
  } finally {
    setKeptAnswers(true);
  }
}

/** The row ids of the announcements part of a reset pulled as `session`, in the order sent. */
async function announcementIdsSent(session: Awaited<ReturnType<typeof login>>, group: string): Promise<string[]> {
  const actor = { userId: session.user._id as string, hoaId: session.user.hoa_id as string, role: session.user.role as Role, sessionId: 'test' };
  const answer = await handlePull(t!.deps, actor, { pullVersion: 1, clientGroupID: group, cookie: null }, { format: 'columns' });
  if (!('patch' in answer)) throw new Error('no patch');
  const parts = answer.patch.ops.filter((op) => typeof op !== 'string').map((op) => JSON.parse(new TextDecoder().decode(op)) as { prefix: string; ids: string[] });
  return parts.find((p) => p.prefix === 'announcement/')!.ids;
}

/** Pins the announcement if it is not pinned, unpins it if it is: a change to a row every view holds. */
async function togglePin(client: SyncTestClient, token: string, id: string) {
  const { pinned } = client.data.get(`announcement/${id}`) as { pinned: boolean };
  expect((await call(t!, 'PUT', `/api/announcements/${id}/pinned`, { token, body: { pinned: !pinned } })).status).toBe(200);
}

/** Text that a scan for the items' commas must not be fooled by. */
const AWKWARD = 'Fees, "dues" & [levies] {2027}, \\ paid — ✓ 日本';
const awkwardDraft = (title: string) => ({ title, message: `<p>${AWKWARD}, see the board.</p>`, category: 'general', audience_type: 'all', custom_recipients: [], attachment: null });

describe('a reset after a few changes patches the kept parts', () => {
  it('a board member: drafts created, edited and deleted, a sent one pinned or unpinned', async () => {
    t = await createTestApp();
    const board = await login(t, DEMO.maple.board);
    const first = await newGroup(board.token);
    const before = await announcementIdsSent(board, 'patched-before');

    const created = await call(t, 'POST', '/api/announcements', { token: board.token, body: awkwardDraft(AWKWARD) });
    const edited = await call(t, 'POST', '/api/announcements', { token: board.token, body: awkwardDraft('Pool opens Saturday') });
    const deleted = await call(t, 'POST', '/api/announcements', { token: board.token, body: awkwardDraft('Wrong date') });
    expect([created.status, edited.status, deleted.status]).toEqual([201, 201, 201]);
    expect((await call(t, 'PUT', `/api/announcements/${edited.json._id}`, { token: board.token, body: awkwardDraft(`Pool opens Sunday, ${AWKWARD}`) })).status).toBe(200);
    expect((await call(t, 'DELETE', `/api/announcements/${deleted.json._id}`, { token: board.token })).status).toBe(200);
    const sent = before[0];
    await togglePin(first, board.token, sent);

    const after = await announcementIdsSent(board, 'patched-after');
    // Patched: the rows the log names come last, the rest in the kept order; none twice.
    expect(new Set(after).size).toBe(after.length);
    expect(after.slice(0, -3)).toEqual(before.filter((id) => id !== sent));
    expect(new Set(after.slice(-3))).toEqual(new Set([sent, created.json._id, edited.json._id]));

    expect(heldData(await newGroup(board.token))).toEqual(await computedView(board.token));
  });

  it('a resident: an announcement sent to everyone appears, and the part stays theirs', async () => {
    t = await createTestApp();
    const [board, resident] = [await login(t, DEMO.maple.board), await login(t, DEMO.maple.resident)];
    const held = heldData(await newGroup(resident.token));
    const a = await call(t, 'POST', '/api/announcements', { token: board.token, body: awkwardDraft('Gate code, "new"') });
    expect((await call(t, 'POST', `/api/announcements/${a.json._id}/send`, { token: board.token, body: {} })).status).toBe(200);

    const patched = heldData(await newGroup(resident.token));
    expect(patched).toEqual(await computedView(resident.token));
    expect(Object.keys(patched)).toHaveLength(Object.keys(held).length + 1);
    expect(await computedView((await login(t, DEMO.maple.resident2)).token)).not.toEqual(patched);
  });

  it('once the change log is pruned past the kept part, the part is computed again', async () => {
    t = await createTestApp();
    const board = await login(t, DEMO.maple.board);
    const first = await newGroup(board.token);
    const before = await announcementIdsSent(board, 'pruned-before');
    await togglePin(first, board.token, before[0]);
    await pruneChangeLog(t.deps, -1);
    // Computed: the changed row stays where SQLite reads it, not put last as a patch puts it.
    expect(await announcementIdsSent(board, 'pruned-after')).toEqual(before);
    expect(heldData(await newGroup(board.token))).toEqual(await computedView(board.token));
  });
});
