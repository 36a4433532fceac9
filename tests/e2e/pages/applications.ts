/** Page objects of architectural applications (roles and labels), and the rows the server stored. */
import type { Page } from 'playwright-core';
import type { E2EServer } from '../../helpers/browser';

export const applicationsList = (page: Page) => ({
  heading: page.getByRole('heading', { level: 1, name: 'Architectural Applications' }),
  submit: page.getByRole('link', { name: 'Submit Application' }).first(),
  viewLink: (title: string) => page.getByRole('link', { name: `View ${title}` }).filter({ visible: true }).first(),
  row: (title: string) => page.getByRole('row').filter({ hasText: title }),
  settings: page.getByRole('form', { name: 'Review settings' }),
});

export const applicationForm = (page: Page) => ({
  heading: page.getByRole('heading', { level: 1, name: 'Submit Application' }),
  title: page.getByRole('textbox', { name: /^Title/ }),
  description: page.getByRole('textbox', { name: /^Description/ }),
  startDate: page.getByLabel(/^Requested start date/),
  photoInput: page.getByLabel('Choose photos'),
  photos: page.getByRole('list', { name: 'Photos on this form' }).getByRole('listitem'),
  planInput: page.getByLabel(/^Add plan/),
  plans: page.getByRole('list', { name: 'Plans on this form' }).getByRole('listitem'),
  send: page.getByRole('button', { name: 'Submit Application' }),
});

export const applicationScreen = (page: Page) => ({
  heading: (title: string) => page.getByRole('heading', { level: 1, name: title }),
  review: page.getByRole('form', { name: 'Your review' }),
  decision: (name: string) => page.getByRole('radio', { name }),
  conditions: page.getByRole('textbox', { name: /^Conditions/ }),
  submitReview: page.getByRole('button', { name: 'Submit Review' }),
  reviews: page.getByRole('list', { name: 'Reviews' }).getByRole('listitem'),
  sendLetter: page.getByRole('button', { name: 'Send Decision Letter' }),
  letterEditor: page.getByRole('textbox', { name: /^Letter/ }),
  sentLetter: page.getByRole('heading', { name: 'Decision Letter' }),
  history: page.getByRole('list', { name: 'Activity History' }),
});

/** The application stored under `title` (undefined until the server has it): its id, status, copies and files. */
export async function storedApplication(server: E2EServer, title: string) {
  const rs = await server.db.execute({
    sql: `SELECT a.id, a.status, (SELECT count(*) FROM requests r WHERE r.title = ?) AS copies
      FROM architectural_applications a JOIN requests r ON r.id = a.id WHERE r.title = ?`,
    args: [title, title],
  });
  const row = rs.rows[0];
  if (!row) return undefined;
  const files = await server.db.execute({ sql: 'SELECT kind, s3_key, file_name FROM application_files WHERE application_id = ? ORDER BY kind, position', args: [row.id] });
  return {
    id: String(row.id),
    status: String(row.status),
    copies: Number(row.copies),
    files: files.rows.map((f) => ({ kind: String(f.kind), s3Key: String(f.s3_key), fileName: String(f.file_name) })),
  };
}

/** Mail about an application in the outbox, by template. */
export async function applicationMail(server: E2EServer, id: string, template: string) {
  const rs = await server.db.execute({ sql: 'SELECT to_email FROM email_outbox WHERE ref = ? AND template = ?', args: [`application:${id}`, template] });
  return rs.rows.map((r) => String(r.to_email));
}
