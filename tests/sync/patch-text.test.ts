/**
 * The pull's response text: SQLite writes each area's put operations and the server splices them
 * into the body (serializePullResponse). The text must be exactly what the earlier path sent, which
 * parsed every value in JS and stringified the whole response: the same bytes, not only the same
 * data. Values carry what JSON escapes differently if it can (quotes, backslashes, control and
 * separator characters, non-ASCII, emoji, markup, nulls); a reset and an incremental pull (puts and
 * dels), with read markers and notices, for every role. The compact patch (`?patch=columns`) must
 * expand to the same operations, spelled the same.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { announcements, hoas, syncClientGroups, syncCvrEntries, users } from '../../schema/tables';
import { keyOf } from '../../sync/keys';
import { bumpChanges } from '../../worker/sync/changes';
import { patchRowIds } from '../../worker/sync/cvr';
import { rowValuesSql } from '../../worker/sync/values';
import { expandPatch } from '../../sync/patch-columns';
import { createTestApp, type TestApp } from '../helpers/app';
import { DEMO, login } from '../helpers/http';
import { SyncTestClient } from './client';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const AWKWARD = [
  'Quote " backslash \\ slash / tab \t newline \n return \r',
  'Controls \u0000 \u0001 \u001f \u007f \b \f, separators \u2028 \u2029',
  'Café, naïve, 日本語, emoji ☀️ 🏊‍♀️ 👍🏽',
  '<script>alert("x")</script> &amp; &lt; \'single\'',
  '',
];

async function seed(t: TestApp) {
  const db = t.deps.database.db;
  const [hoa] = await db.select().from(hoas).where(eq(hoas.name, 'Maple Grove HOA'));
  const [board] = await db.select().from(users).where(eq(users.email, DEMO.maple.board));
  const now = t.clock();
  const rows = AWKWARD.flatMap((text, i) => [
    {
      id: `text-sent-${i}`,
      hoaId: hoa.id,
      title: `Sent ${i}: ${text}`,
      message: `<p>${text}</p>`,
      category: 'general' as const,
      status: 'sent' as const,
      audienceType: 'all' as const,
      deliveryMethods: ['in_app' as const],
      createdBy: board.id,
      createdAt: now - i * 1000,
      updatedAt: now - i * 500,
      sentAt: now - i * 250,
      attachmentS3Key: i % 2 ? `uploads/${i}.pdf` : null,
      attachmentFilename: i % 2 ? `${text}.pdf` : null,
      attachmentFileSize: i % 2 ? 1234 * i : null,
      attachmentFileType: i % 2 ? 'application/pdf' : null,
      version: 1,
    },
    {
      id: `text-draft-${i}`,
      hoaId: hoa.id,
      title: `Draft ${i}: ${text}`,
      message: text,
      category: 'event' as const,
      status: 'draft' as const,
      audienceType: 'residents' as const,
      deliveryMethods: ['in_app' as const, 'email' as const],
      createdBy: i === 0 ? 'someone-gone' : board.id,
      createdAt: now - i * 1000,
      updatedAt: now,
      version: 3,
    },
  ]);
  await t.write((tx) => tx.insert(announcements).values(rows));
  await t.write((tx) => tx.update(users).set({ name: `Board ${AWKWARD[0]}` }).where(eq(users.id, board.id)));
}

/** The response as the earlier path wrote it: values parsed from SQLite's text, the whole response stringified. */
async function earlierText(t: TestApp, email: string, groupId: string, since: number | null, sent: { cookie: unknown; lastMutationIDChanges: unknown }) {
  const [user] = await t.deps.database.db.select().from(users).where(eq(users.email, email));
  const viewer = { userId: user.id, hoaId: user.hoaId, role: user.role };
  const patch: unknown[] = since === null ? [{ op: 'clear' }] : [];
  const [group] = await t.deps.database.db.select({ number: syncClientGroups.number }).from(syncClientGroups).where(eq(syncClientGroups.id, groupId));
  for (const area of t.deps.areas.sync) {
    // A reset of a whole view reads the visible rows from the table, in its order (the entries were written newest first).
    const wanted = since === null ? 'every visible row' : patchRowIds(group.number, area, since);
    const rows = await t.deps.database.db.all<{ id: string; json: string }>(rowValuesSql(area, viewer, wanted));
    for (const r of rows) patch.push({ op: 'put', key: keyOf(area.space, r.id), value: JSON.parse(r.json) });
  }
  if (since !== null) {
    const gone = await t.deps.database.db.select().from(syncCvrEntries).where(eq(syncCvrEntries.groupNumber, group.number));
    for (const e of gone) if (e.deleted && e.patchVersion > since) patch.push({ op: 'del', key: keyOf(e.area, e.rowId) });
  }
  return JSON.stringify({ cookie: sent.cookie, lastMutationIDChanges: sent.lastMutationIDChanges, patch });
}

