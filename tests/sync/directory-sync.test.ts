/**
 * The resident directory through sync: every member of the HOA receives its listed, active members
 * as `GET /api/directory` shows them; an unshared email or phone never leaves the server (not in the
 * standard patch, not in the compact one); opting in, changing what is shared, a new phone and
 * opting out reach other devices by an incremental pull; the HOA's switch off empties every cache of
 * the directory and on brings it back; another HOA's entries never arrive.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../schema/tables';
import { DIRECTORY_ENTRY_PREFIX, type ApiDirectoryEntry, type SyncedDirectoryEntry } from '../../sync/areas/directory';
import { updateUser } from '../../worker/domain/users';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO } from '../helpers/http';
import { signedInClient, type SyncTestClient } from './client';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

const entries = (c: SyncTestClient) => c.values<SyncedDirectoryEntry>(DIRECTORY_ENTRY_PREFIX);
const named = (c: SyncTestClient, name: string) => entries(c).find((e) => e.name === name);
const optIn = (token: string, share: { email: boolean; phone: boolean }, listed = true) =>
  call(t!, 'PUT', '/api/directory/me', { token, body: { listed, share_email: share.email, share_phone: share.phone } });

/** The REST read in the synced value's terms. */
async function restEntries(token: string) {
  const r = await call(t!, 'GET', '/api/directory', { token });
  expect(r.status).toBe(200);
  return (r.json.residents as ApiDirectoryEntry[]).map((e) => ({ id: e._id, name: e.name, address: e.address && { id: e.address._id, street: e.address.street, unitNumber: e.address.unit_number }, email: e.email, phone: e.phone, version: e.version }));
}
const sortById = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

describe('the directory pulled', () => {
  it('every role receives the listed members as REST shows them, and no unshared email or phone in any patch', async () => {
    t = await createTestApp();
    const [ray, ben, olivia] = await Promise.all([DEMO.maple.resident2, DEMO.maple.board, DEMO.maple.superadmin].map((e) => signedInClient(t!, e)));
    const compact = await signedInClient(t, DEMO.maple.resident2);
    compact.columns = true;
    const raw = [JSON.stringify((await ray.rawPull()).json), JSON.stringify((await compact.rawPull()).json)];
    for (const c of [ray, ben, olivia]) {
      await c.pull();
      expect(entries(c).length).toBeGreaterThan(3);
      expect(sortById(entries(c))).toEqual(sortById(await restEntries(c.token)));
    }
    // Priya shares her phone only, Julia nothing, Kenji his email only.
    expect(named(ray, 'Priya Shah')).toMatchObject({ email: null, phone: '512-555-0112' });
    expect(named(ray, 'Julia Fischer')).toMatchObject({ email: null, phone: null });
    for (const text of raw) {
      expect(text).toContain('512-555-0112');
      expect(text).not.toContain('priya.shah@maplegrove.test');
      expect(text).not.toContain('julia.fischer@maplegrove.test');
      expect(text).not.toContain('512-555-0116');
    }
    // The demo resident is not listed.
    expect(named(ray, 'Rita Resident')).toBeUndefined();
  });

  it('an opt-in, a change of what is shared, a new phone and an opt-out reach another device by an incremental pull', async () => {
    t = await createTestApp();
    const [rita, ray] = await Promise.all([DEMO.maple.resident, DEMO.maple.resident2].map((e) => signedInClient(t!, e)));
    await ray.pull();

    await optIn(rita.token, { email: false, phone: true });
    const pulled = JSON.stringify((await ray.rawPull()).json);
    expect(pulled).toContain('512-555-0102');
    expect(pulled).not.toContain(DEMO.maple.resident);
    await ray.pull();
    expect(named(ray, 'Rita Resident')).toMatchObject({ id: rita.userId, phone: '512-555-0102', email: null, address: { street: '103 Maple Grove Lane' } });
    expect(ray.lastPatch.map((op) => ('key' in op ? op.key : op.op))).toEqual([`${DIRECTORY_ENTRY_PREFIX}${rita.userId}`]);

    const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, rita.userId));
    await t.write((tx) => updateUser(t!.deps, tx, row, { phone: '512-555-0199' }));
    await ray.pull();
    expect(named(ray, 'Rita Resident')!.phone).toBe('512-555-0199');

    await optIn(rita.token, { email: true, phone: false });
    await ray.pull();
    expect(named(ray, 'Rita Resident')).toMatchObject({ email: DEMO.maple.resident, phone: null });

    await optIn(rita.token, { email: true, phone: false }, false);
    await ray.pull();
    expect(named(ray, 'Rita Resident')).toBeUndefined();
  });

  it('the HOA switch off empties every device’s directory, on brings it back; another HOA’s entries never arrive', async () => {
    t = await createTestApp();
    const [ray, olivia, chris] = await Promise.all([DEMO.maple.resident2, DEMO.maple.superadmin, DEMO.cedar.resident].map((e) => signedInClient(t!, e)));
    for (const c of [ray, olivia, chris]) await c.pull();
    const maple = entries(ray).length;
    const cedar = new Set(entries(chris).map((e) => e.id));
    expect(cedar.size).toBeGreaterThan(0);
    expect(entries(ray).some((e) => cedar.has(e.id))).toBe(false);
    expect(JSON.stringify(entries(chris))).not.toContain('maplegrove');

    expect((await call(t, 'PUT', '/api/directory/settings', { token: olivia.token, body: { enabled: false } })).status).toBe(200);
    for (const c of [ray, olivia, chris]) await c.pull();
    expect(entries(ray)).toEqual([]);
    expect(entries(olivia)).toEqual([]);
    expect(entries(chris).length).toBe(cedar.size);
    // A fresh device receives nothing of it either.
    const fresh = await signedInClient(t, DEMO.maple.board);
    await fresh.pull();
    expect(entries(fresh)).toEqual([]);

    await call(t, 'PUT', '/api/directory/settings', { token: olivia.token, body: { enabled: true } });
    await ray.pull();
    expect(entries(ray).length).toBe(maple);
  });
});
