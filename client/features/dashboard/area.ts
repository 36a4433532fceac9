/**
 * The dashboard, client half: / and /dashboard with its navigation entry, for the board and the
 * superadmin (`dashboardPolicy.maySee`); a resident is sent to their home, Announcements
 * (`dashboardPolicy.homeOf`). Spelled as the route's role rule and target, so the entry chunk does
 * not load the dashboard's schema; client/app/areas.test.ts holds them to the policy.
 */
import { defineClientArea } from '../../app/client-area';
import { lazyPage, type RouteDef } from '../../app/route-def';

const DashboardPage = lazyPage(() => import('./DashboardPage'), 'DashboardPage');

export const dashboardClientArea = defineClientArea({
  routes: ['/', '/dashboard'].map((path): RouteDef => ({ path, access: 'board', denied: '/announcements', page: DashboardPage })),
  nav: [{ label: 'Dashboard', href: '/dashboard', alsoActive: ['/'] }],
});
