/**
 * REST answers kept under the change counters (worker/sync/counted.ts): a repeated read is served
 * from memory, and every change the answer shows ends it — the HOA's rows, the reader's own read
 * marks, what the reader may see — for that reader only.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../schema/tables';
import { updateUser } from '../../worker/domain/users';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';

const form = { title: 'Pool opening', message: '<p>Saturday at 9.</p>', category: 'event', audience_type: 'all', custom_recipients: [], delivery_methods: ['in_app'], attachment: null };

describe('kept REST answers', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  const list = async (token: string) => {
    const r = await call(t, 'GET', '/api/announcements?limit=100', { token });
    expect(r.status).toBe(200);
    return r.json as { docs: { _id: string; title: string; status: string; isReadBy: boolean }[]; totalDocs: number };
  };

  it('ends with every change the answer shows, for the readers it concerns', async () => {
    t = await createTestApp();
    const [board, resident, resident2] = (await Promise.all([DEMO.maple.board, DEMO.maple.resident, DEMO.maple.resident2].map((e) => login(t, e)))).map((s) => s.token);
    const before = await list(resident);
    const before2 = await list(resident2);
    expect(await list(resident)).toEqual(before);

    // A new draft: the board sees it at once; residents do not.
    const draft = (await call(t, 'POST', '/api/announcements', { token: board, body: form })).json;
    expect((await list(board)).docs.map((d) => d._id)).toContain(draft._id);
    expect(await list(resident)).toEqual(before);

    // Sent: every resident sees it, unread.
    expect((await call(t, 'POST', `/api/announcements/${draft._id}/send`, { token: board, body: {} })).status).toBe(200);
    const sent = (await list(resident)).docs.find((d) => d._id === draft._id);
    expect(sent).toMatchObject({ status: 'sent', isReadBy: false });
    expect((await list(resident2)).totalDocs).toBe(before2.totalDocs + 1);

    // One resident reads it: their list says so, the other's does not.
    expect((await call(t, 'POST', `/api/announcements/${draft._id}/read`, { token: resident })).status).toBe(200);
    expect((await list(resident)).docs.find((d) => d._id === draft._id)?.isReadBy).toBe(true);
    expect((await list(resident2)).docs.find((d) => d._id === draft._id)?.isReadBy).toBe(false);

    // What a reader may see changes (a resident made board): their next read shows the board's list.
    const [r2] = await t.deps.database.db.select().from(users).where(eq(users.email, DEMO.maple.resident2));
    await t.deps.database.transaction((tx) => updateUser(t.deps, tx, r2, { role: 'board' }));
    const asBoard = await login(t, DEMO.maple.resident2);
    expect((await list(asBoard.token)).totalDocs).toBe((await list(board)).totalDocs);
  });
});
