/**
 * Pulls of one client group with an older cookie (its tabs pulling together after a poke) are
 * answered under the group's latest version when that version already holds everything: one version
 * per change, not one per pull, and the next pull is the cheap "nothing new" (worker/sync/pull.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { heldData, SyncTestClient } from './client';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

const draft = { title: 'Gutters cleaned Monday', message: '<p>Ladders on the north side.</p>', category: 'maintenance', audience_type: 'all', custom_recipients: [], attachment: null };

/** A second tab of `tab`'s group: the same cache (its values and cookie), its own client id. */
function secondTab(tab: SyncTestClient): SyncTestClient {
  const other = new SyncTestClient(tab.t, tab.token, tab.clientGroupID);
  for (const [key, value] of tab.data) other.data.set(key, value);
  other.cookie = tab.cookie;
  other.columns = tab.columns;
  return other;
}

const versionOf = async (group: string) => Number((await t!.deps.database.client.execute({ sql: 'SELECT cvr_version AS v FROM sync_client_groups WHERE id = ?', args: [group] })).rows[0].v);

describe('tabs of one group pulling together', () => {
  it('after a change, both get it under one new version, and their next pull finds nothing new', async () => {
    t = await createTestApp();
    const session = await login(t, DEMO.maple.board);
    const first = new SyncTestClient(t, session.token);
    first.columns = true;
    await first.pull();
    const second = secondTab(first);
    const before = await versionOf(first.clientGroupID);

    expect((await call(t, 'POST', '/api/announcements', { token: session.token, body: draft })).status).toBe(201);
    await Promise.all([first.pull(), second.pull()]);

    expect(await versionOf(first.clientGroupID)).toBe(before + 1);
    expect(second.cookie).toEqual(first.cookie);
    for (const tab of [first, second]) expect(tab.values<{ title: string }>('announcement/').some((a) => a.title === draft.title)).toBe(true);
    expect(heldData(second)).toEqual(heldData(first));
    // What a group starting afresh holds: the patch under the latest cookie left nothing out.
    const fresh = new SyncTestClient(t, session.token);
    await fresh.pull();
    expect(heldData(first)).toEqual(heldData(fresh));

    const cookie = second.cookie;
    await second.pull();
    expect(second.lastPatch).toEqual([]);
    expect(second.cookie).toEqual(cookie);
    expect(await versionOf(first.clientGroupID)).toBe(before + 1);
  });

  it('a tab far behind (several changes) is brought to the latest version without adding one', async () => {
    t = await createTestApp();
    const session = await login(t, DEMO.maple.board);
    const ahead = new SyncTestClient(t, session.token);
    await ahead.pull();
    const behind = secondTab(ahead);
    for (const title of ['Pool closes early', 'Trash pickup moves to Tuesday']) {
      expect((await call(t, 'POST', '/api/announcements', { token: session.token, body: { ...draft, title } })).status).toBe(201);
      await ahead.pull();
    }
    const latest = await versionOf(ahead.clientGroupID);

    await behind.pull();

    expect(await versionOf(ahead.clientGroupID)).toBe(latest);
    expect(behind.cookie).toEqual(ahead.cookie);
    expect(heldData(behind)).toEqual(heldData(ahead));
  });
});
