/** Requests, client half: the screens (community §2); everyone signed in files and follows requests. */
import { lazyPage, type RouteDef } from '../../app/route-def';

const RequestsPage = lazyPage(() => import('./RequestsPage'), 'RequestsPage');
const RequestCreatePage = lazyPage(() => import('./RequestCreatePage'), 'RequestCreatePage');
const RequestDetailPage = lazyPage(() => import('./RequestDetailPage'), 'RequestDetailPage');
const RequestMessagesPage = lazyPage(() => import('./RequestMessagesPage'), 'RequestMessagesPage');

export const requestRoutes: RouteDef[] = [
  { path: '/requests', access: 'signed-in', page: RequestsPage },
  { path: '/requests/create', access: 'signed-in', page: RequestCreatePage },
  { path: '/requests/:id/messages', access: 'signed-in', page: RequestMessagesPage },
  { path: '/requests/:id', access: 'signed-in', page: RequestDetailPage },
];