async function pullText(t: TestApp, token: string, groupId: string, cookie: unknown, query = '') {
  const res = await t.app.request(`http://localhost/api/sync/pull${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pullVersion: 1, clientGroupID: groupId, cookie, profileID: 'p1', schemaVersion: '1' }),
  });
  expect(res.status).toBe(200);
  return res.text();
}

const READERS = [
  ['superadmin', DEMO.maple.superadmin],
  ['board member', DEMO.maple.board],
  ['resident', DEMO.maple.resident],
];

describe('pull response text', () => {
  it.each(READERS)('is byte for byte what parsing and stringifying gave, for a %s', async (_, email) => {
    t = await createTestApp();
    await seed(t);
    const { token } = await login(t, email);
    const client = new SyncTestClient(t, token);
    // A read marker and a refused change (a notice) give the user areas rows too.
    const pushed = await client.push([client.mutation('markAnnouncementRead', { id: 'text-sent-2' }), client.mutation('markAnnouncementRead', { id: 'no-such-row' })]);
    expect(pushed.status).toBe(200);

    const first = await pullText(t, token, client.clientGroupID, null);
    const sent = JSON.parse(first);
    // The awkward texts arrive intact (the comparison below is then about their spelling).
    const titles = sent.patch.map((op: { value?: { title?: string } }) => op.value?.title);
    for (const [i, text] of AWKWARD.entries()) expect(titles).toContain(`Sent ${i}: ${text}`);
    expect(first).toBe(await earlierText(t, email, client.clientGroupID, null, sent));

    // An incremental pull: an edit (put) and a deletion (del).
    await t.write((tx) => tx.update(announcements).set({ title: `Edited ${AWKWARD[1]}`, version: 9 }).where(eq(announcements.id, 'text-sent-1')));
    await t.write((tx) => tx.update(announcements).set({ deletedAt: t!.clock(), version: 9 }).where(eq(announcements.id, 'text-sent-3')));
    await t.write((tx) => bumpChanges(t!.deps, tx, { hoaId: client.hoaId, rows: ['text-sent-1', 'text-sent-3'].map((id) => ({ space: 'announcement', id })) }));
    const next = await pullText(t, token, client.clientGroupID, sent.cookie);
    const changed = JSON.parse(next);
    expect(changed.patch.map((op: { op: string }) => op.op).sort()).toEqual(['del', 'put']);
    expect(next).toBe(await earlierText(t, email, client.clientGroupID, sent.cookie.order, changed));
  });

  it.each(READERS)('in columns (?patch=columns) expands to the same operations, for a %s', async (_, email) => {
    t = await createTestApp();
    await seed(t);
    const { token } = await login(t, email);
    const plain = new SyncTestClient(t, token);
    const compact = new SyncTestClient(t, token);
    await plain.push([plain.mutation('markAnnouncementRead', { id: 'text-sent-2' }), plain.mutation('markAnnouncementRead', { id: 'no-such-row' })]);
    const pullBoth = async (cookies: [unknown, unknown]) => {
      const a = JSON.parse(await pullText(t!, token, plain.clientGroupID, cookies[0]));
      const b = JSON.parse(await pullText(t!, token, compact.clientGroupID, cookies[1], '?patch=columns'));
      expect(b.patch.some((op: { op: string }) => op.op === 'put-columns')).toBe(true);
      const byKey = (ops: { op: string; key?: string }[]) => [...ops].sort((x, y) => `${x.op}${x.key}`.localeCompare(`${y.op}${y.key}`));
      expect(byKey(expandPatch(b.patch))).toEqual(byKey(a.patch));
      // Every value spelled out again is the same text as the plain pull's (key order included).
      expect(JSON.stringify(byKey(expandPatch(b.patch)))).toBe(JSON.stringify(byKey(a.patch)));
      return [a.cookie, b.cookie] as [unknown, unknown];
    };
    const cookies = await pullBoth([null, null]);
    await t.write((tx) => tx.update(announcements).set({ title: `Edited ${AWKWARD[1]}`, version: 9 }).where(eq(announcements.id, 'text-sent-1')));
    await t.write((tx) => tx.update(announcements).set({ deletedAt: t!.clock(), version: 9 }).where(eq(announcements.id, 'text-sent-3')));
    await t.write((tx) => bumpChanges(t!.deps, tx, { hoaId: plain.hoaId, rows: ['text-sent-1', 'text-sent-3'].map((id) => ({ space: 'announcement', id })) }));
    await pullBoth(cookies);
  });
});
