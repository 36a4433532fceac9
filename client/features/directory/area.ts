/** The resident directory, client half: /directory for every member; no navigation entry (linked from the residents' home and the profile). */
import { defineClientArea } from '../../app/client-area';
import { lazyPage } from '../../app/route-def';

const DirectoryPage = lazyPage(() => import('./DirectoryPage'), 'DirectoryPage');

export const directoryClientArea = defineClientArea({
  routes: [{ path: '/directory', access: 'signed-in', page: DirectoryPage }],
  nav: [],
});
