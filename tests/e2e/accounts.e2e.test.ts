/**
 * One person in two HOAs, in Chromium: Chris, a Cedar Park resident, is invited to Maple Grove's
 * board; signed in, he opens the mail and accepts with his account (no second password) and lands on
 * Maple Grove's dashboard; the menu under his name switches him back to Cedar Park; signing in again
 * offers both; Maple Grove's activity trail shows the invitation and his arrival.
 * No row of one HOA is ever in the other's local cache or in a pull made with the other's session.
 */
import type { Response } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../worker/domain/users';
import { apiToken, DEMO, DEMO_PASSWORD, e2eSuite, expectNoSeriousAxe, linkIn, openPage, PHONE, signInAs, snapFromTop, waitForPath } from '../helpers/browser';
import { idsOfHoa, leakedIds } from '../helpers/tenant-ids';
import { accountMenu, cacheNames, cacheText, hoaPicker, joinInvitation } from './pages/accounts';

const e2e = e2eSuite();
const CHRIS = DEMO.cedar.resident;
const MAPLE = 'Maple Grove HOA';
const CEDAR = 'Cedar Park HOA';
const errors: string[][] = [];
afterAll(() => expect(errors.flat()).toEqual([]));

/** The HOA a pull was made for (its access token's `hoa`) and what it answered. */
async function pullOf(response: Response): Promise<{ hoa: string; body: string } | null> {
  if (!response.url().includes('/api/sync/pull') || !response.ok()) return null;
  const bearer = (await response.request().allHeaders()).authorization?.slice(7) ?? '';
  const claims = JSON.parse(Buffer.from(bearer.split('.')[1] ?? '', 'base64url').toString() || '{}');
  // A page that left (the reload of a switch) takes its answers' bodies along: those are not read.
  const body = await response.text().catch(() => null);
  return body == null ? null : { hoa: claims.hoa, body };
}

