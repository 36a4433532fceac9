/** The statement of account and receipt screens (client/features/ledger), as a resident or the board reads them, and the server's copy to compare. */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { formatDay } from '../../../schema/money';
import { apiToken, goInApp, type E2EServer } from '../../helpers/browser';
import { choose } from './controls';

export const statementPage = (page: Page) => {
  const askAbout = (line: StatementLine) => page.getByRole('button', { name: `Ask About This Line: ${lineName(line)}` });
  return {
    heading: (name: string | RegExp) => page.getByRole('heading', { level: 1, name }),
    balance: page.getByTestId('balance-sentence'),
    /** Every line's row in the year tables (the opening balance rows aside). */
    lineRows: page.getByRole('table', { name: /^Statement lines of/ }).getByRole('row').filter({ hasNot: page.getByRole('columnheader') }).filter({ hasNotText: 'Opening balance' }),
    receiptLinks: page.getByRole('link', { name: /^Receipt R-\d{6}$/ }),
    async open(path = '/account') {
      await goInApp(page, path);
      await page.getByTestId('balance-sentence').waitFor({ timeout: 20_000 });
    },
    /** A line's quiet "Ask About This Line" control, named by the line's description and day. */
    askAbout,
    /** Asks about `line` in the dialog the control opens: the question sent ends on its thread. */
    async ask(line: StatementLine, message: string, title: string | RegExp) {
      await askAbout(line).click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.getByRole('textbox', { name: /^Message/ }).fill(message);
      await dialog.getByRole('button', { name: 'Send to the Board' }).click();
      await dialog.waitFor({ state: 'hidden' });
    },
    /** Download CSV: the file the browser saved, as text. */
    async downloadCsv(): Promise<{ name: string; text: string }> {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
      return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
    },
  };
};

/** A line of the server's statement. */
export type StatementLine = { _id: string; kind: string; description: string; occurred_at: string | number; receipt: string | null; invoice_id: string | null };
/** How the statement names a line to a screen reader: descriptions repeat month after month, days do not. */
export const lineName = (line: Pick<StatementLine, 'description' | 'occurred_at'>) =>
  `${line.description} of ${formatDay(typeof line.occurred_at === 'number' ? line.occurred_at : Date.parse(line.occurred_at))}`;

/** The server's statement of `email`'s account (GET /api/ledger), read as `viewer`. */
export async function serverStatement(server: E2EServer, viewer: string, userId?: string) {
  const token = await apiToken(server, viewer);
  const query = userId ? `?user_id=${encodeURIComponent(userId)}` : '';
  const get = (path: string) => fetch(`${server.url}/api/ledger${path}${query}`, { headers: { Authorization: `Bearer ${token}` } });
  const json = (await (await get('')).json()) as { balance_text: string; years: number[]; lines: StatementLine[] };
  return { ...json, csv: await (await get('/statement.csv')).text() };
}

/** A member of the viewer's HOA by email, from GET /api/users. */
export async function memberByEmail(server: E2EServer, viewer: string, email: string): Promise<{ _id: string; name: string }> {
  const token = await apiToken(server, viewer);
  const res = await fetch(`${server.url}/api/users?search=${encodeURIComponent(email)}&limit=100`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { docs: { _id: string; name: string; email: string }[] };
  const found = body.docs.find((u) => u.email === email);
  if (!found) throw new Error(`${email} is not among the users`);
  return found;
}

/** On the statement: asks the board about the newest line of `description` (a waiver or a dispute) with a message; lands on the question. */
export async function askAboutLine(page: Page, description: string, kind: 'Waiver request' | 'Dispute', message: string) {
  await page.getByRole('button', { name: new RegExp(`^Ask About This Line: ${description} of `) }).first().click();
  const dialog = page.getByRole('dialog');
  if (await dialog.getByLabel(/^What are you asking\?/).count()) await choose(dialog.getByLabel(/^What are you asking\?/), kind);
  await dialog.getByRole('textbox', { name: /^Message/ }).fill(message);
  await dialog.getByRole('button', { name: 'Send to the Board' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/questions/'));
}
