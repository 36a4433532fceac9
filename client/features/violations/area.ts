/** Compliance violations, client half: the screens, /violations paths the same screens, and the Compliance entry. */
import { defineClientArea } from '../../app/client-area';
import { lazyPage, type RouteDef } from '../../app/route-def';

const ViolationsPage = lazyPage(() => import('./ViolationsPage'), 'ViolationsPage');
const ViolationCreatePage = lazyPage(() => import('./ViolationCreatePage'), 'ViolationCreatePage');
const ViolationDetailPage = lazyPage(() => import('./ViolationDetailPage'), 'ViolationDetailPage');
const ViolationMessagesPage = lazyPage(() => import('./ViolationMessagesPage'), 'ViolationMessagesPage');

export const violationsClientArea = defineClientArea({
  routes: ['/compliance', '/violations'].flatMap((base): RouteDef[] => [
    { path: base, access: 'signed-in', page: ViolationsPage },
    // Others are redirected to /dashboard.
    { path: `${base}/create`, access: 'board', page: ViolationCreatePage },
    { path: `${base}/:id/messages`, access: 'signed-in', page: ViolationMessagesPage },
    { path: `${base}/:id`, access: 'signed-in', page: ViolationDetailPage },
  ]),
  nav: [{ label: 'Compliance', href: '/compliance', alsoActive: ['/violations'] }],
});
