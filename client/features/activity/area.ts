/**
 * The activity trail, client half: /activity for the board and the superadmin, reached from the
 * Users screen's header and the dashboard's Recent Activity card (no main-navigation entry). Members'
 * own account's trail is a card on /profile (MyActivityCard).
 */
import { defineClientArea } from '../../app/client-area';
import { lazyPage } from '../../app/route-def';

const ActivityPage = lazyPage(() => import('./ActivityPage'), 'ActivityPage');

export const activityClientArea = defineClientArea({
  routes: [{ path: '/activity', access: 'board', page: ActivityPage }],
  nav: [],
});
