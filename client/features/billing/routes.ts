/** Billing's screens: /reactivation is open to everyone, /plan-selection is the superadmin's. */
import { lazyPage as page, type RouteDef } from '../../app/route-def';

const ReactivationPage = page(() => import('./ReactivationPage'), 'ReactivationPage');
const PlanSelectionPage = page(() => import('./PlanSelectionPage'), 'PlanSelectionPage');

export const billingRoutes: RouteDef[] = [
  { path: '/reactivation', access: 'open', page: ReactivationPage },
  { path: '/plan-selection', access: 'superadmin', page: PlanSelectionPage },
];
