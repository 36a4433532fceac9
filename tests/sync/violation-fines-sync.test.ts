/**
 * Fines and hearings through sync: the board advances a case offline and the push does what REST does
 * (once, however often it is retried; one fine on the ledger), the resident asks for a hearing offline,
 * refusals become notices, the pulled value and the REST answer agree, and the optimistic value the
 * client shows predicts the server's.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { zonedToday } from '../../schema/days';
import { ledgerLines } from '../../schema/tables';
import { DEFAULT_FINE_SCHEDULE, FINE_MESSAGES } from '../../schema/violation-fines';
import { violationKey, type SyncedViolation } from '../../sync/areas/violations';
import { toApiViolation } from '../../worker/domain/violations';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';
import { localCaches } from '../helpers/replicache';
import { SyncTestClient } from './client';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

const DAY = 86_400_000;
async function clientFor(app: TestApp, email: string) {
  const session = await login(app, email);
  return Object.assign(new SyncTestClient(app, session.token), { user: session.user as { _id: string; name: string; role: 'resident' | 'board' | 'superadmin' } });
}
const issuing = (userId: string, id: string) => ({
  id,
  user_id: userId,
  category: 'Parking' as const,
  title: 'Trailer on the street',
  message: '<p>Please move the trailer.</p>',
  due_date: new Date(t!.clock() + 5 * DAY).toISOString().slice(0, 10),
  photo_url: null,
});

describe('violation fines pushed', () => {
  it('the board advances offline to a fine: each letter once however often pushed, one fine line; the resident asks a hearing offline; refusals are notices', async () => {
    t = await createTestApp();
    const [ben, rita] = await Promise.all([DEMO.maple.board, DEMO.maple.resident].map((e) => clientFor(t!, e)));
    const id = crypto.randomUUID();
    const letters = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const by = { by: { id: ben.user._id, name: 'Ben Board', role: 'board' as const } };
    const walk = [
      ben.mutation('issueViolation', issuing(rita.user._id, id)),
      ben.mutation('advanceViolation', { id: letters[0], violationId: id, from: 'reported', shown: by }),
      ben.mutation('advanceViolation', { id: letters[1], violationId: id, from: 'courtesy', shown: by }),
      ben.mutation('advanceViolation', { id: letters[2], violationId: id, from: 'warning', shown: by }),
    ];
    expect((await ben.push(walk)).status).toBe(200);
    // A second device replays the fine's letter, and a stale advance from the same stage: nothing more.
    const again = await clientFor(t, DEMO.maple.board);
    await again.push([again.mutation('advanceViolation', { id: letters[2], violationId: id, from: 'warning' }), again.mutation('advanceViolation', { id: crypto.randomUUID(), violationId: id, from: 'warning' })]);
    const lines = await t.deps.database.db.select({ kind: ledgerLines.kind, amount: ledgerLines.amountCents }).from(ledgerLines).where(eq(ledgerLines.violationId, id));
    expect(lines).toEqual([{ kind: 'fine', amount: 5_000 }]);

    await rita.pull();
    const forRita = rita.data.get(violationKey(id)) as SyncedViolation;
    expect(forRita).toMatchObject({ stage: 'fined', finedCents: 5_000, hearing: null });
    expect(forRita.letters.map((l) => [l.id, l.stage, l.fineCents])).toEqual([[letters[0], 'courtesy', 0], [letters[1], 'warning', 0], [letters[2], 'fined', 5_000]]);

    const hearingId = crypto.randomUUID();
    const me = { by: { id: rita.user._id, name: 'Rita Resident', role: 'resident' as const } };
    await rita.push([
      rita.mutation('requestViolationHearing', { id: hearingId, violationId: id, note: 'It was moved that night.', shown: me }),
      rita.mutation('requestViolationHearing', { id: crypto.randomUUID(), violationId: id, note: 'Twice?', shown: me }),
      rita.mutation('advanceViolation', { id: crypto.randomUUID(), violationId: id }),
    ]);
    await again.pull();
    await rita.pull();
    expect((again.data.get(violationKey(id)) as SyncedViolation).hearing).toMatchObject({ id: hearingId, note: 'It was moved that night.', decision: null });
    const noticesOf = (c: SyncTestClient) => c.values<{ mutationName: string; message: string }>('notice/').map((n) => [n.mutationName, n.message]);
    expect(noticesOf(rita).sort()).toEqual([['advanceViolation', FINE_MESSAGES.boardOnly], ['requestViolationHearing', FINE_MESSAGES.hearingTaken]].sort());
    expect(noticesOf(again)).toEqual([['advanceViolation', FINE_MESSAGES.stageMoved]]);

    // The pulled value and the REST answer say the same, for the resident and the board.
    for (const c of [rita, again]) {
      const pulled = c.data.get(violationKey(id)) as SyncedViolation;
      expect((await call(t, 'GET', `/api/violations/${id}`, { token: c.token })).json).toEqual(toApiViolation(pulled, zonedToday(t.clock(), 'America/Chicago')));
    }
  });
});

describe('violation fines, optimistic', () => {
  const localCache = localCaches();
  const ben = { id: 'u-ben', name: 'Ben Board', email: 'ben@example.test', role: 'board' as const };
  const rita = { id: 'u-rita', name: 'Rita Resident', role: 'resident' as const };

  it('advanceViolation shows each stage’s letter and the fine at once, skipping what the schedule leaves out; requestViolationHearing the hearing', async () => {
    const rep = localCache();
    const schedule = { ...DEFAULT_FINE_SCHEDULE, courtesyNotice: false };
    const form = { id: 'vio-00001', user_id: 'u-rita', category: 'Noise' as const, title: 'Loud music', message: '<p>After 10 pm.</p>', due_date: '2026-12-05', photo_url: null };
    await rep.mutate.issueViolation({ ...form, shown: { by: ben, schedule } });
    await rep.mutate.advanceViolation({ id: 'letter-0001', violationId: 'vio-00001', from: 'reported', shown: { by: ben } });
    await rep.mutate.advanceViolation({ id: 'letter-0002', violationId: 'vio-00001', from: 'warning', shown: { by: ben } });
    // Stale: the case is already fined.
    await rep.mutate.advanceViolation({ id: 'letter-0003', violationId: 'vio-00001', from: 'warning', shown: { by: ben } });
    const v = (await rep.query((tx) => tx.get(violationKey('vio-00001')))) as SyncedViolation;
    expect(v).toMatchObject({ stage: 'fined', finedCents: 5_000 });
    expect(v.letters.map((l) => [l.stage, l.fineCents])).toEqual([['warning', 0], ['fined', 5_000]]);
    expect(v.nextFineAt).toBeGreaterThan(Date.now() + 13 * DAY);
    expect(v.history.map((h) => h.action).slice(1)).toEqual(['Warning letter sent', 'Fined letter sent', 'Fine of $50.00 posted']);
    await rep.mutate.requestViolationHearing({ id: 'hearing-0001', violationId: 'vio-00001', note: 'Please', shown: { by: rita } });
    const heard = (await rep.query((tx) => tx.get(violationKey('vio-00001')))) as SyncedViolation;
    expect(heard.hearing).toMatchObject({ id: 'hearing-0001', note: 'Please', decision: null });
  });
});
