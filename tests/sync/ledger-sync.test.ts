/**
 * The ledger through sync: a resident receives their own lines, the board its HOA's, no one
 * another HOA's; the statement computed from the pulled cache (statementOf, as the screen does) is
 * the REST statement, line for line, and each line's REST answer is its synced value.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { balanceSentence, statementOf, yearOf } from '../../schema/ledger';
import type { SyncedLedgerLine } from '../../sync/areas/ledger';
import { toApiLedgerLine } from '../../worker/domain/ledger';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO } from '../helpers/http';
import { signedInClient, type SyncTestClient } from './client';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

const linesOf = (c: SyncTestClient) => c.values<SyncedLedgerLine>('ledger/');

describe('the ledger pulled', () => {
  it('residents receive their own lines, the board its HOA’s; the statement from the cache equals REST', async () => {
    t = await createTestApp();
    const [rita, ben, cora] = await Promise.all([DEMO.maple.resident, DEMO.maple.board, DEMO.cedar.board].map((e) => signedInClient(t!, e)));
    for (const c of [rita, ben, cora]) await c.pull();
    expect(linesOf(rita).length).toBeGreaterThan(12);
    expect(linesOf(rita).every((l) => l.resident.id === rita.userId)).toBe(true);
    const maple = new Set(linesOf(ben).map((l) => l.id));
    expect(linesOf(rita).every((l) => maple.has(l.id))).toBe(true);
    expect(linesOf(cora).some((l) => maple.has(l.id))).toBe(false);

    // Rita's own statement, and the board's view of it, for all time and for one year.
    const mine = linesOf(rita);
    const year = yearOf(Math.max(...mine.map((l) => l.occurredAt)));
    for (const [c, query, who] of [
      [rita, '', 'you'],
      [ben, `?user_id=${rita.userId}`, 'Rita Resident'],
    ] as const) {
      const cached = linesOf(c).filter((l) => l.resident.id === rita.userId);
      for (const y of [null, year]) {
        const s = statementOf(cached, y);
        const rest = await call(t, 'GET', `/api/ledger${query}${y ? `${query ? '&' : '?'}year=${y}` : ''}`, { token: c.token });
        expect(rest.status).toBe(200);
        expect(rest.json).toMatchObject({ years: s.years, opening_balance_cents: s.openingCents, closing_balance_cents: s.closingCents, balance_cents: s.balanceCents, balance_text: balanceSentence(s.balanceCents, who) });
        expect(rest.json.lines).toEqual(s.lines.map(toApiLedgerLine));
      }
      for (const l of cached.filter((x) => x.kind === 'payment').slice(0, 3)) {
        expect((await call(t, 'GET', `/api/ledger/lines/${l.id}`, { token: c.token })).json).toEqual(toApiLedgerLine(l));
      }
    }
  });
});
