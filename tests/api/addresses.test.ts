import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, directoryCompare } from '../../schema/addresses';
import { addresses } from '../../schema/tables';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';

let t: TestApp;
let board: string;
let hoaId: string;
afterEach(() => t?.close());
beforeEach(async () => {
  t = await createTestApp();
  const b = await login(t, DEMO.maple.board);
  board = b.token;
  hoaId = b.user.hoa_id;
});
const create = (body: unknown) => call(t, 'POST', '/api/addresses', { token: board, body });
const list = async (q = '') => (await call(t, 'GET', `/api/addresses${q}`, { token: board })).json;

describe('addresses', () => {
  it('validates with the spec messages, omits empty unit and notes, refuses the same address twice', async () => {
    expect((await create({})).json.errors).toEqual([{ path: 'street', msg: ADDRESS_MESSAGES.streetRequired }]);
    const bad = await create({ street: 'ab', unit_number: '12345678901', notes: 'x'.repeat(501) });
    expect(bad.json.errors).toEqual([
      { path: 'street', msg: ADDRESS_MESSAGES.streetTooShort },
      { path: 'unit_number', msg: ADDRESS_MESSAGES.unitTooLong },
      { path: 'notes', msg: ADDRESS_MESSAGES.notesTooLong },
    ]);
    const made = await create({ street: ' 12 Oak Row ', unit_number: '', notes: '  ' });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ street: '12 Oak Row', unit_number: null, notes: null, is_rented: false, residents: [] });
    expect((await create({ street: '12 oak row' })).json.errors).toEqual([{ path: 'street', msg: ADDRESS_MESSAGES.duplicate }]);
    expect((await create({ street: '12 Oak Row', unit_number: 'B' })).status).toBe(201);
  });

  it('lists by street name, then house number as a number, then unit', async () => {
    for (const street of ['15 Walnut Row', '113 Hazel Avenue', '200 Aspen Lane', '9 Walnut Row']) expect((await create({ street })).status).toBe(201);
    for (const unit_number of ['10', '2']) expect((await create({ street: '9 Walnut Row', unit_number })).status).toBe(201);
    const mine = new Set(['15 Walnut Row', '113 Hazel Avenue', '200 Aspen Lane', '9 Walnut Row']);
    const shown = (await list('?limit=100')).docs.filter((a: { street: string }) => mine.has(a.street)).map((a: { street: string; unit_number: string | null }) => [a.street, a.unit_number]);
    expect(shown).toEqual([
      ['200 Aspen Lane', null],
      ['113 Hazel Avenue', null],
      ['9 Walnut Row', null],
      ['9 Walnut Row', '2'],
      ['9 Walnut Row', '10'],
      ['15 Walnut Row', null],
    ]);
  });

  it('the paged list (in SQL) and the walking order a round and the board’s devices use (directoryCompare) agree', async () => {
    const tricky: [string, string | null][] = [
      ['15 Willow Way', null],
      ['113 Maple Avenue', null],
      ['9 Willow Way', null],
      ['9 Willow Way', '10'],
      ['9 Willow Way', '2'],
      ['9 Willow Way', 'b'],
      ['9 Willow Way', 'A'],
      ['009 Willow Way', null],
      ['Willow Way', null],
      ['200 birch Lane', null],
      ['200 Birch Lane', '1A'],
      ['12B Oak Row', null],
      ['12 Oak Row', null],
      ['1 Élan Court', null],
      ['1 Zeta Court', null],
    ];
    // Some are the demo's already (a duplicate is refused): the demo's addresses are in the list too.
    for (const [street, unit_number] of tricky) expect([201, 400]).toContain((await create({ street, unit_number })).status);
    const sqlOrder = (await list('?limit=100')).docs.map((a: { _id: string; street: string; unit_number: string | null }) => ({ id: a._id, street: a.street, unitNumber: a.unit_number }));
    expect(sqlOrder.length).toBeGreaterThan(tricky.length);
    expect([...sqlOrder].sort(directoryCompare)).toEqual(sqlOrder);
    const at = (street: string) => sqlOrder.findIndex((a: { street: string }) => a.street === street);
    expect(at('113 Maple Avenue')).toBeLessThan(at('15 Willow Way'));
    expect(at('9 Willow Way')).toBeLessThan(at('15 Willow Way'));
  });

  it('lists by page with the counters; residents shown; edit and delete', async () => {
    const first = await list('?limit=2');
    const [{ total, occupied }] = await t.deps.database.db.all<{ total: number; occupied: number }>(
      sql`SELECT count(*) AS total, sum(EXISTS (SELECT 1 FROM users u WHERE u.address_id = a.id AND u.deleted_at IS NULL)) AS occupied
          FROM addresses a WHERE a.hoa_id = ${hoaId} AND a.deleted_at IS NULL`,
    );
    expect(first).toMatchObject({ page: 1, totalDocs: total, totalPages: Math.ceil(total / 2), hasNextPage: total > 2, statistics: { totalAddresses: total, occupied } });
    expect(first.docs).toHaveLength(2);
    const last = await list(`?limit=2&page=${first.totalPages}`);
    expect(last.hasNextPage).toBe(false);

    const made = (await create({ street: '77 Pine Street', unit_number: '4' })).json;
    const rita = (await call(t, 'GET', '/api/users?search=Rita', { token: board })).json.docs[0];
    await call(t, 'POST', `/api/users/${rita._id}/assign-address`, { token: board, body: { address_id: made._id } });
    const shown = (await call(t, 'GET', `/api/addresses/${made._id}`, { token: board })).json;
    expect(shown.residents).toEqual([{ _id: rita._id, name: 'Rita Resident', email: DEMO.maple.resident, role: 'resident', status: 'active' }]);
    expect((await list()).statistics).toEqual({ totalAddresses: total + 1, occupied });

    const edited = await call(t, 'PUT', `/api/addresses/${made._id}`, { token: board, body: { street: '77 Pine Street', unit_number: '4', is_rented: true, notes: 'Lease to 2027.' } });
    expect(edited.json).toMatchObject({ is_rented: true, notes: 'Lease to 2027.' });
    // Deleted only once no one lives there (tests/api/people.test.ts).
    expect((await call(t, 'DELETE', `/api/addresses/${made._id}`, { token: board })).status).toBe(409);
    await call(t, 'DELETE', `/api/users/${rita._id}/assign-address`, { token: board });
    const gone = await call(t, 'DELETE', `/api/addresses/${made._id}`, { token: board });
    expect(gone.json.message).toBe('Address "77 Pine Street, Unit 4" deleted successfully');
    expect((await call(t, 'GET', `/api/addresses/${made._id}`, { token: board })).status).toBe(404);
  });

  it('another HOA address is a 404 for every call', async () => {
    const cedar = (await login(t, DEMO.cedar.board)).token;
    const theirs = (await call(t, 'GET', '/api/addresses', { token: cedar })).json.docs[0]._id;
    for (const [method, body] of [['GET'], ['PUT', { street: '1 Taken Road' }], ['DELETE']] as const) {
      expect((await call(t, method, `/api/addresses/${theirs}`, { token: board, body })).status).toBe(404);
    }
    expect((await list()).docs.map((a: { _id: string }) => a._id)).not.toContain(theirs);
  });
});

