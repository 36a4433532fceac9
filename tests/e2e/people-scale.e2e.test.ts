/**
 * People at the scale of a large HOA (10,000 members on 2,000 addresses, written straight into the
 * database): a board member finds a resident by a fragment of their street, exports the residents of
 * that street and re-imports the file through Bulk Add (nothing is duplicated: the server names every
 * member it already has), resends the expired invitations and revokes one. Screenshots at 1280 and
 * 375 px and an axe scan of the screen and its dialogs.
 */
import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { directoryCompare } from '../../schema/addresses';
import { hoas, subscriptions, users } from '../../schema/tables';
import { DEMO, e2eSuite, expectNoSeriousAxe, openPage, signInAs, snapFromTop as snap } from '../helpers/browser';
import { addPeopleAtScale } from '../helpers/people-fixture';
import { filterBar } from './pages/lists';
import { peopleScalePages } from './pages/people-scale';

const e2e = e2eSuite();
const NEEDLE = { name: 'Quentin Needle', email: 'quentin.needle@maplegrove.test', street: '217 Juniper Hollow Court' };
const NEIGHBOUR = { name: 'Rosa Needle', email: 'rosa.needle@maplegrove.test', street: '219 Juniper Hollow Court' };
const EXPIRED = 6;

let page: Page;
let hoaId = '';
const memberCount = async () =>
  Number((await e2e.server.deps.database.db.select({ n: sql<number>`count(*)` }).from(users).where(eq(users.hoaId, hoaId)))[0].n);

beforeAll(async () => {
  const db = e2e.server.deps.database;
  const [maple] = await db.db.select().from(hoas).where(eq(hoas.name, 'Maple Grove HOA'));
  hoaId = maple.id;
  await db.transaction(async (tx) => {
    // A plan without a unit limit: the directory is larger than the demo's.
    await tx.update(subscriptions).set({ plan: 'free' }).where(eq(subscriptions.hoaId, hoaId));
    await addPeopleAtScale(tx, { hoaId, now: Date.now(), count: 10_000, homes: 2_000, expired: EXPIRED, domain: 'scale.maplegrove.test', named: [NEEDLE, NEIGHBOUR] });
  });
  page = (await openPage(e2e.browser, e2e.server)).page;
  await signInAs(page, e2e.server, DEMO.maple.board);
}, 120_000);

describe('/users at scale', () => {
  it('a board member finds a resident among 2,000 by a fragment of their street', { timeout: 60_000 }, async () => {
    const people = peopleScalePages(page);
    await page.goto('/users');
    await people.usersList().waitFor();
    await page.getByRole('button', { name: 'Load more' }).waitFor();
    await people.filters.search('juniper holl');
    await page.getByRole('button', { name: `Edit ${NEEDLE.name}`, exact: true }).waitFor();
    // The header row and the two neighbours of Juniper Hollow Court.
    await expect.poll(() => people.usersList().getByRole('row').count()).toBe(3);
    await snap(page, 'people-scale-search');
    await expectNoSeriousAxe(page);
  });

  it('exports the street’s residents and re-imports the file through Bulk Add: nothing is duplicated', { timeout: 60_000 }, async () => {
    const people = peopleScalePages(page);
    const before = await memberCount();
    const file = await people.exportCsv();
    expect(file.name).toBe('resident_directory.csv');
    const lines = file.text.trim().split('\r\n');
    expect(lines[0]).toBe('Street,Unit,Property Type,Resident Name,Resident Email,Role,Phone,Status,Invitation Sent');
    expect(lines.slice(1).sort()).toEqual(
      [NEEDLE, NEIGHBOUR].map((p) => `${p.street},,Owner-Occupied,${p.name},${p.email},Resident,,Active,`).sort(),
    );

    const bulk = await people.bulkAdd(file.name, file.text);
    await bulk.getByText(`${file.name}: 2 rows, 0 errors`).waitFor();
    await snap(page, 'people-scale-reimport');
    await expectNoSeriousAxe(page);
    await bulk.getByRole('button', { name: 'Create 2 Users' }).click();
    await bulk.getByText('A user with this email already exists').first().waitFor();
    expect(await memberCount()).toBe(before);
    await page.keyboard.press('Escape');
    await bulk.waitFor({ state: 'detached' });
  });

  it('resends the expired invitations, then revokes one', { timeout: 60_000 }, async () => {
    const people = peopleScalePages(page);
    await people.filters.clear();
    await people.filters.choose('Status', 'Invited');
    await page.getByText('Expired').first().waitFor();
    await page.getByRole('button', { name: 'Resend expired invitations' }).click();
    // The fixture's and the demo's own (Maple Grove has one invitation sent 10 days ago).
    await page.getByText(`${EXPIRED + 1} expired invitations resent`).waitFor();
    // Through sync: the sent dates are today's, no invitation is expired any more.
    await expect.poll(() => page.getByText('Expired', { exact: true }).count(), { timeout: 15_000 }).toBe(0);

    await people.filters.search('member0@');
    await expect.poll(() => people.usersList().getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: 'Revoke invitation to member0@scale.maplegrove.test' }).click();
    const confirm = people.dialog('Revoke invitation');
    await snap(page, 'people-scale-revoke');
    await expectNoSeriousAxe(page);
    await confirm.getByRole('button', { name: 'Revoke invitation' }).click();
    await page.getByText('Invitation to member0@scale.maplegrove.test revoked').waitFor();
    await expect.poll(() => people.usersList().getByText('member0@scale.maplegrove.test').count(), { timeout: 15_000 }).toBe(0);
    const [revoked] = await e2e.server.deps.database.db.select().from(users).where(eq(users.email, 'member0@scale.maplegrove.test'));
    expect(revoked.deletedAt).not.toBeNull();
  });

  it('the address directory walks by street, then house number as a number, and finds an address by a resident', { timeout: 60_000 }, async () => {
    await page.goto('/addresses');
    const list = page.getByRole('table', { name: 'All Addresses' });
    await list.waitFor();
    // Street names first ("Aspen Circle" before "Aspen Drive"), then the house number as a number (100, 101, … 149).
    await list.getByRole('cell', { name: '100 Aspen Drive', exact: true }).waitFor();
    const shown = await list.locator('tbody tr td:first-child').allTextContents();
    const parts = shown.map((street, i) => ({ id: String(i).padStart(3, '0'), street, unitNumber: null }));
    expect([...parts].sort(directoryCompare).map((p) => p.street)).toEqual(shown);
    expect(shown.indexOf('101 Aspen Drive')).toBe(shown.indexOf('100 Aspen Drive') + 1);
    await filterBar(page, 'Filter addresses').search('rosa needle');
    await expect.poll(() => list.getByRole('row').count()).toBe(2);
    await list.getByRole('cell', { name: NEIGHBOUR.street, exact: true }).waitFor();
    await snap(page, 'people-scale-addresses');
    await expectNoSeriousAxe(page);
  });
});
