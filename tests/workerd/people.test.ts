/**
 * People at scale in workerd: an invitation revoked and its member restored from Show deleted, the
 * expired invitations resent (answering how many), an email change confirmed by the link mailed to
 * the new address, and an occupied address refused deletion.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_MESSAGES } from '../../schema/people';
import { call, DEMO, login } from './http';
import { db } from './db';

describe('people in workerd', () => {
  let owner: Awaited<ReturnType<typeof login>>;
  beforeAll(async () => {
    owner = await login(DEMO.maple.superadmin);
  });
  const asOwner = (method: string, path: string, body?: unknown) => call(method, path, { token: owner.token, body });

  it('revokes an invitation, restores the member, resends expired invitations and confirms an email change', async () => {
    const address = (await asOwner('POST', '/api/addresses', { street: '41 Workerd Row' })).json._id as string;
    const invited = await asOwner('POST', '/api/users/invite', { email: 'workerd.people@example.com', role: 'resident', address_id: address });
    const id = invited.json._id as string;
    expect(await asOwner('DELETE', `/api/addresses/${address}`)).toMatchObject({ status: 409, json: { message: PEOPLE_MESSAGES.addressOccupied } });

    expect(await asOwner('DELETE', `/api/users/${id}/invitation`)).toMatchObject({ status: 200, json: { message: PEOPLE_MESSAGES.revoked('workerd.people@example.com') } });
    const deleted = await asOwner('GET', '/api/users/deleted');
    expect(deleted.json.docs.map((d: { _id: string }) => d._id)).toContain(id);
    expect(await asOwner('POST', `/api/users/${id}/restore`)).toMatchObject({ status: 200 });

    const resent = await asOwner('POST', '/api/users/resend-expired');
    expect(resent).toMatchObject({ status: 200, json: { resent: expect.any(Number) } });

    const edited = await asOwner('PUT', `/api/users/${id}`, { name: '', role: 'resident', status: 'invited', email: 'workerd.people.new@example.com', phone: '512-555-0141' });
    expect(edited).toMatchObject({ status: 200, json: { phone: '512-555-0141', email_change_sent_to: 'workerd.people.new@example.com' } });
    // The link itself is followed in tests/api (the local mailer keeps bodies; here the outbox blanks a
    // single-use link once a delivery is tried, which may come before this read).
    const mail = await db.execute({ sql: 'SELECT template FROM email_outbox WHERE to_email = ? ORDER BY created_at DESC LIMIT 1', args: ['workerd.people.new@example.com'] });
    expect(mail.rows.map((r) => r.template)).toEqual(['email-change']);
    expect(await call('POST', '/api/email-change/confirm', { body: { token: 'not-a-token' } })).toMatchObject({ status: 400, json: { message: PEOPLE_MESSAGES.emailChangeInvalid } });
    expect((await asOwner('GET', `/api/users/${id}`)).json.email).toBe('workerd.people@example.com');
  });
});
