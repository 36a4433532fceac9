/**
 * Page objects of the dues and invoices screens (roles and labels, as a user finds things) and the
 * database reads the stories check against.
 */
import type { Page } from 'playwright-core';
import type { E2EServer } from '../../helpers/browser';
import { showsBriefly, waitForPath } from '../../helpers/browser';
import { filterBar, listScreen } from './lists';
import { DUE_FREQUENCY_LABELS, type DueFrequency } from '../../../schema/dues';
import { choose } from './controls';

export const duesList = (page: Page) => ({
  ...listScreen(page, '/dues', 'Dues'),
  /** The Dues tab's filters. */
  dues: filterBar(page, 'Filter dues'),
  /** The My Invoices tab's filters. */
  invoices: filterBar(page, 'Filter invoices'),
  async openTab(name: 'Dues' | 'My Invoices') {
    await page.getByRole('tab', { name }).click();
    await page.getByRole('tabpanel').getByRole('heading', { name: name === 'Dues' ? /^Dues/ : 'My Invoices' }).waitFor();
  },
});

export const dueForm = (page: Page) => ({
  title: page.getByRole('textbox', { name: /^Title/ }),
  amount: page.getByRole('spinbutton', { name: /^Amount/ }),
  frequency: page.getByLabel(/^Frequency/),
  submit: page.getByRole('button', { name: 'Create Due' }),
  /** Every user the recipients' search finds, with Select All; waits for the count. */
  async chooseAllMatching(search: string, count: number) {
    const picker = page.getByRole('group', { name: /^Recipients/ });
    await picker.getByLabel('Search recipients').fill(search);
    await picker.getByRole('checkbox', { name: new RegExp(search) }).nth(count - 1).waitFor();
    await picker.getByRole('button', { name: 'Select All', exact: true }).click();
    await picker.getByText(`${count} selected`).waitFor();
  },
  /** From the list's Create Due to "Due created successfully!" and back on /dues. */
  async create(p: { title: string; amount: string; frequency: DueFrequency; recipients: string[] }) {
    await page.getByRole('link', { name: 'Create Due' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Create Due' }).waitFor();
    await this.title.fill(p.title);
    await this.amount.fill(p.amount);
    await choose(this.frequency, DUE_FREQUENCY_LABELS[p.frequency]);
    for (const name of p.recipients) await page.getByRole('checkbox', { name: new RegExp(name) }).check();
    await showsBriefly(page, 'Due created successfully!', () => this.submit.click());
    await waitForPath(page, '/dues');
  },
});

export const invoiceDetail = (page: Page) => ({
  /** From a due's page: the invoice of one recipient. */
  async openFromDue(dueTitle: string, recipient: string) {
    await duesList(page).viewLink(dueTitle).first().click();
    await page.getByRole('heading', { level: 1, name: dueTitle }).waitFor();
    await page.getByRole('link', { name: `View invoice of ${recipient}` }).click();
    await page.getByRole('heading', { name: 'Payment' }).waitFor();
  },
  status: page.getByLabel('Invoice status'),
  /** The confirmation that paid and canceled ask for. */
  confirmation: (title: 'Mark invoice as paid?' | 'Cancel invoice?') => page.getByRole('dialog', { name: title }),
  /** Paid is confirmed in a dialog that asks how the payment came. */
  async markPaid(method: 'Check' | 'Cash' | 'Bank transfer') {
    await choose(page.getByLabel('Invoice status'), 'Paid');
    const dialog = page.getByRole('dialog', { name: 'Mark invoice as paid?' });
    await choose(dialog.getByLabel('Payment method'), method);
    await dialog.getByRole('button', { name: 'Mark as Paid' }).click();
    await dialog.waitFor({ state: 'detached' });
  },
});

/** Invoices of a due as stored, by due title: recipient email and status. */
export async function storedInvoices(server: E2EServer, dueTitle: string) {
  const rs = await server.db.execute({
    sql: 'SELECT u.email, i.status FROM invoices i JOIN users u ON u.id = i.recipient_id JOIN dues d ON d.id = i.due_id WHERE d.title = ? ORDER BY u.email',
    args: [dueTitle],
  });
  return rs.rows.map((r) => ({ email: String(r.email), status: String(r.status) }));
}
