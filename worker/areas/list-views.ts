/** Saved list views, server half: REST and the mutators' domain calls (a user's own views, synced to their devices). */
import type { listViewMutators } from '../../sync/areas/list-views';
import { deleteListView, saveListView } from '../domain/list-views';
import { listViewRoutes } from '../routes/list-views';
import type { ServerArea, ServerMutators } from './types';

const mutators: ServerMutators<keyof typeof listViewMutators> = {
  saveListView: (deps, tx, actor, args) => saveListView(deps, tx, actor, args),
  deleteListView: (deps, tx, actor, args) => deleteListView(deps, tx, actor, args.id),
};

export const listViewsArea: ServerArea = {
  name: 'list-views',
  routes: [{ path: '/api/list-views', router: listViewRoutes }],
  mutators,
};
