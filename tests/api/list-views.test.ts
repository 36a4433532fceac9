/**
 * Saved list views API: a user saves, renames and deletes views of their own; names are required,
 * at most 60 characters and unique per user and list (case-blind); filters are bounded; another
 * user's or another HOA's view is a 404 for every route, and no one lists another's views.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIST_VIEW_MESSAGES, LIST_VIEWS_PER_LIST_MAX, type ApiListView } from '../../schema/list-views';
import { createTestApp, type TestApp } from '../helpers/app';
import { call, DEMO, login } from '../helpers/http';

let t: TestApp;
let ray: string;
let ben: string;
let chris: string;

beforeEach(async () => {
  t = await createTestApp();
  [ray, ben, chris] = (await Promise.all([login(t, DEMO.maple.resident2), login(t, DEMO.maple.board), login(t, DEMO.cedar.resident)])).map((s) => s.token);
});
afterEach(() => t.close());

const save = (token: string, body: Record<string, unknown>) => call(t, 'POST', '/api/list-views', { token, body });
const views = async (token: string, list?: string): Promise<ApiListView[]> => {
  const r = await call(t, 'GET', `/api/list-views${list ? `?list=${list}` : ''}`, { token });
  expect(r.status).toBe(200);
  return r.json.views;
};
const openLeaks = { list: 'requests', name: 'Open leaks', filters: { search: 'leak', selected: { status: ['open', 'in_progress'] }, sort: 'oldest' } };

describe('saving a view', () => {
  it('creates a view with the filters given (201), renames it by id (200), keeps it on its list', async () => {
    const created = await save(ray, openLeaks);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ list: 'requests', name: 'Open leaks', filters: openLeaks.filters });
    // A new view starts above every version of its user's rows (an id deleted and used again never repeats one).
    expect(created.json.version).toBeGreaterThanOrEqual(1);
    expect(await views(ray, 'requests')).toEqual([created.json]);

    const renamed = await save(ray, { id: created.json._id, list: 'documents', name: '  Leaks, oldest first ', filters: { search: 'leak' } });
    expect(renamed.status).toBe(200);
    // Trimmed; the filters replaced (defaults filled in); still on /requests.
    expect(renamed.json).toMatchObject({ _id: created.json._id, list: 'requests', name: 'Leaks, oldest first', filters: { search: 'leak', selected: {}, sort: 'newest' }, version: created.json.version + 1 });
    expect(await views(ray, 'documents')).toEqual([]);
  });

  it('takes a client-made id, and answers the views of one list or of all, by name case-blind', async () => {
    const id = crypto.randomUUID();
    expect((await save(ray, { ...openLeaks, id, name: 'beta' })).json._id).toBe(id);
    await save(ray, { ...openLeaks, name: 'Alpha' });
    await save(ray, { ...openLeaks, list: 'violations', name: 'Gamma' });
    expect((await views(ray, 'requests')).map((v) => v.name)).toEqual(['Alpha', 'beta']);
    expect((await views(ray)).map((v) => v.name)).toEqual(['Alpha', 'beta', 'Gamma']);
  });

  it('refuses a missing, blank or too long name, an unknown list and unbounded filters with 400 errors:[{path,msg}]', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ list: 'requests' }, 'name', LIST_VIEW_MESSAGES.nameRequired],
      [{ ...openLeaks, name: '   ' }, 'name', LIST_VIEW_MESSAGES.nameRequired],
      [{ ...openLeaks, name: 'x'.repeat(61) }, 'name', LIST_VIEW_MESSAGES.nameTooLong],
      [{ ...openLeaks, list: 'announcements' }, 'list', LIST_VIEW_MESSAGES.listInvalid],
      [{ ...openLeaks, filters: { search: 'x'.repeat(201) } }, 'filters.search', LIST_VIEW_MESSAGES.searchTooLong],
      [{ ...openLeaks, filters: { selected: { status: Array.from({ length: 31 }, (_, i) => `s${i}`) } } }, 'filters.selected.status', LIST_VIEW_MESSAGES.filtersInvalid],
      [{ ...openLeaks, filters: { sort: 'sideways' } }, 'filters.sort', LIST_VIEW_MESSAGES.filtersInvalid],
      [{ ...openLeaks, id: 'no spaces allowed' }, 'id', 'Id is invalid'],
    ];
    for (const [body, path, msg] of cases) {
      const r = await save(ray, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.errors).toContainEqual({ path, msg });
    }
    const nine = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`f${i}`, []]));
    expect((await save(ray, { ...openLeaks, filters: { selected: nine } })).status).toBe(400);
    expect(await views(ray)).toEqual([]);
  });

  it('keeps names unique per user and list, case-blind: 400 on name; the same name on another list or for another user is fine', async () => {
    const first = await save(ray, openLeaks);
    const again = await save(ray, { ...openLeaks, name: ' OPEN LEAKS' });
    expect(again.status).toBe(400);
    expect(again.json.errors).toEqual([{ path: 'name', msg: LIST_VIEW_MESSAGES.nameTaken }]);
    // Renaming another view to the taken name is refused too; renaming a view to its own name is not.
    const other = await save(ray, { ...openLeaks, name: 'Other' });
    expect((await save(ray, { ...openLeaks, id: other.json._id, name: 'open leaks' })).status).toBe(400);
    expect((await save(ray, { ...openLeaks, id: first.json._id, name: 'Open Leaks' })).status).toBe(200);
    expect((await save(ray, { ...openLeaks, list: 'violations' })).status).toBe(201);
    expect((await save(ben, openLeaks)).status).toBe(201);
  });

  it(`keeps at most ${LIST_VIEWS_PER_LIST_MAX} views on a list (409)`, async () => {
    for (let i = 0; i < LIST_VIEWS_PER_LIST_MAX; i++) expect((await save(ray, { ...openLeaks, name: `View ${i}` })).status).toBe(201);
    const over = await save(ray, { ...openLeaks, name: 'One too many' });
    expect(over.status).toBe(409);
    expect(over.json.message).toBe(LIST_VIEW_MESSAGES.tooMany);
    expect((await save(ray, { ...openLeaks, list: 'violations', name: 'One too many' })).status).toBe(201);
  });
});

describe('whose views', () => {
  it('lists only the caller’s views: not another user’s of the same HOA (the board’s included), not another HOA’s', async () => {
    const mine = (await save(ray, openLeaks)).json as ApiListView;
    expect(await views(ray)).toEqual([mine]);
    // Ben (board) has seeded views of his own, and sees none of Ray's.
    const bens = await views(ben);
    expect(bens.length).toBeGreaterThan(0);
    expect(bens.map((v) => v._id)).not.toContain(mine._id);
    expect((await views(chris)).map((v) => v._id)).not.toContain(mine._id);
  });

  it('another user’s or another HOA’s view is a 404 to save over or delete, and stays as it was', async () => {
    const mine = (await save(ray, openLeaks)).json as ApiListView;
    for (const token of [ben, chris]) {
      const over = await save(token, { ...openLeaks, id: mine._id, name: 'Taken over' });
      expect(over.status).toBe(404);
      expect(over.json.message).toBe(LIST_VIEW_MESSAGES.notFound);
      const gone = await call(t, 'DELETE', `/api/list-views/${mine._id}`, { token });
      expect(gone.status).toBe(404);
    }
    expect(await views(ray)).toEqual([mine]);
  });

  it('deletes the caller’s view; a second delete, or an unknown id, is a 404', async () => {
    const mine = (await save(ray, openLeaks)).json as ApiListView;
    const r = await call(t, 'DELETE', `/api/list-views/${mine._id}`, { token: ray });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ message: LIST_VIEW_MESSAGES.deleted });
    expect(await views(ray)).toEqual([]);
    expect((await call(t, 'DELETE', `/api/list-views/${mine._id}`, { token: ray })).status).toBe(404);
    // The name is free again at once.
    expect((await save(ray, openLeaks)).status).toBe(201);
  });

  it('asks for a signed-in user, and refuses an unknown list in the query', async () => {
    expect((await call(t, 'GET', '/api/list-views')).status).toBe(401);
    const r = await call(t, 'GET', '/api/list-views?list=payments', { token: ray });
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([{ path: 'list', msg: LIST_VIEW_MESSAGES.listInvalid }]);
  });
});
