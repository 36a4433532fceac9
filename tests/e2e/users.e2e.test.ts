/**
 * Users and addresses in Chromium: the superadmin bulk-adds residents from a CSV
 * with a bad row, fixes it and creates them; an invited resident accepts from the local mailbox and
 * signs in; the board promotes a resident through Confirm Role Change and is never offered Super
 * Admin; the board adds an address and assigns a resident (Vacant → Owner); an invited member makes a
 * home occupied, on /addresses as on the dashboard; Edit Address takes another board member's change
 * while open. Screenshots at 1280 and
 * 375 px and axe scans of both screens and their dialogs.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClient, axeScan, DEMO, describeViolations, e2eSuite, goInApp, linkIn, pagePerTest, showsBriefly, signInAs, snap, waitForPath } from '../helpers/browser';
import { choose, offeredOptions } from './pages/controls';

const e2e = e2eSuite();
let page: Page;
pagePerTest(e2e, (p) => (page = p));

const heading = (name: string) => page.getByRole('heading', { level: 1, name });
const dialog = (name: string) => page.getByRole('dialog', { name });
const csv = (lines: string[]) => ({ name: 'residents.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
async function noSeriousA11yIssues() {
  const violations = await axeScan(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

const HEADER = 'Street Address,Unit,Property Type,Resident Name,Email,Role,Phone';
const NEW_PEOPLE = [
  '500 Lakeview Road,,Owner-Occupied,Iris Lake,iris.lake@maplegrove.test,Resident,512-555-0301',
  '502 Lakeview Road,,Rental Property,Jon Lake,jon.lake@maplegrove.test,Resident,',
  '502 Lakeview Road,,Rental Property,Kay Lake,kay.lake@maplegrove.test,Resident,',
  ',,,Leo Lake,leo.lake@maplegrove.test,Resident,',
];

describe('/users', () => {
  it('the superadmin bulk-adds five residents: a bad row blocks Create, the fixed file creates them all', async () => {
    // The dashboard banner's link opens Bulk Add and leaves the address.
    await signInAs(page, e2e.server, DEMO.maple.superadmin);
    await goInApp(page, '/users?bulk-upload=true');
    const bulk = dialog('Bulk Add Users');
    await bulk.getByText('Add residents and their addresses from a CSV file.').waitFor();
    await waitForPath(page, '/users');
    expect(new URL(page.url()).search).toBe('');

    const input = bulk.locator('input[type=file]');
    await input.setInputFiles({ name: 'residents.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await bulk.getByText('Please upload a CSV file (.csv)').waitFor();
    await input.setInputFiles(csv([HEADER, ...NEW_PEOPLE, '504 Lakeview Road,,Owner-Occupied,Mo Lake,not-an-email,Resident,']));
    await bulk.getByText('residents.csv: 5 rows, 1 error').waitFor();
    await bulk.getByText('Row 6: Please enter a valid email address').waitFor();
    const create = bulk.getByRole('button', { name: 'Create 5 Users' });
    await expect(create.isDisabled()).resolves.toBe(true);
    await snap(page, 'users-bulk-errors');
    await noSeriousA11yIssues();

    await bulk.getByRole('button', { name: 'Choose Another File' }).click();
    await input.setInputFiles(csv([HEADER, ...NEW_PEOPLE, '504 Lakeview Road,,Owner-Occupied,Mo Lake,mo.lake@maplegrove.test,Resident,']));
    await bulk.getByText('residents.csv: 5 rows, 0 errors').waitFor();
    await create.click();
    await bulk.getByText('Successfully created 5 users and 3 addresses').waitFor();
    await bulk.getByText('Invitation emails have been sent to new users. Reactivated users can sign in with their existing credentials.').waitFor();
    await bulk.getByRole('button', { name: 'Done' }).click();

    // The server has them, invited (they accept from their mail), with the names from the file.
    const made = await e2e.server.db.execute("SELECT name, status FROM users WHERE email LIKE '%.lake@maplegrove.test' ORDER BY email");
    expect(made.rows.map((r) => [r.name, r.status])).toEqual(['Iris', 'Jon', 'Kay', 'Leo', 'Mo'].map((n) => [`${n} Lake`, 'invited']));
    await heading('User Management').waitFor();
    await snap(page, 'users-list');
    await noSeriousA11yIssues();
  });

  it('an invited resident accepts the invitation from the mailbox and signs in', async () => {
    await page.goto('/dev/mail?to=leo.lake@maplegrove.test');
    await page.getByRole('link', { name: /invit/i }).first().click();
    const text = await page.locator('pre').textContent();
    await page.goto(linkIn(text ?? '', e2e.server));
    await heading('Activate Your Account').waitFor();
    await page.getByLabel('Full Name').fill('Leo Lake');
    await page.getByLabel('Password', { exact: true }).fill('Lakeside2026');
    await page.getByLabel('Confirm Password').fill('Lakeside2026');
    await showsBriefly(page, 'Account Activated!', () => page.getByRole('button', { name: 'Activate Account' }).click());
    await waitForPath(page, '/announcements');

    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await signInAs(page, e2e.server, 'leo.lake@maplegrove.test', 'Lakeside2026');
    await page.getByRole('button', { name: 'LL Account menu for Leo Lake', exact: true }).waitFor();
  });

  it('the board promotes a resident through Confirm Role Change and is never offered Super Admin', async () => {
    await signInAs(page, e2e.server, DEMO.maple.board);
    await goInApp(page, '/users');
    await page.getByRole('table', { name: 'All Users' }).waitFor();
    // Rita and Olivia are past the first page (by name): Load more, until the list is complete.
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByText('No more users').waitFor();
    // Own row: Edit disabled. The superadmin's row: Edit disabled, no Delete.
    await expect(page.getByRole('button', { name: 'Edit Ben Board' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Edit Olivia Owner' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Delete Olivia Owner' }).count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Invite User' }).click();
    const invite = dialog('Invite User');
    await expect(offeredOptions(invite.getByLabel('Role'))).resolves.toEqual(['Resident', 'Board Member']);
    await invite.getByRole('button', { name: 'Cancel' }).click();

    const before = await statValue('Board Members');
    await page.getByRole('button', { name: 'Edit Rita Resident' }).click();
    const edit = dialog('Edit User');
    await expect(offeredOptions(edit.getByLabel('Role'))).resolves.toEqual(['Resident', 'Board Member']);
    await choose(edit.getByLabel('Role'), 'Board Member');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    const confirm = dialog('Confirm Role Change');
    await confirm.getByText('Manage users and invitations').waitFor();
    await snap(page, 'users-confirm-role-change');
    await noSeriousA11yIssues();
    await confirm.getByRole('button', { name: 'Confirm Change' }).click();
    await page.getByText('User Rita Resident updated successfully').waitFor();
    await page.getByRole('table', { name: 'All Users' }).getByRole('row', { name: /Rita Resident/ }).getByText('Board Member').waitFor();
    await expect.poll(() => statValue('Board Members')).toBe(before + 1);
  });
});

describe('/addresses', () => {
  it('the board adds an address and assigns a resident: Vacant becomes Owner', async () => {
    await signInAs(page, e2e.server, DEMO.maple.board);
    await goInApp(page, '/addresses');
    await heading('Address Directory').waitFor();
    await page.getByText('Manage community addresses and residents').waitFor();
    await page.getByRole('table', { name: 'All Addresses' }).waitFor();
    const total = await statValue('Total Addresses');

    await page.getByRole('button', { name: 'Add Address' }).click();
    const add = dialog('Add Address');
    await add.getByRole('button', { name: 'Add Address' }).click();
    await add.getByText('Street address is required').waitFor();
    await add.getByLabel('Street Address').fill('1 Aa Street');
    await add.getByLabel('Unit Number').fill('12345678');
    await add.getByText('2 characters remaining').waitFor();
    await add.getByLabel('Unit Number').fill('7');
    await snap(page, 'addresses-add');
    await add.getByRole('button', { name: 'Add Address' }).click();
    await page.getByText('Address "1 Aa Street, Unit 7" created successfully').waitFor();
    await expect.poll(() => statValue('Total Addresses')).toBe(total + 1);

    // "1 Aa Street" sorts first: its row is on the first page.
    const row = page.getByRole('table', { name: 'All Addresses' }).getByRole('row', { name: /1 Aa Street, Unit 7/ });
    await row.getByText('Vacant').waitFor();
    await row.getByRole('button', { name: /Assign/ }).click();
    const manage = dialog('Manage Residents');
    await manage.getByText('No residents at this address.').waitFor();
    await manage.getByLabel('Search available users').fill('Ray');
    await manage.getByRole('button', { name: 'Assign Ray Resident' }).click();
    await page.getByText('User assigned successfully').waitFor();
    // The dialog reopens with the address as it is now.
    await manage.getByRole('button', { name: 'Unassign Ray Resident' }).waitFor();
    await snap(page, 'addresses-manage-residents');
    await noSeriousA11yIssues();
    await manage.getByRole('button', { name: 'Close' }).last().click();
    await row.getByText('Owner').waitFor();
    await row.getByText('Ray Resident').waitFor();
    await page.getByRole('button', { name: 'Load more' }).waitFor();
    await snap(page, 'addresses-list');
    await noSeriousA11yIssues();
  });

  it('an invited member lives at their address: listed Invited, the home Owner, Occupied as the dashboard counts it', async () => {
    const call = await apiClient(e2e.server, DEMO.maple.board);
    const created = (await (await call('POST', '/api/addresses', { street: '0 Birch Bend', is_rented: false })).json()) as { _id: string };
    expect((await call('POST', '/api/users/invite', { email: 'birch.bend@maplegrove.test', role: 'resident', address_id: created._id })).status).toBe(201);

    await signInAs(page, e2e.server, DEMO.maple.board);
    await goInApp(page, '/dashboard');
    const community = page.locator('dt', { hasText: /^Occupied$/ }).locator('xpath=following-sibling::dd[1]');
    // The figure, once the dashboard's answer is in (a placeholder reads no number).
    await expect.poll(async () => /^\d+$/.test((await community.textContent()) ?? '')).toBe(true);
    const occupied = Number(await community.textContent());
    await page.goto('/addresses');
    await heading('Address Directory').waitFor();
    await expect.poll(() => statValue('Occupied')).toBe(occupied);

    const row = page.getByRole('table', { name: 'All Addresses' }).getByRole('row', { name: /0 Birch Bend/ });
    await row.getByText('Invited').waitFor();
    await row.getByText('Owner').waitFor();
    await snap(page, 'addresses-invited');
    // Manage Residents lists them at once, so they can be moved out before they accept.
    await row.getByRole('button', { name: /Assign/ }).click();
    await dialog('Manage Residents').getByRole('button', { name: /Unassign/ }).waitFor();
    await dialog('Manage Residents').getByText('Invited').waitFor();
  });

  it("Edit Address follows the address while it is open: another board member's notes arrive, the unit typed stays", async () => {
    const call = await apiClient(e2e.server, DEMO.maple.board);
    const created = (await (await call('POST', '/api/addresses', { street: '0 Aster Court', is_rented: false })).json()) as { _id: string };
    await signInAs(page, e2e.server, DEMO.maple.board);
    await goInApp(page, '/addresses');
    await heading('Address Directory').waitFor();
    await page.getByRole('button', { name: 'Edit 0 Aster Court' }).click();
    const edit = dialog('Edit Address');
    await edit.getByLabel('Unit Number').fill('9');
    // Meanwhile another board member writes a note on it.
    expect((await call('PUT', `/api/addresses/${created._id}`, { street: '0 Aster Court', is_rented: false, notes: 'Gate code at the side door' })).status).toBe(200);
    await expect.poll(() => edit.getByLabel('Notes').inputValue(), { timeout: 10_000 }).toBe('Gate code at the side door');
    await expect(edit.getByLabel('Unit Number').inputValue()).resolves.toBe('9');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Address "0 Aster Court, Unit 9" updated successfully').waitFor();
    const stored = (await e2e.server.db.execute({ sql: 'SELECT unit_number, notes FROM addresses WHERE id = ?', args: [created._id] })).rows[0];
    expect(stored).toMatchObject({ unit_number: '9', notes: 'Gate code at the side door' });
  });
});

/** A stat card's figure. */
async function statValue(label: string): Promise<number> {
  const card = page.locator('p', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::p[1]');
  return Number(await card.textContent());
}
