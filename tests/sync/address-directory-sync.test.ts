/**
 * The address directory through sync: board and superadmin receive their HOA's live addresses, each
 * with its residents (every member not deleted, with their status) by name, as the REST directory
 * lists and counts them; a resident receives none; a member who moves re-sends the
 * address they left and the one they moved to, a rename re-sends where they live, and a deleted
 * address leaves the cache. A round started from the cached directory has the server's stops; a
 * violation recorded at one goes to its first active resident.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { directoryCompare } from '../../schema/addresses';
import { roundStopsOf, stopRecipient } from '../../schema/inspections';
import { addresses, users } from '../../schema/tables';
import type { SyncedDirectoryAddress } from '../../sync/areas/addresses';
import { updateUser } from '../../worker/domain/users';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO } from '../helpers/http';
import { signedInClient, type SyncTestClient } from './client';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

const directoryOf = (c: SyncTestClient) => c.values<SyncedDirectoryAddress>('address/');
const entry = (c: SyncTestClient, id: string) => c.data.get(`address/${id}`) as SyncedDirectoryAddress | undefined;

describe('the address directory pulled', () => {
  it('board and superadmin receive their HOA’s live addresses with the residents and Occupied the REST directory gives; a resident receives none', async () => {
    t = await createTestApp();
    const [ben, olivia, rita, cedar] = await Promise.all([DEMO.maple.board, DEMO.maple.superadmin, DEMO.maple.resident, DEMO.cedar.board].map((e) => signedInClient(t!, e)));
    for (const c of [ben, olivia, rita, cedar]) await c.pull();

    const db = t.deps.database.db;
    const live = await db.select().from(addresses).where(and(eq(addresses.hoaId, ben.hoaId), isNull(addresses.deletedAt)));
    expect(directoryOf(ben).map((a) => a.id).sort()).toEqual(live.map((a) => a.id).sort());
    expect(directoryOf(olivia)).toEqual(directoryOf(ben));
    expect(directoryOf(rita)).toEqual([]);
    expect(directoryOf(cedar).some((a) => live.some((l) => l.id === a.id))).toBe(false);

    const members = await db.select().from(users).where(and(eq(users.hoaId, ben.hoaId), isNull(users.deletedAt)));
    const rest = await call(t, 'GET', '/api/addresses?limit=100', { token: ben.token });
    expect(rest.json.totalPages).toBe(1);
    for (const a of directoryOf(ben)) {
      const row = live.find((l) => l.id === a.id)!;
      expect(a).toMatchObject({ street: row.street, unitNumber: row.unitNumber, line: row.unitNumber ? `${row.street}, Unit ${row.unitNumber}` : row.street });
      const here = members.filter((u) => u.addressId === a.id);
      expect(a.residents.map((r) => [r.id, r.status]).sort()).toEqual(here.map((u) => [u.id, u.status]).sort());
      expect(a.residents.map((r) => r.name.toLowerCase())).toEqual(a.residents.map((r) => r.name.toLowerCase()).sort());
      const restAddress = rest.json.docs.find((d: { _id: string }) => d._id === a.id);
      expect(a.residents.map((r) => r.id).sort()).toEqual(restAddress.residents.map((r: { _id: string }) => r._id).sort());
    }
    // The demo HOA has invited and deactivated members at their addresses: the one rule is tested on them.
    expect(directoryOf(ben).some((a) => a.residents.some((r) => r.status !== 'active'))).toBe(true);
    expect(directoryOf(ben).filter((a) => a.residents.length > 0).length).toBe(rest.json.statistics.occupied);
  });

  it('a member who moves re-sends both addresses; a rename re-sends where they live; a deleted address leaves the cache', async () => {
    t = await createTestApp();
    const ben = await signedInClient(t, DEMO.maple.board);
    const rita = await signedInClient(t, DEMO.maple.resident);
    await ben.pull();
    const home = directoryOf(ben).find((a) => a.residents.some((r) => r.id === rita.userId))!;
    expect(home).toBeDefined();
    const made = await call(t, 'POST', '/api/addresses', { token: ben.token, body: { street: '7 Lantern Lane', unit_number: '2' } });
    expect(made.status).toBe(201);
    await ben.pull();
    expect(entry(ben, made.json._id)).toMatchObject({ line: '7 Lantern Lane, Unit 2', residents: [] });

    expect((await call(t, 'POST', `/api/users/${rita.userId}/assign-address`, { token: ben.token, body: { address_id: made.json._id } })).status).toBe(200);
    await ben.pull();
    expect(entry(ben, made.json._id)!.residents).toEqual([{ id: rita.userId, name: 'Rita Resident', status: 'active' }]);
    expect(entry(ben, home.id)!.residents.some((r) => r.id === rita.userId)).toBe(false);

    await t.write((tx) => updateUser(t!.deps, tx, { id: rita.userId, hoaId: ben.hoaId }, { name: 'Rita R. Resident' }));
    await ben.pull();
    expect(entry(ben, made.json._id)!.residents).toEqual([{ id: rita.userId, name: 'Rita R. Resident', status: 'active' }]);

    // Deactivated: still living there (Inactive), so a new round's stop names her, but a violation recorded there goes to no one.
    await t.write((tx) => updateUser(t!.deps, tx, { id: rita.userId, hoaId: ben.hoaId }, { status: 'inactive' }));
    await ben.pull();
    expect(entry(ben, made.json._id)!.residents).toEqual([{ id: rita.userId, name: 'Rita R. Resident', status: 'inactive' }]);
    const [stop] = roundStopsOf('r', [entry(ben, made.json._id)!]);
    expect(stop.residents).toEqual([{ id: rita.userId, name: 'Rita R. Resident', status: 'inactive' }]);
    expect(stopRecipient(stop)).toBeNull();

    // She still lives there: the address is not deleted until she moves out.
    expect((await call(t, 'DELETE', `/api/addresses/${made.json._id}`, { token: ben.token })).status).toBe(409);
    expect((await call(t, 'DELETE', `/api/users/${rita.userId}/assign-address`, { token: ben.token })).status).toBe(200);
    await ben.pull();
    expect(entry(ben, made.json._id)!.residents).toEqual([]);
    expect((await call(t, 'DELETE', `/api/addresses/${made.json._id}`, { token: ben.token })).status).toBe(200);
    await ben.pull();
    expect(entry(ben, made.json._id)).toBeUndefined();
  });

  it('an invitation to an address lists the invited member among its residents at once', async () => {
    t = await createTestApp();
    const ben = await signedInClient(t, DEMO.maple.board);
    const made = await call(t, 'POST', '/api/addresses', { token: ben.token, body: { street: '8 Lantern Lane' } });
    await ben.pull();
    expect(entry(ben, made.json._id)).toMatchObject({ residents: [], isRented: false, notes: null, boardIds: [] });
    await call(t, 'POST', '/api/users/invite', { token: ben.token, body: { email: 'lantern@example.com', role: 'resident', address_id: made.json._id } });
    await ben.pull();
    expect(entry(ben, made.json._id)!.residents).toEqual([expect.objectContaining({ status: 'invited' })]);
  });

  it('a round started from the cached directory has the stops the server builds', async () => {
    t = await createTestApp();
    const ben = await signedInClient(t, DEMO.maple.board);
    await ben.pull();
    const id = crypto.randomUUID();
    const predicted = roundStopsOf(id, directoryOf(ben));
    await ben.push([ben.mutation('startInspectionRound', { id, title: 'Directory check', date: '2026-11-21' })]);
    await ben.pull();
    const stops = ben.values<{ id: string; roundId: string; position: number; address: { id: string; street: string; unitNumber: string | null }; residents: unknown[] }>('inspectionStop/').filter((s) => s.roundId === id);
    expect(stops.map((s) => ({ id: s.id, position: s.position, street: s.address.street, unitNumber: s.address.unitNumber, residents: s.residents })).sort((a, b) => a.position - b.position)).toEqual(
      predicted.map((p) => ({ id: p.id, position: p.position, street: p.street, unitNumber: p.unitNumber, residents: p.residents })),
    );
    expect([...directoryOf(ben)].sort(directoryCompare).map((a) => a.id)).toEqual(predicted.map((p) => p.addressId));
  });
});
