/** Compliance violations, client half: the screens (community §2); /violations paths are the same screens. */
import { lazyPage, type RouteDef } from '../../app/route-def';

const ViolationsPage = lazyPage(() => import('./ViolationsPage'), 'ViolationsPage');
const ViolationCreatePage = lazyPage(() => import('./ViolationCreatePage'), 'ViolationCreatePage');
const ViolationDetailPage = lazyPage(() => import('./ViolationDetailPage'), 'ViolationDetailPage');
const ViolationMessagesPage = lazyPage(() => import('./ViolationMessagesPage'), 'ViolationMessagesPage');

export const violationRoutes: RouteDef[] = ['/compliance', '/violations'].flatMap((base) => [
  { path: base, access: 'signed-in' as const, page: ViolationsPage },
  // Others are redirected to /dashboard (community §2).
  { path: `${base}/create`, access: 'board' as const, page: ViolationCreatePage },
  { path: `${base}/:id/messages`, access: 'signed-in' as const, page: ViolationMessagesPage },
  { path: `${base}/:id`, access: 'signed-in' as const, page: ViolationDetailPage },
]);
