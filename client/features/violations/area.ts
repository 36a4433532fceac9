/** Compliance violations, client half: the screens (with the fine schedule and printable letters), /violations paths the same screens, and the Compliance entry. */
import { defineClientArea } from '../../app/client-area';
import { lazyPage, type RouteDef } from '../../app/route-def';

const ViolationsPage = lazyPage(() => import('./ViolationsPage'), 'ViolationsPage');
const ViolationCreatePage = lazyPage(() => import('./ViolationCreatePage'), 'ViolationCreatePage');
const ViolationDetailPage = lazyPage(() => import('./ViolationDetailPage'), 'ViolationDetailPage');
const ViolationMessagesPage = lazyPage(() => import('./ViolationMessagesPage'), 'ViolationMessagesPage');
const ViolationLetterPage = lazyPage(() => import('./ViolationLetterPage'), 'ViolationLetterPage');
const FineSchedulePage = lazyPage(() => import('./FineSchedulePage'), 'FineSchedulePage');

export const violationsClientArea = defineClientArea({
  routes: ['/compliance', '/violations'].flatMap((base): RouteDef[] => [
    { path: base, access: 'signed-in', page: ViolationsPage },
    // Others are redirected to /dashboard.
    { path: `${base}/create`, access: 'board', page: ViolationCreatePage },
    { path: `${base}/fine-schedule`, access: 'board', page: FineSchedulePage, firstRead: '/api/violations/fine-schedules' },
    { path: `${base}/:id/letters/:letterId`, access: 'signed-in', page: ViolationLetterPage, firstRead: '/api/violations/:id' },
    { path: `${base}/:id/messages`, access: 'signed-in', page: ViolationMessagesPage, firstRead: '/api/violations/:id' },
    { path: `${base}/:id`, access: 'signed-in', page: ViolationDetailPage, firstRead: '/api/violations/:id' },
  ]),
  // Inspection rounds are linked from Compliance, and live under it in the navigation.
  nav: [{ label: 'Compliance', href: '/compliance', alsoActive: ['/violations', '/inspections'] }],
});
