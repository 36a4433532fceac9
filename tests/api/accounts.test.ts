/**
 * One person, several HOAs (docs/decisions/241-one-account-several-hoas.md): an invitation to an
 * email that signs in elsewhere is accepted with that account (signed in, or with its password), the
 * sign-in offers the account's HOAs, a switch moves the session, the password is the account's, and
 * no session, pull or answer of one HOA carries a row of the other.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../schema/auth';
import { emailOutbox, users } from '../../schema/tables';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, DEMO_PASSWORD, login, refreshCookie } from '../helpers/http';
import { idsOfHoa, leakedIds as leaks } from '../helpers/tenant-ids';
import { SyncTestClient } from '../sync/client';

let t: TestApp;
afterEach(() => t?.close());
beforeEach(async () => {
  t = await createTestApp();
});

const chris = DEMO.cedar.resident;
const hoaOf = async (email: string) => (await login(t, email)).user.hoa_id as string;
/** The link of the newest invitation mailed to `email`. */
async function invitationLink(email: string): Promise<{ token: string; text: string }> {
  const [mail] = await t.deps.database.db
    .select({ text: emailOutbox.text })
    .from(emailOutbox)
    .where(and(eq(sql`lower(${emailOutbox.toEmail})`, email), eq(emailOutbox.template, 'invitation')))
    .orderBy(desc(emailOutbox.createdAt), desc(sql`rowid`))
    .limit(1);
  return { token: decodeURIComponent(/\/invite\/accept\?token=([^\s"&<]+)/.exec(mail.text)![1]), text: mail.text };
}
/** Maple's owner invites `email` with `role`; the invitation's token. */
async function mapleInvites(email: string, role = 'board') {
  const owner = (await login(t, DEMO.maple.superadmin)).token;
  expect((await call(t, 'POST', '/api/users/invite', { token: owner, body: { email, role } })).status).toBe(201);
  return (await invitationLink(email)).token;
}
const signIn = (email: string, password = DEMO_PASSWORD, hoa_id?: string) => call(t, 'POST', '/api/auth/login', { body: { email, password, ...(hoa_id ? { hoa_id } : {}) }, ip: `10.9.${Math.floor(Math.random() * 250)}.1` });

/** What a pull gave, as text: its keys and values. */
const pulledText = (c: SyncTestClient) => JSON.stringify([...c.data.entries()]);

describe('an invitation to someone who signs in elsewhere', () => {
  it('is accepted signed in, with no second password; the session moves to the new HOA and the old one ends', async () => {
    const cedarId = await hoaOf(chris);
    const token = await mapleInvites(chris);
    expect((await invitationLink(chris)).text).toContain('Accept Invitation');

    const info = await call(t, 'GET', `/api/auth/invitation?token=${encodeURIComponent(token)}`);
    expect(info).toMatchObject({ status: 200, json: { email: chris, has_account: true, hoa_name: expect.stringContaining('Maple') } });
    // A new password would split the account: the activation form refuses and says what to do.
    const activate = await call(t, 'POST', '/api/auth/activate', { body: { token, name: 'Someone', password: 'Another123' } });
    expect(activate).toMatchObject({ status: 409, json: { message: AUTH_MESSAGES.invitationHasAccount } });

    // Another account cannot take it.
    const rita = await login(t, DEMO.maple.resident);
    expect(await call(t, 'POST', '/api/auth/join', { token: rita.token, body: { token } })).toMatchObject({ status: 403, json: { message: AUTH_MESSAGES.invitationForAnotherEmail } });

    const before = await login(t, chris);
    const joined = await call(t, 'POST', '/api/auth/join', { token: before.token, body: { token } });
    expect(joined.status).toBe(200);
    expect(joined.json.user).toMatchObject({ email: chris, role: 'board', status: 'active', name: before.user.name, hoa_count: 2 });
    expect(joined.json.user.hoa_id).not.toBe(cedarId);
    expect(refreshCookie(joined.headers)).toBeDefined();
    // The Cedar session ended with the switch; the link is spent.
    expect((await call(t, 'GET', '/api/auth/profile', { token: before.token })).status).toBe(401);
    expect(await call(t, 'POST', '/api/auth/join', { token: joined.json.accessToken, body: { token } })).toMatchObject({ status: 400 });
    // Maple's trail records the new member's arrival.
    const trail = await call(t, 'GET', '/api/activity', { token: (await login(t, DEMO.maple.superadmin)).token });
    expect(JSON.stringify(trail.json)).toContain(`${before.user.name} activated their account`);
  });

  it('is accepted with the account’s password when not signed in; a wrong one is refused and counted', async () => {
    const token = await mapleInvites(chris, 'resident');
    expect(await call(t, 'POST', '/api/auth/join/sign-in', { body: { token, password: 'WrongPass1' } })).toMatchObject({ status: 401, json: { message: AUTH_MESSAGES.invalidCredentials } });
    expect(await call(t, 'POST', '/api/auth/join/sign-in', { body: { token } })).toMatchObject({ status: 400, json: { errors: [{ path: 'password' }] } });
    const joined = await call(t, 'POST', '/api/auth/join/sign-in', { body: { token, password: DEMO_PASSWORD } });
    expect(joined).toMatchObject({ status: 200, json: { user: { email: chris, role: 'resident', status: 'active' } } });
  });

  it('lets a superadmin own two HOAs', async () => {
    const cedarOwner = (await login(t, DEMO.cedar.superadmin)).token;
    expect((await call(t, 'POST', '/api/users/invite', { token: cedarOwner, body: { email: DEMO.maple.superadmin, role: 'superadmin' } })).status).toBe(201);
    const { token } = await invitationLink(DEMO.maple.superadmin);
    const olivia = await login(t, DEMO.maple.superadmin);
    const joined = await call(t, 'POST', '/api/auth/join', { token: olivia.token, body: { token } });
    expect(joined.json.user).toMatchObject({ role: 'superadmin', hoa_count: 2 });
    const list = await call(t, 'GET', '/api/auth/memberships', { token: joined.json.accessToken });
    expect(list.json.memberships.map((m: { role: string; current: boolean }) => [m.role, m.current]).sort()).toEqual([
      ['superadmin', false],
      ['superadmin', true],
    ]);
  });
});

describe('an account in two HOAs', () => {
  /** Chris (Cedar resident) joins Maple as a board member; the two HOAs' ids. */
  async function chrisInBoth() {
    const cedarId = await hoaOf(chris);
    const token = await mapleInvites(chris);
    const signedIn = (await login(t, chris)).token;
    // Joined a moment after the last sign-in to Cedar: Maple is the HOA used last.
    t.clock.advance(1_000);
    const joined = await call(t, 'POST', '/api/auth/join', { token: signedIn, body: { token } });
    return { cedarId, mapleId: joined.json.user.hoa_id as string };
  }

  it('signs in to the HOA used last and lists both; hoa_id picks one; a switch moves the session', async () => {
    const { cedarId, mapleId } = await chrisInBoth();
    const first = await signIn(chris);
    expect(first.json.user.hoa_id).toBe(mapleId);
    expect(first.json.memberships.map((m: { hoa_id: string; current: boolean }) => [m.hoa_id, m.current]).sort()).toEqual(
      [
        [cedarId, false],
        [mapleId, true],
      ].sort(),
    );
    expect((await signIn(chris, DEMO_PASSWORD, cedarId)).json.user).toMatchObject({ hoa_id: cedarId, role: 'resident' });
    // An HOA the account is not in answers as a wrong password does.
    expect((await signIn(chris, DEMO_PASSWORD, 'no-such-hoa')).status).toBe(401);
    // One HOA's members sign in without a list.
    expect((await signIn(DEMO.maple.board)).json.memberships).toBeUndefined();

    const maple = first.json.accessToken as string;
    const switched = await call(t, 'POST', '/api/auth/switch', { token: maple, body: { hoa_id: cedarId } });
    expect(switched).toMatchObject({ status: 200, json: { user: { hoa_id: cedarId, role: 'resident' } } });
    expect((await call(t, 'GET', '/api/auth/profile', { token: maple })).status).toBe(401);
    const cedar = switched.json.accessToken as string;
    expect(await call(t, 'POST', '/api/auth/switch', { token: cedar, body: { hoa_id: 'no-such-hoa' } })).toMatchObject({ status: 404, json: { message: AUTH_MESSAGES.hoaNotFound } });
    expect(await call(t, 'POST', '/api/auth/switch', { token: cedar, body: {} })).toMatchObject({ status: 400, json: { errors: [{ path: 'hoa_id' }] } });
    expect(await call(t, 'POST', '/api/auth/switch', { body: { hoa_id: mapleId } })).toMatchObject({ status: 401 });
  });

  it('has one password: a change in one HOA is the password of both, and ends the other devices in both', async () => {
    const { cedarId, mapleId } = await chrisInBoth();
    const inMaple = await signIn(chris, DEMO_PASSWORD, mapleId);
    const inCedar = await signIn(chris, DEMO_PASSWORD, cedarId);
    const changed = await call(t, 'PUT', '/api/auth/change-password', { token: inCedar.json.accessToken, body: { currentPassword: DEMO_PASSWORD, newPassword: 'Fresh4567' } });
    expect(changed.status).toBe(200);
    expect((await signIn(chris, DEMO_PASSWORD, mapleId)).status).toBe(401);
    expect((await signIn(chris, 'Fresh4567', mapleId)).json.user.hoa_id).toBe(mapleId);
    expect((await call(t, 'GET', '/api/auth/profile', { token: inMaple.json.accessToken })).status).toBe(401);
    expect((await call(t, 'GET', '/api/auth/profile', { token: inCedar.json.accessToken })).status).toBe(200);
  });

  it('a membership the board deactivates leaves the other: sign-in opens the other HOA, a switch to it is 404', async () => {
    const { cedarId, mapleId } = await chrisInBoth();
    const owner = (await login(t, DEMO.maple.superadmin)).token;
    const [row] = await t.deps.database.db.select().from(users).where(and(eq(users.hoaId, mapleId), eq(users.email, chris)));
    expect((await call(t, 'PUT', `/api/users/${row.id}`, { token: owner, body: { name: row.name, role: row.role, status: 'inactive' } })).status).toBe(200);
    const signedIn = await signIn(chris);
    expect(signedIn.json.user.hoa_id).toBe(cedarId);
    expect(signedIn.json.memberships).toBeUndefined();
    expect((await call(t, 'POST', '/api/auth/switch', { token: signedIn.json.accessToken, body: { hoa_id: mapleId } })).status).toBe(404);
  });

  it('never carries a row of one HOA in the other’s session, answers or pull', async () => {
    const { cedarId, mapleId } = await chrisInBoth();
    const [mapleIds, cedarIds] = [await idsOfHoa(t.deps.database.db, mapleId), await idsOfHoa(t.deps.database.db, cedarId)];
    const inMaple = (await signIn(chris, DEMO_PASSWORD, mapleId)).json.accessToken as string;
    const inCedar = (await signIn(chris, DEMO_PASSWORD, cedarId)).json.accessToken as string;
    const maple = new SyncTestClient(t, inMaple);
    const cedar = new SyncTestClient(t, inCedar);
    await maple.pull();
    await cedar.pull();
    expect(maple.data.size).toBeGreaterThan(0);
    expect(cedar.data.size).toBeGreaterThan(0);
    expect(leaks(pulledText(maple), cedarIds)).toEqual([]);
    expect(leaks(pulledText(cedar), mapleIds)).toEqual([]);
    // The same client group presented with the other HOA's session starts over, never mixes.
    const crossed = await maple.rawPull(maple.cookie, maple.clientGroupID).then(() => new SyncTestClient(t, inCedar, maple.clientGroupID).rawPull(maple.cookie));
    expect(leaks(JSON.stringify(crossed.json), mapleIds)).toEqual([]);
    for (const path of ['/api/announcements', '/api/users?limit=100', '/api/requests', '/api/auth/profile']) {
      const r = await call(t, 'GET', path, { token: inMaple });
      expect(leaks(JSON.stringify(r.json), cedarIds)).toEqual([]);
    }
  });

  it('forgot password resets the account: the new password opens both HOAs', async () => {
    const { cedarId, mapleId } = await chrisInBoth();
    expect((await call(t, 'POST', '/api/auth/forgot-password', { body: { email: chris } })).status).toBe(200);
    await t.drainBackground();
    const [mail] = await t.deps.database.db
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toEmail, chris), eq(emailOutbox.template, 'password-reset')))
      .limit(1);
    const token = decodeURIComponent(/token=([^\s&"]+)/.exec(mail.text)![1]);
    expect((await call(t, 'POST', '/api/auth/reset-password', { body: { token, password: 'Reset9876' } })).status).toBe(200);
    expect((await signIn(chris, 'Reset9876', cedarId)).json.user.hoa_id).toBe(cedarId);
    expect((await signIn(chris, 'Reset9876', mapleId)).json.user.hoa_id).toBe(mapleId);
  });

  it('an email change confirmed to an address with an account joins the membership to that account', async () => {
    const { cedarId } = await chrisInBoth();
    const mapleOwner = (await login(t, DEMO.maple.superadmin)).token;
    const [rayRow] = await t.deps.database.db.select().from(users).where(eq(users.email, DEMO.maple.resident2));
    // An address whose account already has a membership in this HOA is taken here.
    const taken = await call(t, 'PUT', `/api/users/${rayRow.id}`, { token: mapleOwner, body: { name: rayRow.name, role: rayRow.role, status: rayRow.status, email: chris } });
    expect(taken).toMatchObject({ status: 400, json: { errors: [{ path: 'email' }] } });

    // Ray's account has a password of its own; Cedar Park's Ruth Dalton is given Ray's address.
    const ray = await login(t, DEMO.maple.resident2);
    expect((await call(t, 'PUT', '/api/auth/change-password', { token: ray.token, body: { currentPassword: DEMO_PASSWORD, newPassword: 'RayOwn4321' } })).status).toBe(200);
    const [ruth] = await t.deps.database.db.select().from(users).where(and(eq(users.hoaId, cedarId), eq(users.name, 'Ruth Dalton')));
    const ruthSession = await login(t, ruth.email);
    const carl = (await login(t, DEMO.cedar.superadmin)).token;
    await call(t, 'PUT', `/api/users/${ruth.id}`, { token: carl, body: { name: ruth.name, role: ruth.role, status: ruth.status, email: DEMO.maple.resident2 } });
    const [mail] = await t.deps.database.db
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toEmail, DEMO.maple.resident2), eq(emailOutbox.template, 'email-change')))
      .limit(1);
    const token = decodeURIComponent(/\/confirm-email\?token=([^\s"&<]+)/.exec(mail.text)![1]);
    expect((await call(t, 'POST', '/api/email-change/confirm', { body: { token } })).status).toBe(200);

    // The membership now signs in with the account's password, the account lists both HOAs, and
    // the membership's old sessions ended; Ray's own go on.
    expect((await signIn(DEMO.maple.resident2, DEMO_PASSWORD, cedarId)).status).toBe(401);
    const signedIn = await signIn(DEMO.maple.resident2, 'RayOwn4321', cedarId);
    expect(signedIn.json.user).toMatchObject({ hoa_id: cedarId, name: 'Ruth Dalton', hoa_count: 2 });
    expect(signedIn.json.memberships).toHaveLength(2);
    expect((await call(t, 'GET', '/api/auth/profile', { token: ruthSession.token })).status).toBe(401);
    expect((await call(t, 'GET', '/api/auth/profile', { token: ray.token })).status).toBe(200);
  });
});
