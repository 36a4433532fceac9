/** Page objects of the owner votes screens (roles and labels, as a user finds things) and the database reads the story checks against. */
import type { Page } from 'playwright-core';
import type { E2EServer } from '../../helpers/browser';
import { listScreen } from './lists';

export const votesList = (page: Page) => ({
  ...listScreen(page, '/votes', 'Votes'),
  newVote: page.getByRole('link', { name: 'New Vote' }).first(),
  meetings: page.getByRole('link', { name: 'Meetings' }).first(),
});

export const voteForm = (page: Page) => ({
  question: page.getByRole('textbox', { name: /^Question/ }),
  option: (n: number) => page.getByRole('textbox', { name: `Option ${n}` }),
  opensAt: page.getByLabel(/^Opens at/),
  closesAt: page.getByLabel(/^Closes at/),
  quorum: page.getByLabel(/^Quorum/),
  submit: page.getByRole('button', { name: 'Create Vote' }),
});

export const voteScreen = (page: Page) => ({
  household: page.getByRole('heading', { name: "Your household's vote" }),
  choice: (label: string) => page.getByRole('radio', { name: label }),
  cast: page.getByRole('button', { name: 'Cast Vote' }),
  change: page.getByRole('button', { name: 'Change Vote' }),
  queued: page.getByText('Queued', { exact: true }),
  receiptCode: page.getByText(/^[0-9A-HJKMNP-TV-Z]{10}$/),
  receiptField: page.getByRole('textbox', { name: 'Receipt code' }),
  check: page.getByRole('button', { name: 'Check', exact: true }),
  /** Chooses `label` and casts (or changes) the household's vote. */
  async vote(label: string) {
    await this.choice(label).check();
    await (await this.change.isVisible() ? this.change : this.cast).click();
  },
});

/** The counting ballots of a vote as stored: address and choices. */
export async function storedBallots(server: E2EServer, voteId: string) {
  const rs = await server.db.execute({ sql: 'SELECT address_id, choices, cast_by, code FROM vote_ballots WHERE vote_id = ? AND replaced_at IS NULL', args: [voteId] });
  return rs.rows.map((r) => ({ addressId: String(r.address_id), choices: JSON.parse(String(r.choices)) as number[], castBy: String(r.cast_by), code: String(r.code) }));
}
