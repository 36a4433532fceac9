/**
 * Page objects of the meetings screens (roles and labels, as a user finds things) and the database
 * reads the story checks against.
 */
import type { Page } from 'playwright-core';
import type { E2EServer } from '../../helpers/browser';
import { choose } from './controls';

export const meetingsList = (page: Page) => ({
  heading: page.getByRole('heading', { level: 1, name: 'Meetings' }),
  schedule: page.getByRole('link', { name: 'Schedule Meeting' }).first(),
  ownerVotes: page.getByRole('link', { name: 'Owner Votes' }),
  viewLink: (title: string) => page.getByRole('link', { name: `View ${title}` }),
});

export const meetingForm = (page: Page) => ({
  title: page.getByRole('textbox', { name: 'Title', exact: true }),
  date: page.getByLabel('Date'),
  time: page.getByLabel('Time'),
  place: page.getByRole('textbox', { name: 'Place', exact: true }),
  addItem: page.getByRole('button', { name: 'Add Agenda Item' }),
  itemTitle: (n: number) => page.getByRole('textbox', { name: `Item ${n} title`, exact: true }),
  itemDescription: (n: number) => page.getByRole('textbox', { name: `Item ${n} description`, exact: true }),
  /** Links item `n` to the cached row labelled `label` of `kind` (Request, Violation, Minutes). */
  async link(n: number, kind: string, label: string) {
    await choose(page.getByLabel(`Item ${n} linked item`, { exact: true }), kind);
    await choose(page.getByLabel(`Item ${n} ${kind.toLowerCase()}`, { exact: true }), label);
  },
  save: page.getByRole('button', { name: 'Save Draft' }),
});

export const meetingScreen = (page: Page) => ({
  heading: (title: string) => page.getByRole('heading', { level: 1, name: title }),
  status: (label: string) => page.locator('header').getByText(label, { exact: true }),
  publish: page.getByRole('button', { name: 'Publish Agenda' }),
  start: page.getByRole('button', { name: 'Start Meeting' }),
  adjourn: page.getByRole('button', { name: 'Adjourn' }),
  quorum: page.getByText(/^Quorum: \d+ of \d+ present/),
  mark: (name: string, present: boolean) => page.getByRole('group', { name: `Attendance of ${name}` }).getByRole('button', { name: present ? 'Present' : 'Absent' }).click(),
  item: (title: string) => page.getByRole('region', { name: new RegExp(`^Agenda item \\d+: ${title}$`) }),
  async recordMotion(itemTitle: string, text: string, movedBy: string, secondedBy: string) {
    const item = this.item(itemTitle);
    await item.getByRole('button', { name: `Record Motion on ${itemTitle}` }).click();
    const form = item.getByRole('form', { name: 'Record Motion' });
    await form.getByRole('textbox', { name: 'Motion' }).fill(text);
    await choose(form.getByLabel('Moved by'), movedBy);
    await choose(form.getByLabel('Seconded by'), secondedBy);
    await form.getByRole('button', { name: 'Record Motion' }).click();
    await this.motion(text).waitFor();
  },
  motion: (text: string) => page.getByRole('article', { name: `Motion: ${text}` }),
  vote: (motion: string, name: string, vote: string) => page.getByRole('article', { name: `Motion: ${motion}` }).getByRole('radiogroup', { name: `Vote of ${name}` }).getByRole('radio', { name: vote }).click(),
  close: (motion: string) => page.getByRole('article', { name: `Motion: ${motion}` }).getByRole('button', { name: 'Close motion' }).click(),
  outcome: (motion: string) => page.getByRole('article', { name: `Motion: ${motion}` }).getByText(/^(Carried|Failed)$/),
  draftMinutes: page.getByRole('button', { name: 'Draft Minutes' }),
  saveMinutes: page.getByRole('button', { name: 'Save Minutes' }),
  publishAs: page.getByLabel('Publish as', { exact: true }),
  publishMinutes: page.getByRole('button', { name: 'Publish Minutes' }),
});

/** How many rows of each record table the server holds for the meeting. */
export async function storedRecord(server: E2EServer, meetingId: string) {
  const count = async (table: string, where = '') => Number((await server.db.execute({ sql: `SELECT count(*) AS n FROM ${table} WHERE meeting_id = ? ${where}`, args: [meetingId] })).rows[0].n);
  return { attendance: await count('meeting_attendance'), present: await count('meeting_attendance', 'AND present = 1'), motions: await count('meeting_motions'), votes: await count('meeting_votes') };
}

/** The meeting as stored: status, minutes status, its minutes document. */
export async function storedMeeting(server: E2EServer, id: string) {
  const rs = await server.db.execute({ sql: 'SELECT status, minutes_status, minutes_document_id FROM meetings WHERE id = ?', args: [id] });
  const r = rs.rows[0];
  return { status: String(r.status), minutesStatus: String(r.minutes_status), documentId: r.minutes_document_id as string | null };
}

/** The outcome of each motion, by text. */
export async function storedOutcomes(server: E2EServer, meetingId: string) {
  const rs = await server.db.execute({ sql: 'SELECT text, outcome FROM meeting_motions WHERE meeting_id = ? ORDER BY text', args: [meetingId] });
  return Object.fromEntries(rs.rows.map((r) => [String(r.text), r.outcome as string | null]));
}

/** Agenda mails queued for the meeting, by recipient address. */
export async function agendaMails(server: E2EServer, meetingId: string) {
  const rs = await server.db.execute({ sql: "SELECT to_email FROM email_outbox WHERE ref = ? AND template = 'meeting-agenda'", args: [`meeting:${meetingId}`] });
  return rs.rows.map((r) => String(r.to_email));
}

/** An open request of the HOA of `email` (its title), to link on the agenda. */
export async function openRequestTitle(server: E2EServer, email: string) {
  const rs = await server.db.execute({
    sql: "SELECT r.title FROM requests r JOIN users u ON u.hoa_id = r.hoa_id WHERE u.email = ? AND r.status = 'open' ORDER BY r.created_at DESC LIMIT 1",
    args: [email],
  });
  return String(rs.rows[0].title);
}
