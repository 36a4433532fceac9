/**
 * Architectural applications through sync: the board receives its HOA's applications with the
 * reviews, a resident their own without them, with the values REST answers; the review settings reach
 * the board only. A resident's application pushed from a device files the request beside it; a review
 * after the outcome, or by a resident, comes back to its maker as a notice.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES } from '../../schema/applications';
import { valueOfRest } from '../../schema/rest-shape';
import { fromApiHistoryEntry, type ApiHistoryEntry } from '../../schema/threads';
import { APPLICATION_REST, APPLICATION_SETTINGS_SPACE, APPLICATION_SPACE, applicationKey, syncedApplicationSchema, type SyncedApplication } from '../../sync/areas/applications';
import { requestKey, type SyncedRequest } from '../../sync/areas/requests';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO } from '../helpers/http';
import { signedInClient } from './client';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

const APPS = `${APPLICATION_SPACE}/`;
const SETTINGS = `${APPLICATION_SETTINGS_SPACE}/`;
const fromRest = (a: { history: ApiHistoryEntry[] }) => valueOfRest(syncedApplicationSchema, a, APPLICATION_REST, { history: (h: ApiHistoryEntry[]) => h.map(fromApiHistoryEntry) });

describe('architectural applications pulled and pushed', () => {
  it('the board receives the HOA’s with the reviews, a resident their own without them, as REST answers; settings reach the board only', async () => {
    t = await createTestApp();
    const [ben, rita, ray, cedar] = await Promise.all([DEMO.maple.board, DEMO.maple.resident, DEMO.maple.resident2, DEMO.cedar.board].map((e) => signedInClient(t!, e)));
    await ben.push([ben.mutation('setApplicationSettings', { hoaId: 'ignored', review_days: 45, deadline_rule: 'escalated' })]);
    for (const c of [ben, rita, ray, cedar]) await c.pull();
    const board = ben.values<SyncedApplication>(APPS);
    // The demo rows: under review, approved with conditions, denied, approved by default.
    expect(board.map((a) => a.status).sort()).toEqual(['approved_by_default', 'approved_with_conditions', 'denied', 'under_review']);
    expect(board.find((a) => a.status === 'under_review')!.reviews).toHaveLength(1);
    expect(board.find((a) => a.status === 'approved_with_conditions')!.letter?.html).toContain('conditions');
    const mine = rita.values<SyncedApplication>(APPS);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((a) => a.resident.id === rita.userId && a.reviews.length === 0)).toBe(true);
    expect(ray.values<SyncedApplication>(APPS).every((a) => a.resident.id === ray.userId)).toBe(true);
    expect(mine.length + ray.values(APPS).length).toBe(board.length);
    expect(cedar.keys(APPS).some((k) => ben.keys(APPS).includes(k))).toBe(false);

    for (const [client, value] of [
      [ben, board[0]],
      [rita, mine[0]],
    ] as const) {
      const rest = (await call(t, 'GET', `/api/applications/${value.id}`, { token: client.token })).json;
      expect(value).toEqual(fromRest(rest));
    }
    expect(ben.values(SETTINGS)).toEqual([expect.objectContaining({ reviewDays: 45, deadlineRule: 'escalated' })]);
    expect(rita.keys(SETTINGS)).toEqual([]);
  });

  it('an application pushed from a resident’s device files its request; a review after the outcome, or by a resident, is a notice', async () => {
    t = await createTestApp();
    const [rita, ben, tom] = await Promise.all([DEMO.maple.resident, DEMO.maple.board, 'tom.becker@maplegrove.test'].map((e) => signedInClient(t!, e)));
    const id = crypto.randomUUID();
    const submit = rita.mutation('submitApplication', { id, title: 'Garden shed', description: '<p>An 8 x 10 ft shed.</p>', start_date: '2027-03-01', photos: [], plans: [] });
    expect((await rita.push([submit])).status).toBe(200);
    for (const c of [rita, ben, tom]) await c.pull();
    expect(ben.values<SyncedApplication>(applicationKey(id))[0]).toMatchObject({ title: 'Garden shed', status: 'under_review', resident: { id: rita.userId } });
    expect(rita.values<SyncedRequest>(requestKey(id))[0]).toMatchObject({ category: 'Modification', title: 'Garden shed' });

    await rita.push([rita.mutation('reviewApplication', { applicationId: id, decision: 'approve' })]);
    await ben.push([ben.mutation('reviewApplication', { applicationId: id, decision: 'deny', reasons: 'Sheds must sit behind the house.' })]);
    await tom.push([tom.mutation('reviewApplication', { applicationId: id, decision: 'deny', reasons: 'Too close to the lot line.' })]);
    // Ben changes his mind after the outcome: refused, and told.
    await ben.push([ben.mutation('reviewApplication', { applicationId: id, decision: 'approve' })]);
    for (const c of [rita, ben]) await c.pull();
    expect(ben.values<SyncedApplication>(applicationKey(id))[0]).toMatchObject({ status: 'denied', decidedBy: 'reviews' });
    expect(ben.values<{ message: string }>('notice/')).toEqual([expect.objectContaining({ message: APPLICATION_MESSAGES.decided })]);
    expect(rita.values<{ message: string }>('notice/')).toEqual([expect.objectContaining({ message: APPLICATION_MESSAGES.reviewersOnly })]);
    expect(rita.values<SyncedApplication>(applicationKey(id))[0]).toMatchObject({ status: 'denied', reviews: [] });
  });
});
