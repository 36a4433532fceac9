/**
 * Owner votes fixtures: a vote's body, and a street of voters (addresses made through the addresses
 * API, one active resident each, signed in) for the API, sync and e2e stories.
 */
import { hashPassword } from '../../worker/services/passwords';
import { users } from '../../schema/tables';
import { newId } from '../../worker/services/tokens';
import type { TestApp } from './app';
import { call, DEMO_PASSWORD, login } from './http';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** POST /api/votes's body: a secret poll opening now and closing in two hours; `over` replaces fields. */
export const voteBody = (now: number, over: Record<string, unknown> = {}) => ({
  question: 'Repave the clubhouse parking lot this spring?',
  description: 'The quote from Lone Star Paving is $48,500, paid from the reserve fund.',
  kind: 'poll',
  options: ['Yes', 'No'],
  opens_at: new Date(now).toISOString(),
  closes_at: new Date(now + 2 * HOUR).toISOString(),
  quorum_percent: 50,
  secret: true,
  results_live: false,
  ...over,
});

export interface Voter {
  n: number;
  id: string;
  name: string;
  email: string;
  addressId: string;
  token: string;
}

/**
 * `count` new addresses on one street (POST /api/addresses as the board, `rented` ones marked so) with
 * one active resident each, signed in. `insert` writes the users (in process or on the e2e server).
 */
export async function addVoters(
  t: TestApp,
  p: { boardToken: string; hoaId: string; now: number; count: number; street: string; rented?: (n: number) => boolean; insert: (rows: (typeof users.$inferInsert)[]) => Promise<unknown> },
): Promise<Voter[]> {
  const hash = await hashPassword(DEMO_PASSWORD, 1_000);
  const rows: (typeof users.$inferInsert & { n: number })[] = [];
  for (let n = 1; n <= p.count; n++) {
    const a = await call(t, 'POST', '/api/addresses', { token: p.boardToken, body: { street: `${n} ${p.street}`, is_rented: p.rented?.(n) ?? false } });
    if (a.status !== 201) throw new Error(`address ${n}: ${a.status} ${JSON.stringify(a.json)}`);
    const slug = p.street.toLowerCase().replace(/[^a-z]+/g, '');
    rows.push({ n, id: newId(), hoaId: p.hoaId, name: `${p.street.split(' ')[0]} Voter ${String(n).padStart(2, '0')}`, email: `${slug}${n}@maplegrove.test`, role: 'resident', status: 'active', addressId: a.json._id, passwordHash: hash, createdAt: p.now, updatedAt: p.now });
  }
  if (rows.length > 0) await p.insert(rows.map(({ n: _n, ...r }) => r));
  const voters: Voter[] = [];
  for (const r of rows) voters.push({ n: r.n, id: r.id!, name: r.name, email: r.email, addressId: r.addressId!, token: (await login(t, r.email)).token });
  return voters;
}
