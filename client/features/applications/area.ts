/**
 * Architectural review, client half: the list (with the board's review settings), Submit Application
 * and the application screen. Everyone signed in: the board sees the HOA's applications, a resident
 * their own. No entry of its own in the main navigation: the Requests screen links "Architectural Applications".
 */
import { defineClientArea } from '../../app/client-area';
import { lazyPage } from '../../app/route-def';

const ApplicationsPage = lazyPage(() => import('./ApplicationsPage'), 'ApplicationsPage');
const ApplicationCreatePage = lazyPage(() => import('./ApplicationCreatePage'), 'ApplicationCreatePage');
const ApplicationDetailPage = lazyPage(() => import('./ApplicationDetailPage'), 'ApplicationDetailPage');

export const applicationsClientArea = defineClientArea({
  routes: [
    { path: '/applications', access: 'signed-in', page: ApplicationsPage },
    { path: '/applications/create', access: 'signed-in', page: ApplicationCreatePage },
    { path: '/applications/:id', access: 'signed-in', page: ApplicationDetailPage, firstRead: '/api/applications/:id' },
  ],
  nav: [],
});
