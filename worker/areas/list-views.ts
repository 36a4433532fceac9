/** Saved list views, server half: REST, a user's own views synced to their devices, and the mutators' domain calls. */
import type { listViewMutators } from '../../sync/areas/list-views';
import { deleteListView, saveListView } from '../domain/list-views';
import { listViewSyncArea } from '../domain/list-views/sync';
import { defineServerArea, type ServerMutators } from '../kit/server-area';
import { listViewRoutes } from '../routes/list-views';

const mutators: ServerMutators<keyof typeof listViewMutators> = {
  saveListView: (deps, tx, actor, args) => saveListView(deps, tx, actor, args),
  deleteListView: (deps, tx, actor, args) => deleteListView(deps, tx, actor, args.id),
};

export const listViewsArea = defineServerArea({
  name: 'list-views',
  routes: [{ path: '/api/list-views', router: listViewRoutes }],
  sync: [listViewSyncArea],
  mutators,
});
