/**
 * Saved list views through sync: a user's views reach each of their devices and no one else's (not
 * the board's of the same HOA, not another HOA's); the synced values say what REST says; a delete
 * leaves every device; a save the server refuses (a name taken on the list) comes back as a notice.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LIST_VIEW_MESSAGES, type ApiListView } from '../../schema/list-views';
import { listViewKey, LIST_VIEW_SPACE, type SyncedListView } from '../../sync/areas/list-views';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO } from '../helpers/http';
import { signedInClient, SyncTestClient } from './client';

let t: TestApp | undefined;
afterEach(() => {
  t?.close();
  t = undefined;
});

const PREFIX = `${LIST_VIEW_SPACE}/`;
const viewsOf = (c: SyncTestClient) => c.values<SyncedListView>(PREFIX);

/** The REST answer in the synced value's terms. */
async function restViews(token: string): Promise<SyncedListView[]> {
  const r = await call(t!, 'GET', '/api/list-views', { token });
  expect(r.status).toBe(200);
  return (r.json.views as ApiListView[]).map((v) => ({ id: v._id, list: v.list, name: v.name, filters: v.filters, createdAt: Date.parse(v.createdAt), updatedAt: Date.parse(v.updatedAt), version: v.version }));
}
const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

const save = (c: SyncTestClient, args: Record<string, unknown>) => c.push([c.mutation('saveListView', args)]);

describe('saved list views pulled', () => {
  it('reach each of their user’s devices and no one else’s; the values are what REST answers', async () => {
    t = await createTestApp();
    const [ray, ben, rita, chris] = await Promise.all([DEMO.maple.resident2, DEMO.maple.board, DEMO.maple.resident, DEMO.cedar.resident].map((e) => signedInClient(t!, e)));
    const rayPhone = new SyncTestClient(t, ray.token);
    for (const c of [ray, rayPhone, ben, rita, chris]) await c.pull();
    const before = { ben: viewsOf(ben), rita: viewsOf(rita), chris: viewsOf(chris) };
    // Ray keeps none in the demo data; the others' seeded views are their own.
    expect(viewsOf(ray)).toEqual([]);
    for (const c of [ben, rita, chris]) expect(byId(viewsOf(c))).toEqual(byId(await restViews(c.token)));

    const id = crypto.randomUUID();
    expect((await save(ray, { id, list: 'requests', name: 'Open leaks', filters: { search: 'leak', selected: { status: ['open'] } } })).status).toBe(200);
    for (const c of [ray, rayPhone, ben, rita, chris]) await c.pull();

    expect(ray.keys(PREFIX)).toEqual([listViewKey(id)]);
    expect(viewsOf(rayPhone)).toEqual(viewsOf(ray));
    expect(viewsOf(ray)).toEqual(await restViews(ray.token));
    expect(viewsOf(ray)[0]).toMatchObject({ list: 'requests', name: 'Open leaks', filters: { search: 'leak', selected: { status: ['open'] }, sort: 'newest' } });
    // No one else received it, and nothing of theirs changed.
    expect({ ben: viewsOf(ben), rita: viewsOf(rita), chris: viewsOf(chris) }).toEqual(before);
    for (const c of [ben, rita, chris]) expect(c.lastPatch.filter((op) => 'key' in op && op.key.startsWith(PREFIX))).toEqual([]);
  });

  it('a rename and a delete reach every device of the user; a refused save leaves a notice and no view', async () => {
    t = await createTestApp();
    const ray = await signedInClient(t, DEMO.maple.resident2);
    const rayPhone = new SyncTestClient(t, ray.token);
    const id = crypto.randomUUID();
    await save(ray, { id, list: 'violations', name: 'Parking', filters: { selected: { category: ['Parking'] } } });
    await rayPhone.pull();
    expect(viewsOf(rayPhone).map((v) => v.name)).toEqual(['Parking']);
    const first = viewsOf(rayPhone)[0].version;

    await save(ray, { id, list: 'violations', name: 'Parking, oldest first', filters: { selected: { category: ['Parking'] }, sort: 'oldest' } });
    await rayPhone.pull();
    expect(viewsOf(rayPhone)).toEqual(await restViews(ray.token));
    expect(viewsOf(rayPhone)[0]).toMatchObject({ name: 'Parking, oldest first', version: first + 1 });

    // The phone, not knowing of the rename, saves a new view under the taken name: refused, noticed.
    await save(rayPhone, { id: crypto.randomUUID(), list: 'violations', name: 'parking, OLDEST first' });
    await rayPhone.pull();
    expect(viewsOf(rayPhone)).toHaveLength(1);
    expect(rayPhone.values<{ message: string; subject: string | null }>('notice/')).toEqual([
      expect.objectContaining({ message: LIST_VIEW_MESSAGES.nameTaken, subject: 'parking, OLDEST first' }),
    ]);

    await ray.push([ray.mutation('deleteListView', { id })]);
    await rayPhone.pull();
    expect(viewsOf(rayPhone)).toEqual([]);
    expect(rayPhone.lastPatch).toContainEqual({ op: 'del', key: listViewKey(id) });
  });

  it('a view deleted and saved again under its id reaches a device that still holds the deleted one', async () => {
    t = await createTestApp();
    const ray = await signedInClient(t, DEMO.maple.resident2);
    const rayPhone = new SyncTestClient(t, ray.token);
    const id = crypto.randomUUID();
    await save(ray, { id, list: 'requests', name: 'Pool', filters: { search: 'pool' } });
    await rayPhone.pull();
    expect(viewsOf(rayPhone).map((v) => v.name)).toEqual(['Pool']);

    // Deleted on one device, renamed by another that had not heard of the delete, before the phone pulls.
    await ray.push([ray.mutation('deleteListView', { id })]);
    await save(ray, { id, list: 'requests', name: 'Pool and spa', filters: { search: 'spa' } });
    await rayPhone.pull();
    expect(viewsOf(rayPhone)).toEqual(await restViews(ray.token));
    expect(viewsOf(rayPhone).map((v) => v.name)).toEqual(['Pool and spa']);
  });

  it('deleting another user’s view by sync changes nothing of theirs (a notice each for the sender)', async () => {
    t = await createTestApp();
    const [ben, ray] = await Promise.all([signedInClient(t, DEMO.maple.board), signedInClient(t, DEMO.maple.resident2)]);
    await ben.pull();
    const [bens] = viewsOf(ben);
    await ray.push([ray.mutation('deleteListView', { id: bens.id }), ray.mutation('saveListView', { id: bens.id, list: 'requests', name: 'Mine now' })]);
    await ray.pull();
    await ben.pull();
    expect(viewsOf(ray)).toEqual([]);
    expect(ray.values<{ mutationName: string; message: string }>('notice/').map((n) => [n.mutationName, n.message]).sort()).toEqual([
      ['deleteListView', LIST_VIEW_MESSAGES.notFound],
      ['saveListView', LIST_VIEW_MESSAGES.notFound],
    ]);
    expect(viewsOf(ben).find((v) => v.id === bens.id)).toEqual(bens);
  });
});
