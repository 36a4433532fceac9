/**
 * Inspection rounds through sync: the board and the superadmin receive their HOA's rounds and stops,
 * with the values REST answers; residents receive none. Two board members split a round: a second
 * outcome for the same address is refused and comes back to its maker as a notice naming who was first.
 */
import { roundViewOfApi } from '../../client/features/inspections/use-round-entity';
import { afterEach, describe, expect, it } from 'vitest';
import { INSPECTION_MESSAGES, stopIdOf } from '../../schema/inspections';
import { syncedShape } from '../../schema/rest-shape';
import { ROUND_SPACE, STOP_SPACE, stopKey, type SyncedRound, type SyncedStop } from '../../sync/areas/inspections';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO } from '../helpers/http';
import { signedInClient } from './client';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

const ROUNDS = `${ROUND_SPACE}/`;
const STOPS = `${STOP_SPACE}/`;

describe('inspection rounds pulled and pushed', () => {
  it('reach the board and the superadmin of their HOA with the values REST answers; residents receive nothing', async () => {
    t = await createTestApp();
    const [ben, olivia, rita, cedar] = await Promise.all([DEMO.maple.board, DEMO.maple.superadmin, DEMO.maple.resident, DEMO.cedar.board].map((e) => signedInClient(t!, e)));
    for (const c of [ben, olivia, rita, cedar]) await c.pull();
    // The demo data: a finished round and one in progress per HOA.
    expect(ben.values<SyncedRound>(ROUNDS).map((r) => r.status).sort()).toEqual(['finished', 'in_progress']);
    expect(olivia.keys(ROUNDS)).toEqual(ben.keys(ROUNDS));
    expect(rita.keys(ROUNDS)).toEqual([]);
    expect(rita.keys(STOPS)).toEqual([]);
    expect(cedar.keys(ROUNDS).some((k) => ben.keys(ROUNDS).includes(k))).toBe(false);

    const round = ben.values<SyncedRound>(ROUNDS).find((r) => r.status === 'in_progress')!;
    const rest = (await call(t, 'GET', `/api/inspections/${round.id}`, { token: ben.token })).json;
    const stops = ben.values<SyncedStop>(STOPS).filter((s) => s.roundId === round.id).sort((a, b) => a.position - b.position);
    expect(stops.map((s) => ({ ...s, doneAt: s.doneAt === null ? null : new Date(s.doneAt).toISOString() }))).toEqual(syncedShape(rest.stops));
    expect(stops.some((s) => s.residents.length > 0)).toBe(true);
    // The round screen's REST read (before the cache opens) shows what the cache then shows.
    expect(roundViewOfApi(rest)).toEqual({ round, stops });
  });

  it('two board members mark the same address: the first outcome stays, the second comes back as a notice', async () => {
    t = await createTestApp();
    const [ben, olivia] = await Promise.all([DEMO.maple.board, DEMO.maple.superadmin].map((e) => signedInClient(t!, e)));
    const id = crypto.randomUUID();
    expect((await ben.push([ben.mutation('startInspectionRound', { id, title: 'Split walk', date: '2026-11-21' })])).status).toBe(200);
    for (const c of [ben, olivia]) await c.pull();
    const first = ben.values<SyncedStop>(STOPS).filter((s) => s.roundId === id).sort((a, b) => a.position - b.position)[0];
    expect(first.id).toBe(stopIdOf(id, first.addressId));

    await ben.push([ben.mutation('markInspectionStop', { roundId: id, addressId: first.addressId, outcome: 'no_issues', violationId: null })]);
    // Olivia had not pulled Ben's mark: her push is refused, with a notice that names Ben.
    await olivia.push([olivia.mutation('markInspectionStop', { roundId: id, addressId: first.addressId, outcome: 'no_issues', violationId: null })]);
    for (const c of [ben, olivia]) await c.pull();
    expect(olivia.values<SyncedStop>(stopKey(first.id))[0]).toMatchObject({ outcome: 'no_issues', doneBy: { name: 'Ben Board' }, version: 2 });
    expect(olivia.values<{ message: string }>('notice/')).toEqual([expect.objectContaining({ message: INSPECTION_MESSAGES.alreadyInspected('Ben Board') })]);
    expect(ben.values('notice/')).toEqual([]);

    // A resident's push of a round is refused before its arguments are read.
    const rita = await signedInClient(t, DEMO.maple.resident);
    await rita.push([rita.mutation('startInspectionRound', { id: crypto.randomUUID(), title: 'Not mine', date: '2026-11-21' })]);
    await rita.pull();
    expect(rita.keys(ROUNDS)).toEqual([]);
    expect(rita.values<{ message: string }>('notice/')).toEqual([expect.objectContaining({ message: INSPECTION_MESSAGES.boardOnly })]);
  });
});
