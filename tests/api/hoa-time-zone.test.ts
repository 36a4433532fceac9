/**
 * The superadmin changes the HOA's time zone after signup (PUT /api/hoa/time-zone),
 * validated as HOA setup validates it; every member's record carries the new zone, and the HOA's
 * today follows it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TIME_ZONE_INVALID, zonedToday } from '../../schema/days';
import { HOA_SETTINGS_MESSAGES } from '../../schema/hoa-settings';
import { hoaToday, hoaTodayForRead } from '../../worker/domain/hoa-days';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const zoneOf = async (token: string) => (await call(t, 'GET', '/api/auth/profile', { token })).json.hoa_time_zone;
const setZone = (token: string, body: unknown) => call(t, 'PUT', '/api/hoa/time-zone', { token, body });

describe("the HOA's time zone setting", () => {
  it('the superadmin changes it; every member of the HOA gets it on their record, and no other HOA changes', async () => {
    const owner = await login(t, DEMO.maple.superadmin);
    const board = await login(t, DEMO.maple.board);
    const resident = await login(t, DEMO.maple.resident);
    const cedar = await login(t, DEMO.cedar.board);
    expect(owner.user.hoa_time_zone).toBe('America/Chicago');

    const r = await setZone(owner.token, { time_zone: 'America/Los_Angeles' });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ time_zone: 'America/Los_Angeles' });
    expect([await zoneOf(owner.token), await zoneOf(board.token), await zoneOf(resident.token)]).toEqual(['America/Los_Angeles', 'America/Los_Angeles', 'America/Los_Angeles']);
    // A session's refresh and a new sign-in carry it too.
    expect((await call(t, 'POST', '/api/auth/refresh', { cookie: board.cookie })).json.user.hoa_time_zone).toBe('America/Los_Angeles');
    expect((await login(t, DEMO.maple.resident)).user.hoa_time_zone).toBe('America/Los_Angeles');
    expect(await zoneOf(cedar.token)).toBe('America/Chicago');
    // The server's "today" follows: 11 pm in Los Angeles is already the next day in Chicago.
    const evening = Date.parse('2026-03-11T06:00:00Z');
    expect(await hoaToday(t.deps.database.db, owner.user.hoa_id, evening)).toBe(zonedToday(evening, 'America/Los_Angeles'));
    expect(zonedToday(evening, 'America/Los_Angeles')).not.toBe(zonedToday(evening, 'America/Chicago'));
  });

  it("the lists' today (the zone kept between reads) follows a change at once", async () => {
    const owner = await login(t, DEMO.maple.superadmin);
    const evening = Date.parse('2026-03-11T06:00:00Z');
    const today = () => hoaTodayForRead(t.deps.database, owner.user.hoa_id, evening);
    expect(await today()).toBe(zonedToday(evening, 'America/Chicago'));
    expect(await today()).toBe(zonedToday(evening, 'America/Chicago'));
    expect((await setZone(owner.token, { time_zone: 'America/Los_Angeles' })).status).toBe(200);
    expect(await today()).toBe(zonedToday(evening, 'America/Los_Angeles'));
  });

  it('refuses board members and residents (403), leaving the zone as it was', async () => {
    const board = await login(t, DEMO.maple.board);
    const resident = await login(t, DEMO.maple.resident);
    for (const who of [board, resident]) {
      const r = await setZone(who.token, { time_zone: 'America/Denver' });
      expect(r.status).toBe(403);
      expect(r.json.message).toBe(HOA_SETTINGS_MESSAGES.superadminOnly);
    }
    expect(await zoneOf(board.token)).toBe('America/Chicago');
    expect((await setZone('', { time_zone: 'America/Denver' })).status).toBe(401);
  });

  it('answers 400 with errors [{path, msg}] for anything but an IANA zone the runtime knows', async () => {
    const owner = await login(t, DEMO.maple.superadmin);
    for (const time_zone of ['Mars/Olympus_Mons', '', 'America/New York', '../etc/passwd', 'x'.repeat(100), 42, null]) {
      const r = await setZone(owner.token, { time_zone });
      expect({ time_zone, status: r.status, errors: r.json.errors }).toEqual({ time_zone, status: 400, errors: [{ path: 'time_zone', msg: TIME_ZONE_INVALID }] });
    }
    expect((await setZone(owner.token, {})).json.errors).toEqual([{ path: 'time_zone', msg: TIME_ZONE_INVALID }]);
    expect(await zoneOf(owner.token)).toBe('America/Chicago');
    // Surrounding spaces are trimmed, as at HOA setup.
    expect((await setZone(owner.token, { time_zone: ' Pacific/Honolulu ' })).json).toEqual({ time_zone: 'Pacific/Honolulu' });
  });
});
