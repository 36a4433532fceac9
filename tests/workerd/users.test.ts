/**
 * Users and addresses in workerd: invitation with its mail, activation from the link, bulk add all or
 * nothing, another HOA's address refused, and a deactivated member's token refused on the very next
 * request (the access check reads the user behind the local Hrana server).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login } from './http';
import { db, plantAuthToken } from './db';


describe('users and addresses in workerd', () => {
  // One sign-in for the file: the whole workerd run shares the per-address sign-in limit.
  let owner: Awaited<ReturnType<typeof login>>;
  beforeAll(async () => {
    owner = await login(DEMO.maple.superadmin);
  });

  it('invites, activates from the link, and ends the access of a deactivated member at once', async () => {
    const invited = await call('POST', '/api/users/invite', { token: owner.token, body: { email: 'Workerd.Member@Example.com', role: 'resident' } });
    expect(invited.status).toBe(201);
    expect(invited.json).toMatchObject({ email: 'workerd.member@example.com', status: 'invited' });
    // The invitation mail was queued for them (the link in it is tested in tests/api and e2e).
    const mail = await db.execute({ sql: 'SELECT subject FROM email_outbox WHERE to_email = ?', args: ['workerd.member@example.com'] });
    expect(String(mail.rows[0]?.subject)).toBe("You're invited to Maple Grove HOA");
    const token = await plantAuthToken(invited.json._id, invited.json.hoa_id, 'activation');
    const activated = await call('POST', '/api/auth/activate', { body: { token, name: 'Workerd Member', password: 'Workerd2026' } });
    expect(activated.status).toBe(200);
    const member = activated.json.accessToken as string;
    expect((await call('GET', '/api/auth/profile', { token: member })).json).toMatchObject({ name: 'Workerd Member', status: 'active' });

    const off = await call('PUT', `/api/users/${invited.json._id}`, { token: owner.token, body: { name: 'Workerd Member', role: 'resident', status: 'inactive' } });
    expect(off.json.status).toBe('inactive');
    expect((await call('GET', '/api/auth/profile', { token: member })).status).toBe(401);
    expect((await call('POST', '/api/auth/activate', { body: { token, name: 'Again', password: 'Workerd2026' } })).status).toBe(400);
  });

  it('bulk add is all or nothing; another HOA address is a 404', async () => {
    const rows = [
      { resident_name: 'Workerd Bulk One', resident_email: 'workerd.bulk1@example.com', role: 'resident', street: '900 Workerd Way', is_rented: false },
      { resident_name: 'Workerd Bulk Two', resident_email: 'workerd.bulk1@example.com', role: 'board' },
    ];
    const refused = await call('POST', '/api/users/bulk', { token: owner.token, body: { users: rows } });
    expect(refused.json.errors).toEqual([{ path: 'users[1].resident_email', msg: 'Duplicate email address' }]);
    const none = await db.execute("SELECT count(*) AS n FROM users WHERE email LIKE 'workerd.bulk%'");
    expect(Number(none.rows[0].n)).toBe(0);
    rows[1].resident_email = 'workerd.bulk2@example.com';
    const made = await call('POST', '/api/users/bulk', { token: owner.token, body: { users: rows } });
    expect(made.json).toMatchObject({ usersCreated: 2, addressesCreated: 1, message: 'Successfully created 2 users and 1 addresses' });

    const cedarAddress = await db.execute("SELECT a.id FROM addresses a JOIN hoas h ON h.id = a.hoa_id WHERE h.name = 'Cedar Park HOA' LIMIT 1");
    const rita = (await call('GET', '/api/users?search=Rita', { token: owner.token })).json.docs[0]._id;
    const foreign = await call('POST', `/api/users/${rita}/assign-address`, { token: owner.token, body: { address_id: String(cedarAddress.rows[0].id) } });
    expect(foreign.status).toBe(404);
    const list = await call('GET', '/api/addresses?limit=100', { token: owner.token });
    expect(list.json.docs.find((a: { street: string }) => a.street === '900 Workerd Way')?.residents.map((r: { name: string }) => r.name)).toEqual(['Workerd Bulk One']);
  });
});
