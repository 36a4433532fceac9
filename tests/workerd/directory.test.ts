/**
 * The resident directory in workerd (Cedar Park, which no other file lists): a resident lists
 * himself sharing his email only; the superadmin reads him by REST and by a pull with no phone
 * field filled; the superadmin turns the directory off (404 with the message, no opt-ins), then on.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_MESSAGES } from '../../schema/directory';
import { DIRECTORY_ENTRY_PREFIX, type SyncedDirectoryEntry } from '../../sync/areas/directory';
import { SyncTestClient } from '../sync/client';
import { call, DEMO, login, workerApp } from './http';

describe('the resident directory in workerd', () => {
  // One sign-in each for the file: the whole workerd run shares the per-address sign-in limit.
  let carl: Awaited<ReturnType<typeof login>>, chris: typeof carl;
  beforeAll(async () => {
    [carl, chris] = await Promise.all([login(DEMO.cedar.superadmin), login(DEMO.cedar.resident)]);
  });
  const listing = (body: Record<string, boolean>) => call('PUT', '/api/directory/me', { token: chris.token, body });

  it('lists a member with only the fields he shares, by REST and by sync; the switch off answers 404', async () => {
    expect((await listing({ listed: true, share_email: true, share_phone: false })).json).toEqual({ listed: true, share_email: true, share_phone: false, enabled: true });
    const rest = await call('GET', '/api/directory', { token: carl.token });
    expect(rest.status).toBe(200);
    expect(rest.json.residents.find((r: { _id: string }) => r._id === chris.user._id)).toMatchObject({ name: 'Chris Resident', email: DEMO.cedar.resident, phone: null });

    const device = new SyncTestClient(workerApp, carl.token);
    await device.pull();
    expect(device.data.get(`${DIRECTORY_ENTRY_PREFIX}${chris.user._id}`) as SyncedDirectoryEntry).toMatchObject({ email: DEMO.cedar.resident, phone: null });

    expect((await call('PUT', '/api/directory/settings', { token: chris.token, body: { enabled: false } })).status).toBe(403);
    expect((await call('PUT', '/api/directory/settings', { token: carl.token, body: { enabled: false } })).json).toEqual({ enabled: false });
    const off = await call('GET', '/api/directory', { token: chris.token });
    expect(off).toMatchObject({ status: 404, json: { message: DIRECTORY_MESSAGES.turnedOff } });
    expect((await listing({ listed: false, share_email: false, share_phone: false })).status).toBe(404);
    await device.pull();
    expect(device.keys(DIRECTORY_ENTRY_PREFIX)).toEqual([]);

    expect((await call('PUT', '/api/directory/settings', { token: carl.token, body: { enabled: true } })).json).toEqual({ enabled: true });
    expect((await listing({ listed: false, share_email: false, share_phone: false })).status).toBe(200);
  });
});
