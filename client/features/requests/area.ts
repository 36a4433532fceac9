/** Requests, client half: the screens and its navigation entry; everyone signed in files and follows requests. */
import { defineClientArea } from '../../app/client-area';
import { lazyPage } from '../../app/route-def';

const RequestsPage = lazyPage(() => import('./RequestsPage'), 'RequestsPage');
const RequestCreatePage = lazyPage(() => import('./RequestCreatePage'), 'RequestCreatePage');
const RequestDetailPage = lazyPage(() => import('./RequestDetailPage'), 'RequestDetailPage');
const RequestMessagesPage = lazyPage(() => import('./RequestMessagesPage'), 'RequestMessagesPage');

export const requestsClientArea = defineClientArea({
  routes: [
    { path: '/requests', access: 'signed-in', page: RequestsPage },
    { path: '/requests/create', access: 'signed-in', page: RequestCreatePage },
    { path: '/requests/:id/messages', access: 'signed-in', page: RequestMessagesPage, firstRead: '/api/requests/:id' },
    { path: '/requests/:id', access: 'signed-in', page: RequestDetailPage, firstRead: '/api/requests/:id' },
  ],
  nav: [{ label: 'Requests', href: '/requests' }],
});
