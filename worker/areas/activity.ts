/** The activity trail, server half: REST only (not synced) and the retention job. */
import { purgeOldActivity } from '../domain/activity';
import { defineServerArea } from '../kit/server-area';
import { activityRoutes } from '../routes/activity';

export const activityArea = defineServerArea({
  name: 'activity',
  routes: [{ path: '/api/activity', router: activityRoutes }],
  jobs: [{ name: 'purge-old-activity', run: (deps) => purgeOldActivity(deps) }],
});
