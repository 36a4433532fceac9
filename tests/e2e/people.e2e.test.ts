/**
 * Users and addresses, in Chromium as a board member works them:
 * an invitation to an address past the directory's first 100, deactivated without inventing a name and
 * set active again (invited, with a new mail); Super Admin granted only after a confirmation; a board
 * member kept off another board member's row; bulk errors that name the file's columns, the preview on
 * a phone and the success message's 5 s; the counters' words and Manage Residents' search per address;
 * a vacant address's three buttons on one line of a wide table.
 * Screenshots at 1280 and 375 px and axe scans of the dialogs touched.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClient, DEMO, PHONE, e2eSuite, expectNoSeriousAxe, pagePerTest, signInAs, snap } from '../helpers/browser';
import { peoplePages } from './pages/people';
import { choose } from './pages/controls';

const e2e = e2eSuite();
let page: Page;
pagePerTest(e2e, (p) => (page = p));
const people = () => peoplePages(page);

const one = async (sql: string, args: (string | number)[] = []) => (await e2e.server.db.execute({ sql, args })).rows[0];
const mapleId = async () => String((await one('SELECT hoa_id FROM users WHERE email = ?', [DEMO.maple.superadmin])).hoa_id);
const csv = (lines: string[]) => ({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(['Street,Unit,Property Type,Resident Name,Resident Email,Role,Phone', ...lines].join('\n')) });

describe('users', () => {
  it('13, 10, 11, 15: invites to the 110th Zinnia Row, deactivates without a name, sets active again: invited with a new mail', async () => {
    const hoa = await mapleId();
    // A directory of more than 100 addresses; "110 Zinnia Row" sorts past the first 100.
    await e2e.server.db.execute({
      sql: `INSERT INTO addresses (id, hoa_id, street, is_rented, created_at, updated_at)
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 110)
            SELECT 'zinnia-' || i, ?, i || ' Zinnia Row', 0, 0, 0 FROM n`,
      args: [hoa],
    });
    // A row left active without a password (before reactivation invited such users again): not an Active User.
    await e2e.server.db.execute({
      sql: "INSERT INTO users (id, hoa_id, email, name, role, status, created_at, updated_at) VALUES ('legacy-active', ?, 'legacy@maplegrove.test', '', 'resident', 'active', 0, 0)",
      args: [hoa],
    });
    await signInAs(page, e2e.server, DEMO.maple.superadmin);
    const p = people();
    await p.openUsers();
    const canSignIn = await one("SELECT count(*) AS n FROM users WHERE hoa_id = ? AND status = 'active' AND password_hash IS NOT NULL AND deleted_at IS NULL", [hoa]);
    await expect.poll(() => p.counter('Active Users')).toBe(Number(canSignIn.n));

    await page.getByRole('button', { name: 'Invite User' }).click();
    const invite = p.dialog('Invite User');
    await invite.getByLabel('Email').fill('walk.in@maplegrove.test');
    await invite.getByRole('combobox', { name: 'Address' }).fill('110 Zinn');
    await page.getByRole('option', { name: '110 Zinnia Row', exact: true }).waitFor();
    await snap(page, 'people-invite-address-search');
    await expectNoSeriousAxe(page);
    await page.getByRole('option', { name: '110 Zinnia Row', exact: true }).click();
    await invite.getByRole('button', { name: 'Send Invitation' }).click();
    const sent = page.getByText('Invitation sent to walk.in@maplegrove.test');
    await sent.waitFor();
    // Gone after its 3 s, so the message of the reactivation below is a new one.
    await sent.waitFor({ state: 'detached', timeout: 15_000 });
    const placed = await one('SELECT a.street FROM users u JOIN addresses a ON a.id = u.address_id WHERE u.email = ?', ['walk.in@maplegrove.test']);
    expect(placed.street).toBe('110 Zinnia Row');

    // Deactivated without a name: none is asked for, none is stored.
    await p.loadAllUsers();
    let edit = await p.edit('walk.in@maplegrove.test');
    await edit.getByText('They give their name when they accept the invitation.').waitFor();
    await choose(edit.getByLabel('Status'), 'Inactive');
    await snap(page, 'people-edit-invited');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('User walk.in@maplegrove.test updated successfully').waitFor();
    expect(await one('SELECT name, status FROM users WHERE email = ?', ['walk.in@maplegrove.test'])).toMatchObject({ name: '', status: 'inactive' });

    // Active again: they never activated, so they are invited again, with a new mail.
    edit = await p.edit('walk.in@maplegrove.test');
    await choose(edit.getByLabel('Status'), 'Active');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await sent.waitFor();
    expect((await one('SELECT status FROM users WHERE email = ?', ['walk.in@maplegrove.test'])).status).toBe('invited');
    expect(Number((await one('SELECT count(*) AS n FROM email_outbox WHERE to_email = ?', ['walk.in@maplegrove.test'])).n)).toBe(2);

    // Delete is red; on a phone the email of someone who has not accepted is shown once.
    const del = page.getByRole('button', { name: 'Delete walk.in@maplegrove.test' });
    await expect(del.evaluate((el) => getComputedStyle(el).color)).resolves.toBe('rgb(164, 31, 31)');
    await page.setViewportSize(PHONE);
    await page.getByRole('list', { name: 'All Users' }).waitFor();
    await expect(p.emailShown('walk.in@maplegrove.test')).resolves.toBe(1);
    await snap(page, 'people-users');
  }, 120_000);

  it("Edit User follows the member while it is open: another board member's change arrives, what was typed stays", async () => {
    const neighbour = await one('SELECT id, name, role, status FROM users WHERE email = ?', [DEMO.maple.resident2]);
    const renamed = `${String(neighbour.name)} Jr.`;
    await signInAs(page, e2e.server, DEMO.maple.superadmin);
    const p = people();
    await p.openUsers();
    await p.loadAllUsers();
    const edit = await p.edit(String(neighbour.name));
    await edit.getByLabel('Name').fill(renamed);
    // Meanwhile another board member gives them a new phone number.
    const board = await apiClient(e2e.server, DEMO.maple.board);
    const res = await board('PUT', `/api/users/${neighbour.id}`, { name: neighbour.name, role: neighbour.role, status: neighbour.status, phone: '555-0142' });
    expect(res.status).toBe(200);
    await expect.poll(() => edit.getByLabel('Phone').inputValue(), { timeout: 10_000 }).toBe('555-0142');
    await expect(edit.getByLabel('Name').inputValue()).resolves.toBe(renamed);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(`User ${renamed} updated successfully`).waitFor();
    expect(await one('SELECT name, phone FROM users WHERE id = ?', [String(neighbour.id)])).toMatchObject({ name: renamed, phone: '555-0142' });
  });

  it('17: Super Admin is granted, by edit or by invitation, only after a confirmation naming what the role can do', async () => {
    await signInAs(page, e2e.server, DEMO.maple.superadmin);
    const p = people();
    await p.openUsers();
    await p.loadAllUsers();
    const edit = await p.edit('Marcus Lee');
    await choose(edit.getByLabel('Role'), 'Super Admin');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    const confirm = p.dialog('Confirm Role Change');
    await confirm.getByText('Grant Super Admin rights?').waitFor();
    await confirm.getByText('Manage the subscription, billing and the payment account').waitFor();
    await snap(page, 'people-confirm-superadmin');
    await expectNoSeriousAxe(page);
    // Cancel sends nothing; Confirm Change does.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await p.dialog('Edit User').getByLabel('Role').waitFor();
    expect((await one('SELECT role FROM users WHERE name = ?', ['Marcus Lee'])).role).toBe('resident');
    await p.dialog('Edit User').getByRole('button', { name: 'Save Changes' }).click();
    await confirm.getByRole('button', { name: 'Confirm Change' }).click();
    await page.getByText('User Marcus Lee updated successfully').waitFor();
    expect((await one('SELECT role FROM users WHERE name = ?', ['Marcus Lee'])).role).toBe('superadmin');

    await page.getByRole('button', { name: 'Invite User' }).click();
    const invite = p.dialog('Invite User');
    await invite.getByLabel('Email').fill('second.owner@maplegrove.test');
    await choose(invite.getByLabel('Role'), 'Super Admin');
    await invite.getByRole('button', { name: 'Send Invitation' }).click();
    await confirm.getByText('Grant Super Admin rights?').waitFor();
    expect(await one('SELECT id FROM users WHERE email = ?', ['second.owner@maplegrove.test'])).toBeUndefined();
    await confirm.getByRole('button', { name: 'Confirm Change' }).click();
    await page.getByText('Invitation sent to second.owner@maplegrove.test').waitFor();
    expect((await one('SELECT role FROM users WHERE email = ?', ['second.owner@maplegrove.test'])).role).toBe('superadmin');
  }, 60_000);

  it('12: a board member cannot edit or delete another board member', async () => {
    await signInAs(page, e2e.server, DEMO.maple.board);
    const p = people();
    await p.openUsers();
    await p.loadAllUsers();
    await expect(page.getByRole('button', { name: 'Edit Tom Becker' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Delete Tom Becker' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Edit Rita Resident' }).isDisabled()).resolves.toBe(false);
  });

  it('15: bulk errors name the column, the phone preview keeps an email on one line, the success message clears after 5 s', async () => {
    await signInAs(page, e2e.server, DEMO.maple.superadmin);
    const p = people();
    await p.openUsers();
    await page.getByRole('button', { name: 'Bulk Add' }).click();
    const bulk = p.dialog('Bulk Add Users');
    const input = bulk.locator('input[type=file]');
    await input.setInputFiles(csv([`,,,Rita Again,${DEMO.maple.resident},Resident,`]));
    await bulk.getByRole('button', { name: 'Create 1 Users' }).click();
    await bulk.getByText('Row 2 (Resident Email): A user with this email already exists').waitFor();

    await bulk.getByRole('button', { name: 'Choose Another File' }).click();
    await input.setInputFiles(csv([',,,Wren Longname,wren.longname-household@maplegrove.test,Resident,', ',,,Yara Fields,yara.fields@maplegrove.test,Board Member,']));
    await page.setViewportSize(PHONE);
    const email = bulk.getByRole('cell', { name: 'wren.longname-household@maplegrove.test' });
    const name = bulk.getByRole('cell', { name: 'Wren Longname' });
    // One line: no taller than the row's other cells (letter by letter it was hundreds of pixels).
    expect((await email.boundingBox())!.height).toBeLessThanOrEqual((await name.boundingBox())!.height);
    await snap(page, 'people-bulk-preview');

    await bulk.getByRole('button', { name: 'Create 2 Users' }).click();
    const created = bulk.getByText('Successfully created 2 users and 0 addresses');
    await created.waitFor();
    await created.waitFor({ state: 'detached', timeout: 20_000 });
    await bulk.getByText('Invitation emails have been sent to new users. Reactivated users can sign in with their existing credentials.').waitFor();
  }, 60_000);
});

describe('addresses', () => {
  it('14, 15: the counter says how many are left (singular, never negative), and each address starts Manage Residents with an empty search', async () => {
    await signInAs(page, e2e.server, DEMO.maple.board);
    const p = people();
    await p.openAddresses();
    await page.getByRole('button', { name: 'Add Address' }).click();
    const add = p.dialog('Add Address');
    const unit = add.getByLabel('Unit Number');
    await unit.fill('123456789');
    await add.getByText('1 character remaining', { exact: true }).waitFor();
    await unit.fill('12345678901');
    await add.getByText('Unit number cannot exceed 10 characters').waitFor();
    await expect(add.getByText(/-1 characters/).count()).resolves.toBe(0);
    await snap(page, 'people-address-unit-over');
    await add.getByRole('button', { name: 'Cancel' }).click();

    const assign = page.getByRole('button', { name: /^Assign residents to / });
    await assign.first().click();
    const manage = p.dialog('Manage Residents');
    const search = manage.getByLabel('Search available users');
    await search.fill('nobody-by-this-name');
    await manage.getByText('No users to assign.').waitFor();
    await manage.getByRole('button', { name: 'Close' }).last().click();
    await manage.waitFor({ state: 'detached' });
    await assign.nth(1).click();
    await manage.getByRole('button', { name: /^Assign / }).first().waitFor();
    await expect(search.inputValue()).resolves.toBe('');
    await expect(manage.getByText('No users to assign.').count()).resolves.toBe(0);
    await snap(page, 'people-manage-residents');
    await expectNoSeriousAxe(page);
  }, 60_000);

  it("on a wide screen a vacant address's Delete, Edit and Assign stay on one line, as an occupied one's Edit and Assign do", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, e2e.server, DEMO.maple.board);
    await people().openAddresses();
    const vacant = page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Delete / }) }).first();
    await vacant.waitFor();
    const buttons = vacant.getByRole('button');
    await expect(buttons.count()).resolves.toBe(3);
    const tops = await Promise.all([0, 1, 2].map(async (i) => (await buttons.nth(i).boundingBox())!.y));
    // The column took their width: the three share one line (they wrapped to two before).
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(1);
  }, 60_000);
});
