/**
 * The resident directory API: no one is listed until they opt in; the listed, active members of the
 * caller's HOA by name, each with only the contact fields they chose to share; the superadmin turns
 * the directory off for the HOA (the board may not), and then it answers 404 and takes no opt-ins.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIRECTORY_MESSAGES, directoryPolicy } from '../../schema/directory';
import { users } from '../../schema/tables';
import type { ApiDirectoryEntry } from '../../sync/areas/directory';
import { updateUser } from '../../worker/domain/users';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';

let t: TestApp;
let rita: string;
let ray: string;
let ben: string;
let olivia: string;
let chris: string;

beforeEach(async () => {
  t = await createTestApp();
  [rita, ray, ben, olivia, chris] = (await Promise.all([DEMO.maple.resident, DEMO.maple.resident2, DEMO.maple.board, DEMO.maple.superadmin, DEMO.cedar.resident].map((e) => login(t, e)))).map((s) => s.token);
});
afterEach(() => t.close());

const directory = async (token: string): Promise<ApiDirectoryEntry[]> => {
  const r = await call(t, 'GET', '/api/directory', { token });
  expect(r.status).toBe(200);
  return r.json.residents;
};
const byName = (rows: ApiDirectoryEntry[], name: string) => rows.find((r) => r.name === name);
const optIn = (token: string, body: Record<string, unknown>) => call(t, 'PUT', '/api/directory/me', { token, body });
const switchTo = (token: string, enabled: boolean) => call(t, 'PUT', '/api/directory/settings', { token, body: { enabled } });

describe('opting in', () => {
  it('lists no one who has not opted in: the demo resident starts unlisted, off by default', async () => {
    const me = await call(t, 'GET', '/api/directory/me', { token: rita });
    expect(me.json).toEqual({ listed: false, share_email: false, share_phone: false, enabled: true });
    const rows = await directory(ray);
    expect(rows.length).toBeGreaterThan(3);
    expect(byName(rows, 'Rita Resident')).toBeUndefined();
    // By name, case-blind.
    expect(rows.map((r) => r._id)).toEqual(rows.map((r) => ({ id: r._id, name: r.name })).sort(directoryPolicy.compare).map((r) => r.id));
  });

  it('shows a member who opts in with only the fields she shares', async () => {
    const saved = await optIn(rita, { listed: true, share_email: false, share_phone: true });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ listed: true, share_email: false, share_phone: true, enabled: true });
    const entry = byName(await directory(ray), 'Rita Resident')!;
    expect(entry).toMatchObject({ name: 'Rita Resident', phone: '512-555-0102', email: null, address: { street: '103 Maple Grove Lane', unit_number: null } });
    expect(JSON.stringify(entry)).not.toContain(DEMO.maple.resident);

    await optIn(rita, { listed: true, share_email: true, share_phone: false });
    expect(byName(await directory(ray), 'Rita Resident')).toMatchObject({ email: DEMO.maple.resident, phone: null });
    await optIn(rita, { listed: false, share_email: true, share_phone: false });
    expect(byName(await directory(ray), 'Rita Resident')).toBeUndefined();
  });

  it('never shows an unshared field of the seeded neighbours', async () => {
    const rows = await directory(ray);
    expect(byName(rows, 'Priya Shah')).toMatchObject({ email: null, phone: '512-555-0112' });
    expect(byName(rows, 'Julia Fischer')).toMatchObject({ email: null, phone: null });
    expect(byName(rows, 'Grace Hall')).toMatchObject({ email: 'grace.hall@maplegrove.test', phone: '512-555-0110' });
  });

  it('refuses a body without every choice as booleans with 400 errors:[{path,msg}]', async () => {
    for (const body of [{ listed: true }, { listed: 'yes', share_email: false, share_phone: false }]) {
      const r = await optIn(rita, body);
      expect(r.status).toBe(400);
      expect(r.json.errors.length).toBeGreaterThan(0);
      expect(r.json.errors[0]).toHaveProperty('path');
    }
    expect((await call(t, 'GET', '/api/directory/me', { token: rita })).json.listed).toBe(false);
  });

  it('lists active members only: a deactivated or deleted member leaves the directory', async () => {
    const [grace] = await t.deps.database.db.select().from(users).where(eq(users.email, 'grace.hall@maplegrove.test'));
    expect(byName(await directory(ray), 'Grace Hall')).toBeDefined();
    await t.write((tx) => updateUser(t.deps, tx, grace, { status: 'inactive' }));
    expect(byName(await directory(ray), 'Grace Hall')).toBeUndefined();
  });
});

describe('the HOA switch', () => {
  it('the board may not turn it off (403); the superadmin does: 404 with the message, no opt-ins, another HOA untouched', async () => {
    expect((await switchTo(ben, false)).status).toBe(403);
    expect((await switchTo(rita, false)).status).toBe(403);
    const off = await switchTo(olivia, false);
    expect(off.status).toBe(200);
    expect(off.json).toEqual({ enabled: false });

    for (const token of [ray, ben, olivia]) {
      const r = await call(t, 'GET', '/api/directory', { token });
      expect(r.status).toBe(404);
      expect(r.json.message).toBe(DIRECTORY_MESSAGES.turnedOff);
    }
    expect((await optIn(rita, { listed: true, share_email: false, share_phone: true })).status).toBe(404);
    expect((await call(t, 'GET', '/api/directory/me', { token: rita })).json).toMatchObject({ listed: false, enabled: false });
    expect((await call(t, 'GET', '/api/directory/settings', { token: ray })).json).toEqual({ enabled: false });
    expect((await directory(chris)).length).toBeGreaterThan(0);

    expect((await switchTo(olivia, true)).json).toEqual({ enabled: true });
    expect(byName(await directory(ray), 'Grace Hall')).toBeDefined();
  });
});

describe('another HOA', () => {
  it('never shows another HOA’s members, whoever asks', async () => {
    await optIn(rita, { listed: true, share_email: true, share_phone: true });
    const cedar = await directory(chris);
    expect(cedar.map((r) => r.name)).toContain('Victor Mendes');
    expect(JSON.stringify(cedar)).not.toContain('maplegrove');
    expect(JSON.stringify(await directory(ray))).not.toContain('cedarpark');
    // Cedar's superadmin switching its own directory leaves Maple Grove's on.
    const carl = (await login(t, DEMO.cedar.superadmin)).token;
    await switchTo(carl, false);
    expect((await call(t, 'GET', '/api/directory', { token: chris })).status).toBe(404);
    expect(byName(await directory(ray), 'Rita Resident')).toBeDefined();
  });
});
