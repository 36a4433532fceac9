/**
 * Page objects of the inspection rounds screens (roles and labels, as a user finds things) and the
 * database reads the story checks against.
 */
import type { Page } from 'playwright-core';
import type { E2EServer } from '../../helpers/browser';

export const roundsList = (page: Page) => ({
  heading: page.getByRole('heading', { level: 1, name: 'Inspection Rounds' }),
  start: page.getByRole('link', { name: 'Start Round' }).first(),
  viewLink: (title: string) => page.getByRole('link', { name: `View ${title}` }),
});

export const startRoundForm = (page: Page) => ({
  title: page.getByRole('textbox', { name: 'Title' }),
  date: page.getByLabel('Date'),
  submit: page.getByRole('button', { name: 'Start Round' }),
});

export const roundScreen = (page: Page) => ({
  progress: page.getByText(/^\d+ of \d+ addresses done$/),
  /** The address cards, the next one first. */
  stops: page.getByRole('region', { name: 'Addresses' }).getByRole('article'),
  /** The first open address whose residents are all active (a violation goes to the first of them). */
  occupiedOpenStop: page
    .getByRole('region', { name: 'Addresses' })
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: 'Record violation' }) })
    .filter({ hasNotText: 'Vacant' })
    .filter({ hasNotText: /\((Invited|Inactive)\)/ })
    .first(),
  noIssues: page.getByRole('button', { name: 'No issues' }).first(),
  /** The address lines of the cards, top to bottom. */
  async addressLines(): Promise<string[]> {
    return this.stops.evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''));
  },
  finish: page.getByRole('button', { name: 'Finish Round' }),
  dialog: page.getByRole('dialog'),
  async doneCount(): Promise<number> {
    return Number(/^(\d+) of/.exec((await this.progress.textContent()) ?? '')?.[1] ?? -1);
  },
});

/** The round's stops as stored: outcome and row version of each done one. */
export async function storedStops(server: E2EServer, roundId: string) {
  const rs = await server.db.execute({
    sql: 'SELECT address_id, outcome, violation_id, version FROM inspection_stops WHERE round_id = ? AND outcome IS NOT NULL ORDER BY position',
    args: [roundId],
  });
  return rs.rows.map((r) => ({ addressId: String(r.address_id), outcome: String(r.outcome), violationId: r.violation_id as string | null, version: Number(r.version) }));
}

/** How many stops the server stored for the round. */
export async function storedStopCount(server: E2EServer, roundId: string): Promise<number> {
  const rs = await server.db.execute({ sql: 'SELECT count(*) AS n FROM inspection_stops WHERE round_id = ?', args: [roundId] });
  return Number(rs.rows[0].n);
}

/** The live addresses of `email`'s HOA as stored (id, street, unit), for the walking order the story expects. */
export async function storedDirectory(server: E2EServer, email: string) {
  const rs = await server.db.execute({
    sql: 'SELECT id, street, unit_number FROM addresses WHERE hoa_id = (SELECT hoa_id FROM users WHERE email = ?) AND deleted_at IS NULL',
    args: [email],
  });
  return rs.rows.map((r) => ({ id: String(r.id), street: String(r.street), unitNumber: r.unit_number == null ? null : String(r.unit_number) }));
}
