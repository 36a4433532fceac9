/**
 * Meetings, client half: the list (every role: residents see open meetings once the agenda is
 * published), scheduling and editing (the board; others are sent back to /meetings) and the meeting
 * screen, used at the table. Its entry stands after Dues; the owner votes screens are reached from
 * the list's header, so /votes keeps this entry active.
 */
import { defineClientArea } from '../../app/client-area';
import { lazyPage } from '../../app/route-def';

const MeetingsPage = lazyPage(() => import('./MeetingsPage'), 'MeetingsPage');
const MeetingFormPage = lazyPage(() => import('./MeetingFormPage'), 'MeetingFormPage');
const MeetingPage = lazyPage(() => import('./MeetingPage'), 'MeetingPage');

export const meetingsClientArea = defineClientArea({
  routes: [
    { path: '/meetings', access: 'signed-in', page: MeetingsPage },
    { path: '/meetings/new', access: 'board', denied: '/meetings', page: MeetingFormPage },
    { path: '/meetings/:id/edit', access: 'board', denied: '/meetings', page: MeetingFormPage, firstRead: '/api/meetings/:id' },
    { path: '/meetings/:id', access: 'signed-in', page: MeetingPage, firstRead: '/api/meetings/:id' },
  ],
  nav: [{ label: 'Meetings', href: '/meetings', alsoActive: ['/votes'] }],
});
