/**
 * Saved list views REST. Thin: parse, call worker/domain/list-views, answer. Every signed-in user,
 * their own views only (types in schema/list-views.ts; dates ISO 8601):
 *
 * - `GET /`        ?list=requests|violations|documents|dues|invoices (optional: every list without it)
 *                  → `{views: ApiListView[]}`, by name (case-blind), then id.
 * - `POST /`       `{id?, list, name, filters?: {search?, selected?: {<filter>: string[]}, sort?: 'newest'|'oldest'}}`
 *                  → 201 ApiListView for a new view; 200 ApiListView when `id` is one of the caller's
 *                  views (renamed, filters replaced; it stays on its list). 400 `errors:[{path,msg}]`
 *                  for an invalid body or a name the caller already uses on that list; 409 beyond
 *                  LIST_VIEWS_PER_LIST_MAX views on a list; 404 for an id of another user's or HOA's view.
 * - `DELETE /:id`  → `{message}`; 404 for another user's or HOA's view, or none.
 *
 * ApiListView: `_id, list, name, filters{search, selected, sort}, createdAt, updatedAt, version`.
 * The same views reach the user's devices by sync (key space `listView`, mutators `saveListView`
 * and `deleteListView`, which call the same domain functions).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { LIST_VIEW_MESSAGES, listViewsQuery } from '../../schema/list-views';
import { listViewBody } from '../../sync/areas/list-views';
import * as listViews from '../domain/list-views';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';

const idParam = z.object({ id: z.string().min(1).max(64) });

export const listViewRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', validate('query', listViewsQuery), async (c) => c.json({ views: await listViews.listListViews(c.var.deps.database.db, c.var.actor, c.req.valid('query').list) }))
  .post('/', validate('json', listViewBody), async (c) => {
    const { view, created } = await listViews.saveListViewAndAnswer(c.var.deps, c.var.actor, c.req.valid('json'));
    return c.json(view, created ? 201 : 200);
  })
  .delete('/:id', validate('param', idParam), async (c) => {
    const { deps, actor } = c.var;
    await deps.database.transaction((tx) => listViews.deleteListView(deps, tx, actor, c.req.valid('param').id));
    return c.json({ message: LIST_VIEW_MESSAGES.deleted });
  });
