/**
 * Page objects of the requests screens (roles and labels, as a user finds things) and the database
 * reads the stories check against.
 */
import type { Page } from 'playwright-core';
import type { E2EServer } from '../../helpers/browser';
import { filterBar, listScreen } from './lists';
import { goOffline, signInAs, waitForPath, waitForServiceWorker } from '../../helpers/browser';
import { choose } from './controls';

/** A small PDF-looking file of about 120 KB. */
export const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(120_000, 32), Buffer.from('\n%%EOF\n')]);

export const requestsList = (page: Page) => ({
  ...listScreen(page, '/requests', 'Requests'),
  search: (text: string) => filterBar(page, 'Filter requests').search(text),
  choose: (filter: 'Categories' | 'Status', option: string) => filterBar(page, 'Filter requests').choose(filter, option),
});

/**
 * Where the offline stories begin: signed in as `email` (a resident of Maple Grove), the requests list
 * filled and the app cached by the service worker, then the network cut.
 */
export async function requestsListOffline(page: Page, server: E2EServer, email: string) {
  await signInAs(page, server, email);
  const list = requestsList(page);
  await list.open();
  await list.viewLink('Add a backyard fence').waitFor();
  await waitForServiceWorker(page);
  await goOffline(page.context(), server);
  return list;
}

export const requestForm = (page: Page) => ({
  title: page.getByRole('textbox', { name: 'Title' }),
  description: page.getByRole('textbox', { name: /^Description/ }),
  category: page.getByLabel('Category'),
  file: page.locator('input[type="file"]'),
  submit: page.getByRole('button', { name: 'Create Request' }),
  async fill(p: { title: string; description: string; category?: string }) {
    await this.title.fill(p.title);
    await this.description.click();
    await page.keyboard.type(p.description);
    if (p.category) await choose(this.category, p.category);
  },
});

export const requestDetail = (page: Page) => ({
  async open(title: string) {
    await requestsList(page).viewLink(title).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
  },
  status: page.getByLabel('Status', { exact: true }),
  assignee: page.getByLabel('Assigned To'),
  deadline: page.getByLabel('Resolution Deadline'),
  notes: page.getByLabel('Resolution Notes'),
  save: page.getByRole('button', { name: 'Save Changes' }),
  messagesLink: page.getByRole('link', { name: /^View Messages/ }),
  history: page.getByRole('list', { name: 'Activity History' }),
});

export const thread = (page: Page) => ({
  messages: page.getByRole('list', { name: 'Messages' }),
  composer: page.getByRole('textbox', { name: 'New message' }),
  send: page.getByRole('button', { name: 'Send Message' }),
  async write(text: string) {
    await this.composer.click();
    await page.keyboard.type(text);
    await this.send.click();
  },
  async back(id: string) {
    await page.getByRole('link', { name: 'Back to Request' }).click();
    await waitForPath(page, `/requests/${id}`);
  },
});

/** The request's row as stored, by title (undefined until the server has it). */
export async function storedRequest(server: E2EServer, title: string) {
  const rs = await server.db.execute({
    sql: `SELECT r.id, r.status, r.attachment_filename, r.assigned_to, r.resolution_notes, u.email AS filer,
      (SELECT count(*) FROM requests x WHERE x.title = r.title) AS copies,
      (SELECT count(*) FROM request_comments c WHERE c.request_id = r.id) AS comments
      FROM requests r JOIN users u ON u.id = r.user_id WHERE r.title = ?`,
    args: [title],
  });
  const row = rs.rows[0];
  return row && { id: String(row.id), status: String(row.status), attachment: row.attachment_filename as string | null, assignedTo: row.assigned_to as string | null, notes: row.resolution_notes as string | null, filer: String(row.filer), copies: Number(row.copies), comments: Number(row.comments) };
}

/** The messages of a request as stored, oldest first. */
export async function storedComments(server: E2EServer, requestId: string) {
  const rs = await server.db.execute({ sql: 'SELECT message, is_public FROM request_comments WHERE request_id = ? ORDER BY created_at, rowid', args: [requestId] });
  return rs.rows.map((r) => ({ message: String(r.message), isPublic: Number(r.is_public) === 1 }));
}
