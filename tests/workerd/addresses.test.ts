/**
 * The address directory and the rest of user management in workerd: an address created with the
 * spec's message for an invalid one, shown, edited and deleted; a member invited, invited again,
 * given and relieved of an address, then deleted; another HOA's address a 404 for every call, and
 * residents refused. (Invitation, bulk add and deactivation: users.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES } from '../../schema/addresses';
import { call, DEMO, login } from './http';
import { db } from './db';

describe('addresses and members in workerd', () => {
  // One sign-in each for the file: the whole workerd run shares the per-address sign-in limit.
  let owner: Awaited<ReturnType<typeof login>>, rita: typeof owner;
  beforeAll(async () => {
    [owner, rita] = await Promise.all([login(DEMO.maple.superadmin), login(DEMO.maple.resident)]);
  });
  const asOwner = (method: string, path: string, body?: unknown) => call(method, path, { token: owner.token, body });

  it('creates, shows, edits and deletes an address; a member is invited again, housed, moved out and deleted', async () => {
    expect((await asOwner('POST', '/api/addresses', { street: 'ab' })).json.errors).toEqual([{ path: 'street', msg: ADDRESS_MESSAGES.streetTooShort }]);
    const made = await asOwner('POST', '/api/addresses', { street: ' 31 Workerd Close ', unit_number: '2' });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ street: '31 Workerd Close', unit_number: '2', is_rented: false, residents: [] });
    const address = made.json._id as string;

    const invited = await asOwner('POST', '/api/users/invite', { email: 'workerd.tenant@example.com', role: 'resident' });
    const member = invited.json._id as string;
    expect(await asOwner('POST', `/api/users/${member}/resend-invite`)).toMatchObject({ status: 200, json: { message: 'Invitation resent successfully' } });
    const mails = await db.execute({ sql: 'SELECT COUNT(*) AS n FROM email_outbox WHERE to_email = ?', args: ['workerd.tenant@example.com'] });
    expect(Number(mails.rows[0].n)).toBe(2);

    expect((await asOwner('POST', `/api/users/${member}/assign-address`, { address_id: address })).json).toMatchObject({ address_id: address, message: 'User assigned successfully' });
    expect((await asOwner('GET', `/api/addresses/${address}`)).json.residents.map((r: { _id: string }) => r._id)).toEqual([member]);
    expect((await asOwner('GET', `/api/users/${member}`)).json).toMatchObject({ _id: member, email: 'workerd.tenant@example.com', status: 'invited', address_id: address });
    expect((await asOwner('DELETE', `/api/users/${member}/assign-address`)).json).toMatchObject({ address_id: null, message: 'User unassigned successfully' });

    const edited = await asOwner('PUT', `/api/addresses/${address}`, { street: '31 Workerd Close', unit_number: '2', is_rented: true, notes: 'Let until 2027.' });
    expect(edited.json).toMatchObject({ is_rented: true, notes: 'Let until 2027.' });
    expect((await asOwner('DELETE', `/api/addresses/${address}`)).json.message).toBe('Address "31 Workerd Close, Unit 2" deleted successfully');
    expect((await asOwner('GET', `/api/addresses/${address}`)).status).toBe(404);

    expect((await asOwner('DELETE', `/api/users/${member}`)).status).toBe(200);
    expect((await asOwner('GET', `/api/users/${member}`)).status).toBe(404);
  });

  it("refuses another HOA's address for every call, and residents", async () => {
    const cedar = await db.execute("SELECT a.id FROM addresses a JOIN hoas h ON h.id = a.hoa_id WHERE h.name = 'Cedar Park HOA' AND a.deleted_at IS NULL LIMIT 1");
    const theirs = String(cedar.rows[0].id);
    for (const [method, body] of [['GET'], ['PUT', { street: '1 Taken Road' }], ['DELETE']] as const) {
      expect((await asOwner(method, `/api/addresses/${theirs}`, body)).status).toBe(404);
    }
    expect((await call('POST', '/api/addresses', { token: rita.token, body: { street: '9 Resident Way' } })).status).toBe(403);
    expect((await call('DELETE', `/api/users/${owner.user._id}`, { token: rita.token })).status).toBe(403);
  });
});