describe('GET /api/addresses?search', () => {
  it('finds any address of the directory, past the first 100, by the address as shown', async () => {
    const now = Date.now();
    const rows = Array.from({ length: 120 }, (_, i) => ({ id: `bulk-${i}`, hoaId, street: `${i + 1} Zinnia Row`, unitNumber: i === 119 ? '4B' : null, isRented: false, createdAt: now, updatedAt: now }));
    await t.write((tx) => tx.insert(addresses).values(rows));
    const first100 = (await list('?limit=100')).docs.map((a: { street: string }) => a.street);
    expect(first100).not.toContain('120 Zinnia Row');
    const found = await list(`?search=${encodeURIComponent('120 zinnia row, unit 4')}`);
    expect(found).toMatchObject({ totalDocs: 1, totalPages: 1, hasNextPage: false });
    expect(found.docs.map((a: { street: string; unit_number: string }) => [a.street, a.unit_number])).toEqual([['120 Zinnia Row', '4B']]);
    const zinnia = await list('?search=Zinnia&limit=100');
    expect(zinnia).toMatchObject({ totalDocs: 120, totalPages: 2, hasNextPage: true });
    // The counters stay the directory's; LIKE's wildcards are taken literally.
    expect(zinnia.statistics.totalAddresses).toBeGreaterThan(120);
    expect((await list('?search=%25')).docs).toEqual([]);
    // Another HOA's addresses are never found.
    const cedar = (await login(t, DEMO.cedar.board)).token;
    expect((await call(t, 'GET', '/api/addresses?search=Zinnia', { token: cedar })).json.docs).toEqual([]);
  });
});
