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
  /** The first open address with a resident (a violation is issued to one). */
  occupiedOpenStop: page
    .getByRole('region', { name: 'Addresses' })
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: 'Record violation' }) })
    .filter({ hasNotText: 'Vacant' })
    .first(),
  noIssues: page.getByRole('button', { name: 'No issues' }).first(),
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
