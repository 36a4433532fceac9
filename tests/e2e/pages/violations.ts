/**
 * Page objects of the compliance screens (roles and labels, as a user finds things) and the database
 * reads the stories check against.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO, goOffline, signInAs, waitForServiceWorker, type E2EServer } from '../../helpers/browser';
import { demoDay } from '../../helpers/http';
import { filterBar, listScreen } from './lists';
import { choose } from './controls';

export const violationsList = (page: Page) => ({
  ...listScreen(page, '/compliance', 'Compliance'),
  choose: (filter: 'Category' | 'Status', option: string) => filterBar(page, 'Filter violations').choose(filter, option),
});

export const violationForm = (page: Page) => ({
  resident: page.getByLabel('Resident'),
  category: page.getByLabel('Category'),
  title: page.getByRole('textbox', { name: 'Title' }),
  message: page.getByRole('textbox', { name: /^Message/ }),
  dueDate: page.getByLabel('Due Date'),
  /** The gallery pick (several at once); the camera button beside it takes one. */
  file: page.getByLabel('Choose photos'),
  photos: page.getByRole('list', { name: 'Photos on this form' }).getByRole('listitem'),
  submit: page.getByRole('button', { name: 'Create Violation' }),
  async fill(p: { resident: string; title: string; message: string; dueDate: string; category?: string }) {
    await choose(this.resident, p.resident);
    if (p.category) await choose(this.category, p.category);
    await this.title.fill(p.title);
    await this.message.click();
    await page.keyboard.type(p.message);
    await this.dueDate.fill(p.dueDate);
  },
});

export const violationDetail = (page: Page) => ({
  async open(title: string) {
    await violationsList(page).viewLink(title).first().click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
  },
  status: page.getByLabel('Status', { exact: true }),
  notes: page.getByLabel('Resolution Notes'),
  resolve: page.getByRole('button', { name: /Resolve with Notes|Update Resolution/ }),
  messagesLink: page.getByRole('link', { name: /^View Messages/ }),
  history: page.getByRole('list', { name: 'Activity History' }),
});

/**
 * A board member's walk begins: signed in, the first pull in (the members come with the violations)
 * and the app shell cached; then offline, on the create form. Returns the list screen.
 */
export async function createViolationOffline(page: Page, context: BrowserContext, server: E2EServer) {
  await signInAs(page, server, DEMO.maple.board);
  const list = violationsList(page);
  await list.open();
  await list.viewLink('Loud music after 10 pm').waitFor();
  await waitForServiceWorker(page);
  await goOffline(context, server);
  await page.getByText('Offline — changes will sync when you reconnect').waitFor();
  await page.getByRole('link', { name: 'Create Violation' }).click();
  await page.getByRole('heading', { level: 1, name: 'Create Violation' }).waitFor({ timeout: 20_000 });
  return list;
}

/** `YYYY-MM-DD`, `days` from the demo HOA's today (the app's day rules read its zone's calendar). */
export const inDays = (days: number) => demoDay(days);

/** The violation's row as stored, by title (undefined until the server has it). */
export async function storedViolation(server: E2EServer, title: string) {
  const rs = await server.db.execute({
    sql: `SELECT v.id, v.status, v.attachment_filename, v.resolution_notes,
      (SELECT count(*) FROM violations x WHERE x.title = v.title) AS copies,
      (SELECT count(*) FROM violation_messages m WHERE m.violation_id = v.id) AS messages,
      (SELECT count(*) FROM email_outbox o WHERE o.ref = 'violation:' || v.id AND o.template = 'violation-notice') AS notices
      FROM violations v WHERE v.title = ?`,
    args: [title],
  });
  const row = rs.rows[0];
  return (
    row && {
      id: String(row.id),
      status: String(row.status),
      attachment: row.attachment_filename as string | null,
      notes: row.resolution_notes as string | null,
      copies: Number(row.copies),
      messages: Number(row.messages),
      notices: Number(row.notices),
    }
  );
}
