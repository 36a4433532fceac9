/** The resident directory, server half: its REST router and the synced directory entries. */
import { directorySyncArea } from '../domain/directory';
import { defineServerArea } from '../kit/server-area';
import { directoryRoutes } from '../routes/directory';

export const directoryArea = defineServerArea({
  name: 'directory',
  routes: [{ path: '/api/directory', router: directoryRoutes }],
  sync: [directorySyncArea],
});