describe('one person in two HOAs', () => {
  it('Chris accepts Maple Grove’s invitation signed in, switches between the HOAs, and neither sees the other’s rows', { timeout: 90_000 }, async () => {
    const db = e2e.server.deps.database.db;
    const cedarId = (await findUserByEmail(db, CHRIS))!.hoaId;
    const mapleId = (await findUserByEmail(db, DEMO.maple.superadmin))!.hoaId;
    // Maple Grove's owner invites him to the board (as the Users screen does); the board is told nothing more.
    const owner = await apiToken(e2e.server, DEMO.maple.superadmin);
    const asOwner = (path: string, init: RequestInit = {}) =>
      fetch(`${e2e.server.url}${path}`, { ...init, headers: { Authorization: `Bearer ${owner}`, 'Content-Type': 'application/json' } }).then((r) => r.json());
    expect(await asOwner('/api/users/invite', { method: 'POST', body: JSON.stringify({ email: CHRIS, role: 'board' }) })).toMatchObject({ email: CHRIS, status: 'invited' });

    const { page, context, errors: pageErrors } = await openPage(e2e.browser, e2e.server);
    errors.push(pageErrors);
    const pulls: Promise<{ hoa: string; body: string } | null>[] = [];
    page.on('response', (r) => pulls.push(pullOf(r)));

    // Signed in to Cedar Park, where he is a resident.
    await signInAs(page, e2e.server, CHRIS);
    await waitForPath(page, '/announcements');
    // The cache opens with the sync engine, which starts after the screen's first paint.
    await expect.poll(async () => (await cacheNames(page)).length).toBe(1);
    const [cedarCache] = await cacheNames(page);

    // The invitation from his mailbox: accepted with the account he is signed in with.
    await page.goto(`/dev/mail?to=${CHRIS}`);
    await page.getByRole('link', { name: /invit/i }).first().click();
    const mail = (await page.locator('pre').textContent()) ?? '';
    expect(mail).toContain('Accept Invitation');
    await page.goto(linkIn(mail, e2e.server));
    const join = joinInvitation(page, MAPLE);
    await join.heading.waitFor();
    await snapFromTop(page, 'join-invitation');
    await expectNoSeriousAxe(page);
    await join.accept.click();
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    // The menu under his name names the HOA and offers the switch.
    const menu = accountMenu(page, 'Chris Resident');
    await menu.button.click();
    await page.getByRole('menu').getByText(MAPLE).waitFor();
    await menu.switchHoa.click();
    await waitForPath(page, '/choose-hoa');
    const picker = hoaPicker(page);
    await picker.heading.waitFor();
    await expect.poll(() => picker.list.getByRole('listitem').count()).toBe(2);
    await snapFromTop(page, 'choose-hoa');
    await expectNoSeriousAxe(page);
    await picker.open(CEDAR).click();
    await waitForPath(page, '/announcements');

    // Two caches, one per membership; each holds only its HOA's rows.
    await expect.poll(async () => (await cacheNames(page)).length).toBe(2);
    const [mapleIds, cedarIds] = await Promise.all([idsOfHoa(db, mapleId), idsOfHoa(db, cedarId)]);
    const mapleCache = (await cacheNames(page)).find((n) => n !== cedarCache)!;
    expect(leakedIds(await cacheText(page, cedarCache), mapleIds)).toEqual([]);
    expect(leakedIds(await cacheText(page, mapleCache), cedarIds)).toEqual([]);
    expect((await cacheText(page, mapleCache)).length).toBeGreaterThan(1000);
    // And every pull answered one HOA's rows only.
    const answered = (await Promise.all(pulls)).filter((p) => p != null);
    expect(new Set(answered.map((p) => p.hoa))).toEqual(new Set([mapleId, cedarId]));
    for (const p of answered) expect(leakedIds(p.body, p.hoa === mapleId ? cedarIds : mapleIds)).toEqual([]);
    await context.close();

    // Signing in again on a phone: the HOA picker comes first.
    const phone = await openPage(e2e.browser, e2e.server, PHONE);
    errors.push(phone.errors);
    await signInAs(phone.page, e2e.server, CHRIS);
    await waitForPath(phone.page, '/choose-hoa');
    await hoaPicker(phone.page).heading.waitFor();
    await hoaPicker(phone.page).open(MAPLE).waitFor();
    await snapFromTop(phone.page, 'choose-hoa-phone');
    await hoaPicker(phone.page).open(MAPLE).click();
    await waitForPath(phone.page, '/dashboard');
    await phone.context.close();

    // Maple Grove's trail shows each step: the invitation and his arrival.
    const trail = JSON.stringify(await asOwner('/api/activity?limit=50'));
    expect(trail).toContain('Invited resident@cedarpark.test as Board Member');
    expect(trail).toContain('Chris Resident activated their account');
  });

  it('Rita, signed out, accepts Cedar Park’s invitation with her password', { timeout: 60_000 }, async () => {
    const carl = await apiToken(e2e.server, DEMO.cedar.superadmin);
    const invited = await fetch(`${e2e.server.url}/api/users/invite`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${carl}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO.maple.resident, role: 'resident' }),
    });
    expect(invited.status).toBe(201);
    const { page, context, errors: pageErrors } = await openPage(e2e.browser, e2e.server, PHONE);
    errors.push(pageErrors);
    await page.goto(`/dev/mail?to=${DEMO.maple.resident}`);
    await page.getByRole('link', { name: /invit/i }).first().click();
    await page.goto(linkIn((await page.locator('pre').textContent()) ?? '', e2e.server));
    const join = joinInvitation(page, CEDAR);
    await join.heading.waitFor();
    await join.signInAndAccept.click();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await join.password.fill('not-her-password');
    await join.signInAndAccept.click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await snapFromTop(page, 'join-invitation-signed-out');
    await expectNoSeriousAxe(page);
    await join.password.fill(DEMO_PASSWORD);
    await join.signInAndAccept.click();
    // A resident's home in Cedar Park: its announcements.
    await waitForPath(page, '/announcements');
    await accountMenu(page, 'Rita Resident').button.click();
    await page.getByRole('menu').getByText(CEDAR).waitFor();
    await context.close();
  });
});
