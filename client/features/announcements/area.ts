/** Announcements, client half: the screens and their guards, and its navigation entry. */
import { defineClientArea } from '../../app/client-area';
import { lazyPage } from '../../app/route-def';

const AnnouncementsPage = lazyPage(() => import('./AnnouncementsPage'), 'AnnouncementsPage');
const AnnouncementDetailPage = lazyPage(() => import('./AnnouncementDetailPage'), 'AnnouncementDetailPage');
const AnnouncementCreatePage = lazyPage(() => import('./AnnouncementCreatePage'), 'AnnouncementCreatePage');
const AnnouncementEditPage = lazyPage(() => import('./AnnouncementEditPage'), 'AnnouncementEditPage');

export const announcementsClientArea = defineClientArea({
  routes: [
    { path: '/announcements', access: 'signed-in', page: AnnouncementsPage },
    // Others are sent back to the list, not to /dashboard.
    { path: '/announcements/create', access: 'board', denied: '/announcements', page: AnnouncementCreatePage },
    { path: '/announcements/:id/edit', access: 'board', denied: '/announcements', page: AnnouncementEditPage, firstRead: '/api/announcements/:id' },
    { path: '/announcements/:id', access: 'signed-in', page: AnnouncementDetailPage, firstRead: '/api/announcements/:id' },
  ],
  nav: [{ label: 'Announcements', href: '/announcements' }],
});
