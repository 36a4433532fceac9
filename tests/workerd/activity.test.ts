/**
 * The activity trail in workerd: a settings change recorded in its own transaction with the device
 * the request named, read back newest first, filtered, exported as CSV; the seeded trail of the HOA
 * only; residents 403 on the HOA's trail and their own account's entries under /mine.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiActivity } from '../../schema/activity';
import { call, DEMO, login } from './http';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('activity trail in workerd', () => {
  let carl: Awaited<ReturnType<typeof login>>;
  let chris: Awaited<ReturnType<typeof login>>;
  beforeAll(async () => {
    [carl, chris] = [await login(DEMO.cedar.superadmin), await login(DEMO.cedar.resident)];
  });

  it('records a change with its device, lists, filters and exports it; residents read only their own', async () => {
    const fees = (mode: string) => call('PUT', '/api/hoa/processing-fees', { token: carl.token, body: { processing_fees: mode }, headers: { 'user-agent': ANDROID } });
    const before = (await call('GET', '/api/hoa/processing-fees', { token: carl.token })).json.processing_fees;
    const other = before === 'absorbed' ? 'passed_on' : 'absorbed';
    expect((await fees(other)).status).toBe(200);
    expect((await fees(before)).status).toBe(200);

    const list = await call('GET', '/api/activity?kind=settings&limit=5', { token: carl.token });
    expect(list.status).toBe(200);
    const [back, there] = list.json.docs as ApiActivity[];
    expect(there).toMatchObject({ action: 'settings.processing_fees', actor: { name: 'Carl Owner' }, before: { processing_fees: before }, after: { processing_fees: other }, device: 'Chrome on Android' });
    expect(back).toMatchObject({ before: { processing_fees: other }, after: { processing_fees: before } });

    const all = await call('GET', '/api/activity?limit=100', { token: carl.token });
    expect(all.json.docs.length).toBeGreaterThan(10);
    const csv = await call('GET', '/api/activity/export?kind=settings', { token: carl.token });
    expect(csv.status).toBe(200);
    expect(String(csv.json).split('\r\n')[0]).toBe('Time,Actor,Kind,Action,Summary,Entity,Entity ID,Before,After,Device,Client group');

    expect((await call('GET', '/api/activity', { token: chris.token })).status).toBe(403);
    const mine = await call('GET', '/api/activity/mine', { token: chris.token });
    expect(mine.status).toBe(200);
    expect((mine.json.docs as ApiActivity[]).map((d) => d.action)).toEqual(expect.arrayContaining(['user.invited']));
  });
});
